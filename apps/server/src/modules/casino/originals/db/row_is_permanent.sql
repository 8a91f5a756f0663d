-- Players, games and seed pairs are permanent: never deleted (players are banned, games disabled,
-- seed pairs revealed) and they keep their ids, so the game rounds that refer to them stay valid
-- without foreign keys (game_rounds_checked). Fired before an update of `id`, a delete or a
-- truncate of users, games and fairness_seeds (players/accounts/db/users.triggers.sql,
-- casino/games/db/games.triggers.sql, fairness_seeds.triggers.sql).

CREATE OR REPLACE FUNCTION row_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id IS NOT DISTINCT FROM OLD.id THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% are permanent: they are never deleted and keep their ids', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
