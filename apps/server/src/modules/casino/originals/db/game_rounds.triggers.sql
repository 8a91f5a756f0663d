-- Triggers of game_rounds: each statement's new rounds refer to what exists (game_rounds_checked),
-- and a round keeps its references (game_round_keeps_references).

CREATE OR REPLACE TRIGGER game_rounds_checked AFTER INSERT ON game_rounds
  REFERENCING NEW TABLE AS new_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION game_rounds_checked();

CREATE OR REPLACE TRIGGER game_rounds_keep_references BEFORE UPDATE OF user_id, game_id, seed_id
  ON game_rounds FOR EACH ROW EXECUTE FUNCTION game_round_keeps_references();
