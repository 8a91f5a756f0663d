-- Triggers of wheel_spins: kept as spun (wheel_spin_is_kept).

CREATE OR REPLACE TRIGGER wheel_spins_kept BEFORE UPDATE OR DELETE ON wheel_spins
  FOR EACH ROW EXECUTE FUNCTION wheel_spin_is_kept();

CREATE OR REPLACE TRIGGER wheel_spins_no_truncate BEFORE TRUNCATE ON wheel_spins
  FOR EACH STATEMENT EXECUTE FUNCTION wheel_spin_is_kept();
