-- Triggers of users: players are permanent, banned rather than deleted, and keep their ids
-- (originals/db/row_is_permanent.sql: game rounds refer to them without a foreign key).

CREATE OR REPLACE TRIGGER users_permanent BEFORE UPDATE OF id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION row_is_permanent();

CREATE OR REPLACE TRIGGER users_no_truncate BEFORE TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION row_is_permanent();
