-- Tournaments (issue 8): operator-defined contests over settled rounds, their live scores kept
-- incrementally by the rounds that settle, and the prizes paid once at the end.

CREATE TABLE tournaments (
  -- a slug: the path segment of /tournaments/{id}
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  vip_only boolean NOT NULL DEFAULT false,
  -- {locale: {name, description, image}}; English always present (the fallback)
  descriptions jsonb NOT NULL CHECK (jsonb_typeof(descriptions) = 'object' AND descriptions ? 'en'),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- 'upcoming' and 'running' are the stored states of a tournament whose scores may still
  -- change (which of the two is told by the clock); 'finished' freezes its scores (set once,
  -- under the row lock, by the payout job) and 'paid' records that every prize was paid.
  status text NOT NULL DEFAULT 'upcoming'
    CHECK (status IN ('upcoming', 'running', 'finished', 'paid')),
  scoring text NOT NULL CHECK (scoring IN ('wagered', 'won', 'best_multiplier')),
  -- scores in money and prizes are in this currency
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  -- [{place, amount}] by place 1…n, amounts decimal strings in `currency`
  prizes jsonb NOT NULL CHECK (jsonb_typeof(prizes) = 'array'),
  -- the games whose rounds count; empty: every game
  game_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);

-- the scoring hook's cache and the payout sweep look for tournaments not yet finished
CREATE INDEX tournaments_open_idx ON tournaments (ends_at) WHERE status IN ('upcoming', 'running');

-- One row per (tournament, player), updated in the same transaction as each settled round that
-- counts: 'wagered' and 'won' add minor units of the tournament currency, 'best_multiplier'
-- keeps the best payout/stake. `updated_at` is when the score last changed (ties: earlier first).
CREATE TABLE tournament_scores (
  tournament_id text NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id),
  score numeric(38, 4) NOT NULL DEFAULT 0 CHECK (score >= 0),
  rounds bigint NOT NULL DEFAULT 0 CHECK (rounds >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
);

CREATE INDEX tournament_scores_ranking_idx
  ON tournament_scores (tournament_id, score DESC, updated_at, user_id);

-- What a seamless bet added to each tournament, so that its rollback takes exactly that back
-- (whatever the rate is by then). Removed by the rollback, or once the tournament is paid.
CREATE TABLE tournament_score_contributions (
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 300),
  tournament_id text NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id),
  score numeric(38, 4) NOT NULL CHECK (score >= 0),
  rounds integer NOT NULL CHECK (rounds >= 0),
  PRIMARY KEY (reference, tournament_id)
);

CREATE INDEX tournament_score_contributions_tournament_idx
  ON tournament_score_contributions (tournament_id);

-- Each paid place, once: a second run of the payout finds its place (and its winner) taken.
CREATE TABLE tournament_payouts (
  tournament_id text NOT NULL REFERENCES tournaments (id),
  place integer NOT NULL CHECK (place > 0),
  user_id uuid NOT NULL REFERENCES users (id),
  score numeric(38, 4) NOT NULL,
  -- the prize in the tournament currency, and what the winner received in theirs
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  paid_amount_minor bigint NOT NULL CHECK (paid_amount_minor >= 0),
  paid_currency text NOT NULL,
  rate text NOT NULL,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (tournament_id, place),
  CONSTRAINT tournament_payouts_winner UNIQUE (tournament_id, user_id)
);

-- Prizes leave the platform's tournament-prize account of their currency.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind CHECK (
  CASE owner_type
    WHEN 'player' THEN kind IN ('main', 'bonus', 'withdrawal_hold')
    ELSE kind IN ('house', 'provider_clearing', 'fees', 'exchange', 'tournament_prizes')
  END
);
