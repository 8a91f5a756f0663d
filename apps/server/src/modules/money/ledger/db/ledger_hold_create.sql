-- ledger_hold_create(): a hold in one round trip (LedgerService.createHold, and a sport ticket's
-- placement, sportsbook/betting/db/sport_place_ticket.sql). Moves `p_main_minor` from the
-- player's main account and `p_bonus_minor` from the bonus account into the hold account of the
-- hold's kind (withdrawal → withdrawal_hold, bet → bet_hold) through ledger_post, and records the
-- pending hold. A reference held already returns its hold and moves nothing; a balance that falls
-- short writes nothing and answers the short account (as ledger_post does).

CREATE OR REPLACE FUNCTION ledger_hold_create(
  p_kind text,
  p_user_id uuid,
  p_currency text,
  p_main_minor bigint,
  p_bonus_minor bigint,
  p_reference text,
  p_metadata jsonb
) RETURNS TABLE (
  hold_id uuid,
  replayed boolean,
  short_currency text,
  short_balance_minor bigint,
  short_debit_minor bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_hold_id uuid;
  v_hold_kind text := CASE p_kind WHEN 'withdrawal' THEN 'withdrawal_hold' WHEN 'bet' THEN 'bet_hold' END;
  v_owner_types text[] := ARRAY['player'];
  v_kinds text[];
  v_amounts bigint[];
  v_posted record;
BEGIN
  IF v_hold_kind IS NULL THEN
    RAISE EXCEPTION 'no hold kind %', p_kind USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_main_minor < 0 OR p_bonus_minor < 0 OR p_main_minor + p_bonus_minor <= 0 THEN
    RAISE EXCEPTION 'a hold takes a positive amount' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT h.id INTO v_hold_id FROM ledger_holds h WHERE h.reference = p_reference;
  IF FOUND THEN
    RETURN QUERY SELECT v_hold_id, true, NULL::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  v_kinds := ARRAY[v_hold_kind];
  v_amounts := ARRAY[p_main_minor + p_bonus_minor];
  IF p_main_minor > 0 THEN
    v_kinds := v_kinds || 'main'::text;
    v_amounts := v_amounts || (-p_main_minor);
  END IF;
  IF p_bonus_minor > 0 THEN
    v_kinds := v_kinds || 'bonus'::text;
    v_amounts := v_amounts || (-p_bonus_minor);
  END IF;
  v_owner_types := array_fill('player'::text, ARRAY[cardinality(v_kinds)]);

  SELECT * INTO v_posted FROM ledger_post(
    'hold', p_reference, p_metadata, v_owner_types,
    array_fill(p_user_id, ARRAY[cardinality(v_kinds)]),
    array_fill(p_currency, ARRAY[cardinality(v_kinds)]), v_kinds, v_amounts);
  IF v_posted.short_currency IS NOT NULL THEN
    RETURN QUERY SELECT NULL::uuid, false, v_posted.short_currency, v_posted.short_balance_minor,
      v_posted.short_debit_minor;
    RETURN;
  END IF;
  IF v_posted.replayed THEN
    -- a concurrent hold of the same reference committed first
    SELECT h.id INTO v_hold_id FROM ledger_holds h WHERE h.reference = p_reference;
    RETURN QUERY SELECT v_hold_id, true, NULL::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO ledger_holds (user_id, currency, amount_minor, bonus_amount_minor, kind, reference,
    create_transaction_id, metadata)
  VALUES (p_user_id, p_currency, p_main_minor + p_bonus_minor, p_bonus_minor, p_kind, p_reference,
    v_posted.transaction_id, p_metadata)
  RETURNING id INTO v_hold_id;
  RETURN QUERY SELECT v_hold_id, false, NULL::text, NULL::bigint, NULL::bigint;
END;
$$;
