-- sport_settle_liability_reserve(): reserves again the liability of tickets that were accepted
-- and whose liability was released (a settlement taken back, the stake a partial cash-out
-- kept): `p_amounts` (base currency, potential payout − stake as the ticket now stands), one
-- per ticket, on every leg's outcome and on the player's open liability, WITHOUT the limits'
-- refusal — the book took these bets; the limits govern new ones (and a partial cash-out only
-- lowers the risk). A ticket that still holds a reservation is left as it is (never counted
-- twice). Counters are raised once per row with the batch's sum; an outcome row missing (never
-- reserved, or gone) is created with the amount as its limit. Called with the tickets' rows
-- locked; the counters are locked in the order of sport_settle_liability_release(). Answers the
-- total reserved.

CREATE OR REPLACE FUNCTION sport_settle_liability_reserve(p_ticket_ids uuid[], p_amounts bigint[])
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
BEGIN
  PERFORM 1 FROM sport_player_limits p
  WHERE p.user_id IN (SELECT t.user_id FROM sport_tickets t WHERE t.id = ANY (p_ticket_ids))
  ORDER BY p.user_id
  FOR UPDATE OF p;
  PERFORM 1 FROM sport_liability l
  WHERE (l.market_id, l.outcome_id) IN (
    SELECT leg.market_id, leg.outcome_id FROM sport_ticket_legs leg
    WHERE leg.ticket_id = ANY (p_ticket_ids)
  )
  ORDER BY l.market_id, l.outcome_id
  FOR UPDATE OF l;
  WITH input AS (
    SELECT i.ticket_id, i.amount FROM unnest(p_ticket_ids, p_amounts) AS i (ticket_id, amount)
    WHERE i.amount > 0
  ), reserved AS (
    UPDATE sport_tickets t SET liability_minor = i.amount
    FROM input i WHERE t.id = i.ticket_id AND t.liability_minor = 0
    RETURNING t.id, t.user_id, i.amount
  ), outcomes AS (
    INSERT INTO sport_liability AS l (market_id, outcome_id, event_id, liability_minor, limit_minor, tickets)
    SELECT leg.market_id, leg.outcome_id, min(leg.event_id), sum(r.amount), sum(r.amount), count(*)
    FROM reserved r JOIN sport_ticket_legs leg ON leg.ticket_id = r.id
    GROUP BY leg.market_id, leg.outcome_id
    ORDER BY leg.market_id, leg.outcome_id
    ON CONFLICT (market_id, outcome_id) DO UPDATE
      SET liability_minor = l.liability_minor + excluded.liability_minor,
        tickets = l.tickets + excluded.tickets
  ), players AS (
    INSERT INTO sport_player_limits AS p (user_id, open_liability_minor)
    SELECT r.user_id, sum(r.amount) FROM reserved r GROUP BY r.user_id ORDER BY r.user_id
    ON CONFLICT (user_id) DO UPDATE
      SET open_liability_minor = p.open_liability_minor + excluded.open_liability_minor
  )
  SELECT coalesce(sum(r.amount), 0)::bigint INTO v_total FROM reserved r;
  RETURN v_total;
END;
$$;
