-- Responsible gambling, issue 22 (second slice): reality checks, the session time limit, the
-- limit prompts and the per-hour stake usage the wager, loss and session limits read instead of
-- the player's postings. Owned by modules/players/protection (users' new columns by
-- players/accounts, which PATCH /api/v1/me writes).

-- The player's reality-check interval (null: none) and the deposit-limit prompt's answers: the
-- prompt (registration or before the first deposit) once answered is not shown again; the review
-- reminder comes when the later of the two is older than 6 months.
ALTER TABLE users
  ADD COLUMN reality_check_minutes smallint
    CHECK (reality_check_minutes IN (15, 30, 45, 60, 90, 120)),
  ADD COLUMN limits_prompt_answered_at timestamptz,
  ADD COLUMN limits_reviewed_at timestamptz;

-- A player's stakes and wins per currency and hour (the hour's start), and the seconds of play
-- in the hour: what wager, loss and session limits sum (at most 25 hourly rows and 31 day groups
-- per window), written by the statement trigger on ledger_postings (player_usage_record) in the
-- transaction of every money movement.
CREATE TABLE player_usage_hours (
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  hour timestamptz NOT NULL,
  staked_minor bigint NOT NULL DEFAULT 0,
  won_minor bigint NOT NULL DEFAULT 0,
  played_seconds bigint NOT NULL DEFAULT 0 CHECK (played_seconds >= 0),
  -- (user_id, hour) first: a window reads one range of the player's hours, every currency
  PRIMARY KEY (user_id, hour, currency)
);

-- The player's play session: it starts with the first stake after 30 minutes without one and
-- lasts while stakes keep coming; a reality check is due `reality_check_minutes` after the later
-- of its start and the last answered check.
CREATE TABLE player_play_sessions (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  started_at timestamptz NOT NULL,
  last_stake_at timestamptz NOT NULL,
  reality_check_acked_at timestamptz
);

-- The stakes and wins of the player's play session per currency (the reality check's net
-- result), counted by the same trigger; rows of an earlier session are replaced by the next one's.
CREATE TABLE player_play_session_totals (
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  session_started_at timestamptz NOT NULL,
  staked_minor bigint NOT NULL,
  won_minor bigint NOT NULL,
  PRIMARY KEY (user_id, currency)
);

-- A money limit converted into a new primary currency is a change of its own.
ALTER TABLE player_limit_changes DROP CONSTRAINT player_limit_changes_kind_check;
ALTER TABLE player_limit_changes ADD CONSTRAINT player_limit_changes_kind_check
  CHECK (kind IN ('applied', 'pending', 'cancelled', 'matured', 'converted'));
ALTER TABLE player_limit_changes ADD COLUMN currency text;

-- The last 31 days of stakes and wins already in the ledger, so limits keep their windows.
INSERT INTO player_usage_hours (user_id, currency, hour, staked_minor, won_minor)
SELECT a.user_id, a.currency, date_trunc('hour', t.created_at),
  sum(CASE
    WHEN a.kind IN ('main', 'bonus')
      AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback')
      THEN -p.amount_minor
    WHEN a.kind = 'bet_hold' AND t.type IN ('hold', 'hold_void') THEN p.amount_minor
    ELSE 0 END),
  sum(CASE
    WHEN a.kind IN ('main', 'bonus') AND t.type IN ('win', 'freespin_win', 'provider_win',
      'sport_win', 'sport_refund', 'sport_cashout', 'sport_unsettle')
      THEN p.amount_minor
    ELSE 0 END)
FROM ledger_transactions t
JOIN ledger_postings p ON p.transaction_id = t.id
JOIN ledger_accounts a ON a.id = p.account_id
WHERE t.created_at > now() - interval '31 days'
  AND a.owner_type = 'player' AND a.kind IN ('main', 'bonus', 'bet_hold')
  AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback', 'hold', 'hold_void',
    'win', 'freespin_win', 'provider_win', 'sport_win', 'sport_refund', 'sport_cashout',
    'sport_unsettle')
GROUP BY 1, 2, 3;
