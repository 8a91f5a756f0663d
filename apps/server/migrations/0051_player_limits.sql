-- Responsible-gambling limits (issue 22, first slice): the players' limits, their history, the
-- deposits counted against deposit limits and the open deposit orders reserved against them, and
-- the operators' flags. Owned by modules/players/protection (the one rule engine); the window
-- arithmetic is packages/contract/src/responsible-gambling.ts.

-- One row per (player, type, period) with a limit in force or pending. The rows of a type are
-- what a player's deposits (type 'deposit') or stakes ('wager', 'loss') lock (FOR UPDATE) while
-- they are checked, so a check and the usage it allows are serialised per player.
CREATE TABLE player_limits (
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('deposit', 'loss', 'wager', 'session')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  -- a money limit's currency (the primary currency when it was first set); 'MIN' for session
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  -- in force: minor units of `currency`, or minutes for a session limit
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- an increase or a removal (pending_amount_minor NULL) waiting its cooling-off
  pending_amount_minor bigint CHECK (pending_amount_minor > 0),
  pending_effective_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, type, period),
  CONSTRAINT player_limits_pending CHECK (
    pending_amount_minor IS NULL OR pending_effective_at IS NOT NULL
  ),
  CONSTRAINT player_limits_session_currency CHECK ((type = 'session') = (currency = 'MIN'))
);

-- Every change a player made or that came into force (the issue's history of changes).
CREATE TABLE player_limit_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL,
  period text NOT NULL,
  -- 'applied' (a first or lower limit), 'pending' (an increase or removal asked), 'cancelled'
  -- (a pending change cancelled), 'matured' (a pending change came into force)
  kind text NOT NULL CHECK (kind IN ('applied', 'pending', 'cancelled', 'matured')),
  from_minor bigint,
  to_minor bigint,
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX player_limit_changes_user_idx ON player_limit_changes (user_id, created_at DESC);

-- Every credited deposit, in the player's primary currency at the credit (the cashier's one
-- deposit credit records it, limit or not, so a limit set later counts its window's deposits).
CREATE TABLE player_deposit_usage (
  reference text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  at timestamptz NOT NULL
);
CREATE INDEX player_deposit_usage_user_idx ON player_deposit_usage (user_id, at);

-- An open deposit order (a fiat order, a crypto-bot invoice) counted against the deposit limits
-- until it is credited (its row moves to player_deposit_usage) or expires.
CREATE TABLE player_deposit_reservations (
  reference text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX player_deposit_reservations_user_idx ON player_deposit_reservations (user_id, expires_at);

-- What operators should look at: a deposit credited past a limit (a crypto transfer the player
-- did not time), a limit reached.
CREATE TABLE player_protection_flags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('deposit_over_limit')),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX player_protection_flags_user_idx ON player_protection_flags (user_id, created_at DESC);
