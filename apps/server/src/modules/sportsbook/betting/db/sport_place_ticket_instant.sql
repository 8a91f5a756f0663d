-- sport_place_ticket_instant(): a pre-match ticket placed in ONE statement, its own transaction
-- (SportBetting.placeInstant), from what the service read in one statement before
-- (BettingRepository.instantContext) and computed: the same effects, all or none, as the
-- general path's transaction (the idempotency layer's transaction around SportBetting.place):
-- 1. the request's idempotency record, with the answer (claimed here: a key claimed meanwhile
--    raises SB004 'key', and the general path then waits for it and replays it);
-- 2. the player must have no open bonus (the stake plan is then main money only), else SB004
--    'bonus';
-- 3. sport_place_ticket(): the selections as read (else 40001), the stake to the house
--    (`sport_stake`, SB003 when the money is not there), the ticket and its legs;
-- 4. the player's balances must be the ones read less the stake (their rows are locked by the
--    stake's posting now), else SB004 'moved': the balance publication was computed from them;
-- 5. the balance publication (realtime_append; the server notifies after the commit);
-- 6. last, the liability (sport_liability_reserve): SB001 (player) or SB002 (market). Its rows
--    are the ones concurrent tickets on the same outcomes queue on, so they are taken at the very
--    end of the statement and held until its commit only.
-- Every refusal raises, so nothing of the ticket is left behind.

CREATE OR REPLACE FUNCTION sport_place_ticket_instant(
  p_ticket jsonb,
  p_event_ids bigint[],
  p_market_ids bigint[],
  p_outcome_ids text[],
  p_read_odds numeric[],
  p_leg_odds numeric[],
  p_leg_live boolean[],
  p_player_limit_minor bigint,
  p_market_limits bigint[],
  p_sheet_before jsonb,
  p_scope text,
  p_key text,
  p_request_hash bytea,
  p_status_code integer,
  p_response jsonb,
  p_channel text,
  p_publication text,
  p_history_size integer
) RETURNS TABLE (epoch text, "offset" bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid := (p_ticket->>'userId')::uuid;
  v_currency text := p_ticket->>'currency';
  v_stake bigint := (p_ticket->>'mainMinor')::bigint + (p_ticket->>'bonusMinor')::bigint;
  v_reserved text;
  v_sheet jsonb;
BEGIN
  INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
  VALUES (p_scope, p_key, p_request_hash, p_status_code, p_response)
  ON CONFLICT (scope, key) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'key' USING ERRCODE = 'SB004';
  END IF;
  IF EXISTS (
    SELECT 1 FROM user_bonuses b WHERE b.user_id = v_user_id AND b.status IN ('active', 'pending')
  ) THEN
    RAISE EXCEPTION 'bonus' USING ERRCODE = 'SB004';
  END IF;

  PERFORM sport_place_ticket(p_ticket, p_event_ids, p_market_ids, p_outcome_ids, p_read_odds,
    p_leg_odds, p_leg_live);

  SELECT coalesce(jsonb_object_agg(a.currency || ':' || a.kind, a.balance_minor::text), '{}')
  INTO v_sheet
  FROM ledger_accounts a WHERE a.user_id = v_user_id;
  IF v_sheet IS DISTINCT FROM (p_sheet_before || jsonb_build_object(v_currency || ':main',
      (coalesce((p_sheet_before->>(v_currency || ':main'))::bigint, 0) - v_stake)::text)) THEN
    RAISE EXCEPTION 'moved' USING ERRCODE = 'SB004';
  END IF;

  RETURN QUERY SELECT a.epoch, a."offset" FROM realtime_append(p_channel, p_publication, p_history_size) a;

  v_reserved := sport_liability_reserve(v_user_id, (p_ticket->>'liabilityMinor')::bigint,
    p_player_limit_minor, p_event_ids, p_market_ids, p_outcome_ids, p_market_limits);
  IF v_reserved = 'player' THEN
    RAISE EXCEPTION 'player liability' USING ERRCODE = 'SB001';
  ELSIF v_reserved = 'market' THEN
    RAISE EXCEPTION 'market liability' USING ERRCODE = 'SB002';
  END IF;
END;
$$;
