-- pg-boss 10 → 12 (issue 21 item 11). pg-boss 12 migrates its schema only from version 25 (pg-boss
-- 11's first); a database whose queue pg-boss 10 made (version 24) would stop it at start. Nothing
-- in that old schema needs keeping: every job the server queues one at a time (a deposit order's
-- expiry and sandbox auto-approval, a bonus's expiry, a tournament's payout) is also done by the
-- sweeps that run when the queue starts and every minute after, and the recurring jobs are
-- scheduled again at every start. So the old schema is dropped here and pg-boss 12 installs its
-- own on its first start. A schema already at 25 or later (or none) is left alone.
DO $$
DECLARE
  installed integer;
BEGIN
  IF to_regclass('pgboss.version') IS NULL THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT max(version) FROM pgboss.version' INTO installed;
  IF installed < 25 THEN
    DROP SCHEMA pgboss CASCADE;
  END IF;
END
$$;
