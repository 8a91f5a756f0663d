-- A game round's player, game and seed pair (which must be the player's) exist, checked once per
-- statement over its new rows (transition table `new_rounds`, game_rounds.triggers.sql) instead
-- of by three foreign keys per round, each a single-row query locking the referenced row. What
-- the foreign keys' locks also gave, the referenced rows staying put, comes from permanence:
-- players, games and seed pairs are never deleted and keep their ids (row_is_permanent), and a
-- round keeps its references (game_round_keeps_references).

-- Its probes go by index whatever the tables' sizes were when a connection first planned them
-- (enable_seqscan off): a plan cached while a table was nearly empty (a fresh install, the first
-- rounds after it) scanned it whole for every probe until the next ANALYZE, tens of milliseconds
-- a statement once it held some thousands of rows (seen under the bets bench as 90 ms batches).
CREATE OR REPLACE FUNCTION game_rounds_checked() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_round uuid;
BEGIN
  -- each player, game and seed pair looked up once, however many of the statement's rounds name
  -- it (a batch's rounds are mostly of a few games), by its primary key: scalar subqueries, so
  -- that no plan hashes the whole table instead (an anti join may, when the plan was made while
  -- the table was small)
  SELECT n.id INTO v_round
  FROM (SELECT DISTINCT ON (user_id) user_id, id FROM new_rounds) n
  WHERE (SELECT u.id FROM users u WHERE u.id = n.user_id) IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'game round % is of no player', v_round
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'game_rounds_user';
  END IF;

  SELECT n.id INTO v_round
  FROM (SELECT DISTINCT ON (game_id) game_id, id FROM new_rounds) n
  WHERE (SELECT g.id FROM games g WHERE g.id = n.game_id) IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'game round % is of no game', v_round
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'game_rounds_game';
  END IF;

  SELECT n.id INTO v_round
  FROM (SELECT DISTINCT ON (seed_id, user_id) seed_id, user_id, id FROM new_rounds) n
  WHERE (SELECT s.user_id FROM fairness_seeds s WHERE s.id = n.seed_id) IS DISTINCT FROM n.user_id
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'game round % is of no seed pair of its player', v_round
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'game_rounds_seed';
  END IF;
  RETURN NULL;
END;
$$;
