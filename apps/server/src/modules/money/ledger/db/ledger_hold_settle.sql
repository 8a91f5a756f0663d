-- ledger_hold_settle(): settles a pending hold exactly once in one round trip, under the hold's
-- row lock. A void returns each part where it came from (the bonus part of a bet's hold to the
-- bonus account, the rest to main): type 'hold_void', reference the hold's id. A post moves the
-- whole held amount to the platform account `p_to_kind` of the hold's currency (a bet's stake to
-- the house): type `p_type`, reference `p_external_reference`. (A withdrawal's post with fees or
-- in another currency is LedgerService.postHold's.)
-- Raises SQLSTATE LH001 (message: the hold's status) when the hold is not pending, LH002 when
-- there is no such hold.

CREATE OR REPLACE FUNCTION ledger_hold_settle(
  p_hold_id uuid,
  p_post boolean,
  p_to_kind text,
  p_type text,
  p_external_reference text,
  p_metadata jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_hold ledger_holds%ROWTYPE;
  v_hold_kind text;
  v_kinds text[];
  v_owner_types text[];
  v_amounts bigint[];
  v_posted record;
BEGIN
  SELECT * INTO v_hold FROM ledger_holds WHERE id = p_hold_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no hold %', p_hold_id USING ERRCODE = 'LH002';
  END IF;
  IF v_hold.status <> 'pending' THEN
    RAISE EXCEPTION '%', v_hold.status USING ERRCODE = 'LH001';
  END IF;
  v_hold_kind := CASE v_hold.kind WHEN 'bet' THEN 'bet_hold' ELSE 'withdrawal_hold' END;
  IF p_post THEN
    v_owner_types := ARRAY['player', 'platform'];
    v_kinds := ARRAY[v_hold_kind, p_to_kind];
    v_amounts := ARRAY[-v_hold.amount_minor, v_hold.amount_minor];
  ELSE
    v_owner_types := ARRAY['player'];
    v_kinds := ARRAY[v_hold_kind];
    v_amounts := ARRAY[-v_hold.amount_minor];
    IF v_hold.amount_minor > v_hold.bonus_amount_minor THEN
      v_owner_types := v_owner_types || 'player'::text;
      v_kinds := v_kinds || 'main'::text;
      v_amounts := v_amounts || (v_hold.amount_minor - v_hold.bonus_amount_minor);
    END IF;
    IF v_hold.bonus_amount_minor > 0 THEN
      v_owner_types := v_owner_types || 'player'::text;
      v_kinds := v_kinds || 'bonus'::text;
      v_amounts := v_amounts || v_hold.bonus_amount_minor;
    END IF;
  END IF;
  SELECT * INTO v_posted FROM ledger_post(
    CASE WHEN p_post THEN p_type ELSE 'hold_void' END,
    CASE WHEN p_post THEN p_external_reference ELSE v_hold.id::text END,
    coalesce(p_metadata, '{}'::jsonb) || jsonb_build_object('holdId', v_hold.id, 'reference', v_hold.reference),
    v_owner_types,
    ARRAY(SELECT CASE WHEN t = 'player' THEN v_hold.user_id END FROM unnest(v_owner_types) AS t),
    array_fill(v_hold.currency, ARRAY[cardinality(v_kinds)]), v_kinds, v_amounts);
  IF v_posted.transaction_id IS NULL THEN
    RAISE EXCEPTION 'hold % could not be settled', p_hold_id;
  END IF;
  UPDATE ledger_holds
  SET status = CASE WHEN p_post THEN 'posted' ELSE 'voided' END,
      settle_transaction_id = v_posted.transaction_id, settled_at = now()
  WHERE id = p_hold_id;
  RETURN v_posted.transaction_id;
END;
$$;
