-- Triggers of games: games are permanent, disabled rather than deleted, and keep their ids
-- (originals/db/row_is_permanent.sql: game rounds refer to them without a foreign key).

CREATE OR REPLACE TRIGGER games_permanent BEFORE UPDATE OF id OR DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION row_is_permanent();

CREATE OR REPLACE TRIGGER games_no_truncate BEFORE TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION row_is_permanent();
