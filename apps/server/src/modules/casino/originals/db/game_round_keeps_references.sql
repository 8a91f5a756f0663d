-- A game round never changes its player, game or seed pair (game_rounds_checked checked them when
-- it was written). Fired before an update of those columns (game_rounds.triggers.sql).

CREATE OR REPLACE FUNCTION game_round_keeps_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id, NEW.game_id, NEW.seed_id) IS NOT DISTINCT FROM
      (OLD.user_id, OLD.game_id, OLD.seed_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a game round keeps its player, game and seed pair'
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
