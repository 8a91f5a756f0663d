-- tournament_add_scores(): the tournaments' score increment, shared by the tournaments repository
-- and settle_rounds(): each running tournament named adds the score (or keeps the best one
-- for best_multiplier), and a seamless bet's or a sport ticket's contribution is kept under its
-- reference for a rollback. `plain_best` keeps the best multiplier of the plays without a
-- reference (a rollback of a best_multiplier contribution falls back to it, migrations/0042).

CREATE OR REPLACE FUNCTION tournament_add_scores(
  p_user_id uuid,
  p_at timestamptz,
  p_rounds integer,
  p_ids text[],
  p_scores numeric[],
  p_reference text
) RETURNS void LANGUAGE sql AS $$
  WITH input AS (
    SELECT * FROM unnest(p_ids, p_scores) AS i (tournament_id, score)
  ), eligible AS (
    SELECT t.id FROM tournaments t
    WHERE t.id = ANY (p_ids)
      AND t.status IN ('upcoming', 'running')
      AND t.starts_at <= p_at AND t.ends_at > p_at
    FOR KEY SHARE OF t
  ), scored AS (
    INSERT INTO tournament_scores AS s (tournament_id, user_id, score, rounds, updated_at, plain_best)
    SELECT i.tournament_id, p_user_id, i.score, p_rounds, p_at,
      CASE WHEN p_reference IS NULL THEN i.score ELSE 0 END
    FROM input i JOIN eligible e ON e.id = i.tournament_id
    ON CONFLICT (tournament_id, user_id) DO UPDATE SET
      score = CASE
        WHEN (SELECT t.scoring FROM tournaments t WHERE t.id = s.tournament_id) = 'best_multiplier'
          THEN GREATEST(s.score, EXCLUDED.score)
        ELSE s.score + EXCLUDED.score
      END,
      rounds = s.rounds + EXCLUDED.rounds,
      plain_best = GREATEST(s.plain_best, EXCLUDED.plain_best),
      updated_at = CASE
        WHEN (SELECT t.scoring FROM tournaments t WHERE t.id = s.tournament_id) = 'best_multiplier'
          THEN CASE WHEN EXCLUDED.score > s.score THEN EXCLUDED.updated_at ELSE s.updated_at END
        ELSE CASE WHEN EXCLUDED.score > 0 THEN EXCLUDED.updated_at ELSE s.updated_at END
      END
    RETURNING s.tournament_id
  )
  INSERT INTO tournament_score_contributions (reference, tournament_id, user_id, score, rounds)
  SELECT p_reference, i.tournament_id, p_user_id, i.score, p_rounds
  FROM scored JOIN input i ON i.tournament_id = scored.tournament_id
  WHERE p_reference IS NOT NULL
$$;
