-- The per-hour usage the wager, loss and session limits read (player_usage_hours) and the
-- player's play session (player_play_sessions), kept by a statement trigger on ledger_postings
-- (money/ledger/db/ledger_postings.triggers.sql) in the transaction of every money movement, so
-- every bet path counts (originals, provider bets, sport tickets) without a check of its own.
--
-- Stakes: out of main or bonus money by `bet`, `provider_bet`, `sport_stake` (a
-- `provider_rollback` gives one back), an in-play ticket's `hold` into bet_hold (`hold_void`
-- gives it back); wins: into main or bonus money by the win types, a sport settlement taken back
-- (`sport_unsettle`) counting negative. Times are the ledger transaction's (the database's).
--
-- The play session's stakes and wins per currency (player_play_session_totals) start again
-- with a new session.
--
-- Play: a stake 30 minutes or more after the player's last one starts a new play session (and
-- forgets the answered reality check); the time between stakes of one session is play time,
-- counted in the hour of the later stake. A statement touching a player runs with the player's
-- balances locked (the ledger locks them before it posts), so one player's rows are written by
-- one statement at a time.
CREATE OR REPLACE FUNCTION player_usage_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT a.user_id, a.currency, t.created_at AS at,
      CASE
        WHEN a.kind IN ('main', 'bonus')
          AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback')
          THEN -p.amount_minor
        WHEN a.kind = 'bet_hold' AND t.type IN ('hold', 'hold_void') THEN p.amount_minor
        ELSE 0 END AS staked,
      CASE
        WHEN a.kind IN ('main', 'bonus') AND t.type IN ('win', 'freespin_win', 'provider_win',
          'sport_win', 'sport_refund', 'sport_cashout', 'sport_unsettle')
          THEN p.amount_minor
        ELSE 0 END AS won
    FROM new_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_type = 'player' AND a.kind IN ('main', 'bonus', 'bet_hold')
      AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback', 'hold',
        'hold_void', 'win', 'freespin_win', 'provider_win', 'sport_win', 'sport_refund',
        'sport_cashout', 'sport_unsettle')
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
  RETURN NULL;
END;
$$;
