-- sport_settle_liability_release(): sport_liability_release() (sport_liability_release.sql) for a
-- batch of tickets in one statement (a settlement's batch, a cash-out): each ticket's reserved
-- liability goes to 0 and what it had reserved is given back, once (a ticket released already
-- reserves 0 and gives nothing), on every one of its legs' outcomes (`sport_liability`, the
-- amount and one ticket each) and on its player's open liability (`sport_player_limits`). Each
-- counter row is updated once with the batch's sum for it (ten thousand tickets on one outcome
-- make one row version, not ten thousand). Called with the tickets' rows locked. The counters
-- are locked first in the acceptance's order (sport_liability_reserve.sql: the player, then the
-- outcomes by market and outcome), players by id and outcomes by (market, outcome), so neither
-- waits for the other in a cycle. Answers the total released.

CREATE OR REPLACE FUNCTION sport_settle_liability_release(p_ticket_ids uuid[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
BEGIN
  PERFORM 1 FROM sport_player_limits p
  WHERE p.user_id IN (
    SELECT t.user_id FROM sport_tickets t WHERE t.id = ANY (p_ticket_ids) AND t.liability_minor > 0
  )
  ORDER BY p.user_id
  FOR UPDATE OF p;
  PERFORM 1 FROM sport_liability l
  WHERE (l.market_id, l.outcome_id) IN (
    SELECT leg.market_id, leg.outcome_id FROM sport_ticket_legs leg
    JOIN sport_tickets t ON t.id = leg.ticket_id
    WHERE t.id = ANY (p_ticket_ids) AND t.liability_minor > 0
  )
  ORDER BY l.market_id, l.outcome_id
  FOR UPDATE OF l;
  WITH before AS (
    SELECT t.id, t.user_id, t.liability_minor FROM sport_tickets t
    WHERE t.id = ANY (p_ticket_ids) AND t.liability_minor > 0
    ORDER BY t.id
    FOR UPDATE
  ), released AS (
    UPDATE sport_tickets t SET liability_minor = 0
    FROM before b WHERE t.id = b.id
    RETURNING b.id, b.user_id, b.liability_minor
  ), outcomes AS (
    UPDATE sport_liability l
    SET liability_minor = l.liability_minor - o.amount, tickets = l.tickets - o.tickets
    FROM (
      SELECT leg.market_id, leg.outcome_id, sum(r.liability_minor) AS amount,
        count(*)::integer AS tickets
      FROM released r JOIN sport_ticket_legs leg ON leg.ticket_id = r.id
      GROUP BY leg.market_id, leg.outcome_id
    ) o
    WHERE l.market_id = o.market_id AND l.outcome_id = o.outcome_id
  ), players AS (
    UPDATE sport_player_limits p
    SET open_liability_minor = p.open_liability_minor - u.amount
    FROM (SELECT r.user_id, sum(r.liability_minor) AS amount FROM released r GROUP BY r.user_id) u
    WHERE p.user_id = u.user_id
  )
  SELECT coalesce(sum(r.liability_minor), 0)::bigint INTO v_total FROM released r;
  RETURN v_total;
END;
$$;
