-- A wheel spin keeps, for good, everything that verifies it (issue 17, item 3).
--
-- A spin is published to its player with the prize table it was picked over, so the player can
-- recompute it once the seed pair is revealed, with no operator data. Until now a spin kept only
-- each prize's id and weight (`weights`), while the operator edits prizes in place: the amounts of
-- the prizes it did not win were lost at the next edit. From now on every entry of `weights` also
-- keeps the prize's USD amount (minor units, as a string) and balance type at the spin.
--
-- 1. Spins stored before this keep what can still be known: the prize they won is in their own
--    row, and a prize whose row has not been updated since the spin (the operator's table edits
--    touch every current prize's updated_at) still has the amount it had then. The others stay
--    without an amount, and the API says so (null) rather than guess.
-- 2. A spin can no longer change what it was computed from or what it won: the only update left
--    is the one that records the bonus an 'other' prize became (once, in the spin's transaction),
--    and spins are never deleted.

UPDATE wheel_spins s
SET weights = (
  SELECT jsonb_agg(
    CASE
      WHEN e.entry ->> 'prizeId' = s.prize_id::text THEN e.entry || jsonb_build_object(
        'amountUsdMinor', s.amount_usd_minor::text, 'balanceType', s.balance_type)
      WHEN p.updated_at <= s.created_at THEN e.entry || jsonb_build_object(
        'amountUsdMinor', p.amount_usd_minor::text, 'balanceType', p.balance_type)
      ELSE e.entry
    END
    ORDER BY e.position)
  FROM jsonb_array_elements(s.weights) WITH ORDINALITY AS e (entry, position)
  LEFT JOIN wheel_prizes p ON p.id::text = e.entry ->> 'prizeId'
)
WHERE jsonb_array_length(s.weights) > 0;

ALTER TABLE wheel_spins
  ADD CONSTRAINT wheel_spins_weights_check
    CHECK (jsonb_typeof(weights) = 'array' AND jsonb_array_length(weights) > 0);

CREATE FUNCTION wheel_spin_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.user_bonus_id IS NULL
    AND NEW.user_bonus_id IS NOT NULL
    AND OLD.balance_type = 'other'
    AND (NEW.id, NEW.user_id, NEW.spin_day, NEW.prize_id, NEW.seed_id, NEW.client_seed, NEW.nonce,
      NEW.weights, NEW.amount_usd_minor, NEW.balance_type, NEW.promo_code, NEW.created_at)
      IS NOT DISTINCT FROM
      (OLD.id, OLD.user_id, OLD.spin_day, OLD.prize_id, OLD.seed_id, OLD.client_seed, OLD.nonce,
      OLD.weights, OLD.amount_usd_minor, OLD.balance_type, OLD.promo_code, OLD.created_at)
  THEN
    -- an 'other' prize records the bonus it became, in that bonus's currency and amount
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'wheel_spins are kept as spun: only an other prize''s bonus is recorded, once'
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER wheel_spins_kept BEFORE UPDATE OR DELETE ON wheel_spins
  FOR EACH ROW EXECUTE FUNCTION wheel_spin_is_kept();
CREATE TRIGGER wheel_spins_no_truncate BEFORE TRUNCATE ON wheel_spins
  FOR EACH STATEMENT EXECUTE FUNCTION wheel_spin_is_kept();
