-- Triggers of fairness_seeds: seed pairs are permanent (originals/db/row_is_permanent.sql).

CREATE OR REPLACE TRIGGER fairness_seeds_permanent BEFORE UPDATE OF id OR DELETE ON fairness_seeds
  FOR EACH ROW EXECUTE FUNCTION row_is_permanent();

CREATE OR REPLACE TRIGGER fairness_seeds_no_truncate BEFORE TRUNCATE ON fairness_seeds
  FOR EACH STATEMENT EXECUTE FUNCTION row_is_permanent();
