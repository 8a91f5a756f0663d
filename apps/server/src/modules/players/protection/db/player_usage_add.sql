-- player_usage_add(): the per-hour usage the wager, loss and session limits read
-- (player_usage_hours) and the player's play session (player_play_sessions, with its totals per
-- currency player_play_session_totals), moved on by a statement's stakes and wins. One row of the
-- arrays is one movement of a player's money: its player, currency, time (the ledger
-- transaction's, the database's), the amount staked and the amount won (either may be zero; a
-- movement with both zero still makes sure its hour's row exists). Its callers: the statement
-- trigger on ledger_postings (player_usage_record.sql), for every money movement, and
-- settle_rounds (money/wagering), which counts its batch's rounds itself (one row a round
-- instead of one a posting, none of the postings read back) while the trigger stands aside.
--
-- The rules: a stake 30 minutes or more after the player's last one starts a new play session
-- (and forgets the answered reality check); the time between stakes of one session is play time,
-- counted in the hour of the later stake. The play session's stakes and wins per currency start
-- again with a new session. A caller runs with the player's balances locked (the ledger locks
-- them before it posts), so one player's rows are written by one statement at a time.
CREATE OR REPLACE FUNCTION player_usage_add(
  p_user_ids uuid[],
  p_currencies text[],
  p_at timestamptz[],
  p_staked bigint[],
  p_won bigint[]
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT m.user_id, m.currency, m.at, m.staked, m.won
    FROM unnest(p_user_ids, p_currencies, p_at, p_staked, p_won)
      AS m (user_id, currency, at, staked, won)
  ),
  stakes AS (
    SELECT m.user_id, min(m.currency) AS currency, min(m.at) AS first_at, max(m.at) AS last_at
    FROM moves m WHERE m.staked > 0 GROUP BY m.user_id
  ),
  played AS (
    SELECT s.user_id, s.currency, s.first_at, s.last_at,
      CASE
        WHEN previous.last_stake_at > s.first_at - interval '30 minutes'
          THEN previous.started_at ELSE s.first_at
      END AS session_started_at,
      CASE
        WHEN previous.last_stake_at > s.first_at - interval '30 minutes'
          THEN greatest(0, floor(extract(epoch FROM s.last_at - previous.last_stake_at)))
        ELSE floor(extract(epoch FROM s.last_at - s.first_at))
      END::bigint AS seconds
    FROM stakes s LEFT JOIN player_play_sessions previous ON previous.user_id = s.user_id
  ),
  sessions AS (
    INSERT INTO player_play_sessions AS s (user_id, started_at, last_stake_at)
    SELECT p.user_id, p.first_at, p.last_at FROM played p ORDER BY p.user_id
    ON CONFLICT (user_id) DO UPDATE SET
      started_at = CASE
        WHEN s.last_stake_at <= excluded.started_at - interval '30 minutes'
          THEN excluded.started_at ELSE s.started_at END,
      reality_check_acked_at = CASE
        WHEN s.last_stake_at <= excluded.started_at - interval '30 minutes'
          THEN NULL ELSE s.reality_check_acked_at END,
      last_stake_at = greatest(s.last_stake_at, excluded.last_stake_at)
  ),
  totals AS (
    INSERT INTO player_play_session_totals AS t
      (user_id, currency, session_started_at, staked_minor, won_minor)
    SELECT m.user_id, m.currency, coalesce(p.session_started_at, current.started_at),
      sum(m.staked), sum(m.won)
    FROM moves m
    LEFT JOIN played p ON p.user_id = m.user_id
    LEFT JOIN player_play_sessions current ON current.user_id = m.user_id
    WHERE coalesce(p.session_started_at, current.started_at) IS NOT NULL
    GROUP BY m.user_id, m.currency, coalesce(p.session_started_at, current.started_at)
    ORDER BY m.user_id, m.currency
    ON CONFLICT (user_id, currency) DO UPDATE SET
      staked_minor = CASE WHEN t.session_started_at = excluded.session_started_at
        THEN t.staked_minor + excluded.staked_minor ELSE excluded.staked_minor END,
      won_minor = CASE WHEN t.session_started_at = excluded.session_started_at
        THEN t.won_minor + excluded.won_minor ELSE excluded.won_minor END,
      session_started_at = excluded.session_started_at
  )
  INSERT INTO player_usage_hours AS h
    (user_id, currency, hour, staked_minor, won_minor, played_seconds)
  SELECT u.user_id, u.currency, u.hour, sum(u.staked), sum(u.won), sum(u.seconds)
  FROM (
    SELECT m.user_id, m.currency, date_trunc('hour', m.at) AS hour, m.staked, m.won,
      0::bigint AS seconds
    FROM moves m
    UNION ALL
    SELECT p.user_id, p.currency, date_trunc('hour', p.last_at), 0, 0, p.seconds
    FROM played p WHERE p.seconds > 0
  ) u
  GROUP BY u.user_id, u.currency, u.hour
  ORDER BY u.user_id, u.currency, u.hour
  ON CONFLICT (user_id, currency, hour) DO UPDATE SET
    staked_minor = h.staked_minor + excluded.staked_minor,
    won_minor = h.won_minor + excluded.won_minor,
    played_seconds = h.played_seconds + excluded.played_seconds;
END;
$$;
