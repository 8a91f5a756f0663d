-- A wheel spin keeps, for good, everything that verifies it: its player can recompute it from the
-- prize table it was picked over once the seed pair is revealed, with no operator data. The only
-- update allowed records the bonus an 'other' prize became (once, in the spin's transaction);
-- spins are never deleted. Fired before an update, a delete or a truncate of wheel_spins
-- (wheel_spins.triggers.sql).

CREATE OR REPLACE FUNCTION wheel_spin_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
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
