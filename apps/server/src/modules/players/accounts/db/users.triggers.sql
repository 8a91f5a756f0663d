-- Triggers of users: players are permanent, banned rather than deleted, and keep their ids
-- (originals/db/row_is_permanent.sql: game rounds refer to them without a foreign key).

CREATE OR REPLACE TRIGGER users_permanent BEFORE UPDATE OF id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION row_is_permanent();

CREATE OR REPLACE TRIGGER users_no_truncate BEFORE TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION row_is_permanent();

-- Any change of a player's row drops what every server process keeps of their sign-in sessions,
-- which carry the row (players/auth/db/player_sessions_changed.sql).
CREATE OR REPLACE TRIGGER users_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION player_sessions_changed();
