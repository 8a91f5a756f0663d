-- sport_place_ticket(): a ticket's placement in one statement (SportBetting.place), after the
-- service read its selections (BettingRepository.selections), applied the player's odds-change
-- policy, priced it and checked its stake and payout limits:
-- 1. every selection must still be as that read saw it (sport_selections_changed.sql: the event
--    open and as live as it was, the market active as players see it, the outcome active at the
--    price read); otherwise SQLSTATE 40001, so the transaction opener runs the
--    whole placement again on the state now (it then refuses or prices anew);
-- 2. the money: a pre-match ticket is accepted at once — its stake goes from the player's main
--    and bonus accounts to the house (`sport_stake`, reference `sport_stake:{ticketId}`, one
--    ledger_post); an in-play one is held (a `bet` hold, reference `sport_hold:{ticketId}`,
--    ledger_hold_create) until its delay is over. SB003 (message: the short account as JSON)
--    when the money is not there;
-- 3. the ticket and its legs.
-- The liability is not reserved here: the service reserves it (sport_liability_reserve.sql) as
-- the transaction's last statement before its commit, so the hot rows it locks (each backed
-- outcome's, the player's) are held for that statement and the commit only, not for the stake's
-- posting, the balance publication and the idempotency record (migration 0040 dropped this
-- function's earlier signature, which took the legs' market limits and reserved here).
-- Any refusal raises, so the whole request's transaction (its idempotency record too) rolls
-- back: a refused ticket leaves nothing behind.

CREATE OR REPLACE FUNCTION sport_place_ticket(
  p_ticket jsonb,
  p_event_ids bigint[],
  p_market_ids bigint[],
  p_outcome_ids text[],
  p_read_odds numeric[],
  p_leg_odds numeric[],
  p_leg_live boolean[]
) RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid := (p_ticket->>'id')::uuid;
  v_user_id uuid := (p_ticket->>'userId')::uuid;
  v_currency text := p_ticket->>'currency';
  v_main bigint := (p_ticket->>'mainMinor')::bigint;
  v_bonus bigint := (p_ticket->>'bonusMinor')::bigint;
  v_live boolean := (p_ticket->>'live')::boolean;
  v_now timestamptz := (p_ticket->>'now')::timestamptz;
  v_posted record;
  v_hold record;
  v_hold_id uuid;
  v_kinds text[] := ARRAY['house'];
  v_owner_types text[] := ARRAY['platform'];
  v_amounts bigint[] := ARRAY[v_main + v_bonus];
BEGIN
  IF EXISTS (
    SELECT 1 FROM sport_selections_changed(array_fill(1, ARRAY[cardinality(p_event_ids)]),
      p_event_ids, p_market_ids, p_outcome_ids, p_read_odds, p_leg_live)
  ) THEN
    RAISE EXCEPTION 'a selection changed while the ticket was placed' USING ERRCODE = '40001';
  END IF;

  IF v_live THEN
    SELECT * INTO v_hold FROM ledger_hold_create('bet', v_user_id, v_currency, v_main, v_bonus,
      'sport_hold:' || v_id, jsonb_build_object('ticketId', v_id));
    IF v_hold.short_currency IS NOT NULL THEN
      RAISE EXCEPTION '%', jsonb_build_object('currency', v_hold.short_currency,
        'balanceMinor', v_hold.short_balance_minor::text, 'debitMinor', v_hold.short_debit_minor::text)
        USING ERRCODE = 'SB003';
    END IF;
    v_hold_id := v_hold.hold_id;
  ELSE
    IF v_main > 0 THEN
      v_kinds := v_kinds || 'main'::text;
      v_owner_types := v_owner_types || 'player'::text;
      v_amounts := v_amounts || (-v_main);
    END IF;
    IF v_bonus > 0 THEN
      v_kinds := v_kinds || 'bonus'::text;
      v_owner_types := v_owner_types || 'player'::text;
      v_amounts := v_amounts || (-v_bonus);
    END IF;
    SELECT * INTO v_posted FROM ledger_post('sport_stake', 'sport_stake:' || v_id,
      jsonb_build_object('ticketId', v_id, 'bonusId', p_ticket->>'bonusId'), v_owner_types,
      ARRAY(SELECT CASE WHEN t = 'player' THEN v_user_id END FROM unnest(v_owner_types) AS t),
      array_fill(v_currency, ARRAY[cardinality(v_kinds)]), v_kinds, v_amounts);
    IF v_posted.short_currency IS NOT NULL THEN
      RAISE EXCEPTION '%', jsonb_build_object('currency', v_posted.short_currency,
        'balanceMinor', v_posted.short_balance_minor::text, 'debitMinor', v_posted.short_debit_minor::text)
        USING ERRCODE = 'SB003';
    END IF;
  END IF;

  INSERT INTO sport_tickets (id, user_id, type, system_size, folds, lines, status, odds_change,
    currency, stake_minor, bonus_stake_minor, bonus_id, placed_stake_minor, potential_payout_minor,
    odds, live, accept_after, placed_at, decided_at, liability_minor, hold_id)
  VALUES (v_id, v_user_id, p_ticket->>'type', p_ticket->>'systemSize',
    ARRAY(SELECT jsonb_array_elements_text(p_ticket->'folds')::smallint),
    (p_ticket->>'lines')::integer, CASE WHEN v_live THEN 'pending' ELSE 'accepted' END,
    p_ticket->>'oddsChange', v_currency, v_main + v_bonus, v_bonus,
    (p_ticket->>'bonusId')::uuid, v_main + v_bonus, (p_ticket->>'potentialPayoutMinor')::bigint,
    (p_ticket->>'odds')::numeric, v_live, (p_ticket->>'acceptAfter')::timestamptz, v_now,
    CASE WHEN v_live THEN NULL ELSE v_now END, (p_ticket->>'liabilityMinor')::bigint, v_hold_id);
  INSERT INTO sport_ticket_legs (ticket_id, position, event_id, market_id, outcome_id, odds, live)
  SELECT v_id, (w.position - 1)::smallint, w.event_id, w.market_id, w.outcome_id, w.odds, w.live
  FROM unnest(p_event_ids, p_market_ids, p_outcome_ids, p_leg_odds, p_leg_live)
    WITH ORDINALITY AS w(event_id, market_id, outcome_id, odds, live, position);
  RETURN v_now;
END;
$$;
