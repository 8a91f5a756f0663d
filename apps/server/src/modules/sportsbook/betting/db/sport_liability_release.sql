-- sport_liability_release(): gives back what a ticket reserved (sport_liability_reserve), once:
-- the ticket's `liability_minor` goes to 0 in the same statement, so a second release finds
-- nothing. Called with the ticket row locked by every path that ends a ticket's risk
-- (rejection, settlement, cash-out; SportBetting.releaseLiability). Answers what was released.

CREATE OR REPLACE FUNCTION sport_liability_release(p_ticket_id uuid) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid;
  v_amount bigint;
BEGIN
  UPDATE sport_tickets t SET liability_minor = 0
  FROM (SELECT id, liability_minor FROM sport_tickets WHERE id = p_ticket_id FOR UPDATE) before
  WHERE t.id = before.id AND before.liability_minor > 0
  RETURNING t.user_id, before.liability_minor INTO v_user_id, v_amount;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  UPDATE sport_liability l
  SET liability_minor = l.liability_minor - v_amount, tickets = l.tickets - 1
  FROM (
    SELECT market_id, outcome_id FROM sport_ticket_legs WHERE ticket_id = p_ticket_id
    ORDER BY market_id, outcome_id
  ) leg
  WHERE l.market_id = leg.market_id AND l.outcome_id = leg.outcome_id;
  UPDATE sport_player_limits
  SET open_liability_minor = open_liability_minor - v_amount
  WHERE user_id = v_user_id;
  RETURN v_amount;
END;
$$;
