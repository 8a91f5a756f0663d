-- Casino catalog, provably fair seeds and game rounds (issue 5).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE game_providers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text NOT NULL,
  logo_url text,
  position integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);
CREATE INDEX game_providers_name_trgm ON game_providers USING gin (lower(name) gin_trgm_ops);

CREATE TABLE games (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  title text NOT NULL,
  provider_id text NOT NULL REFERENCES game_providers (id),
  -- the engine that runs it: an in-house original, or a third-party launcher (seamless wallet)
  engine text NOT NULL CHECK (engine IN ('dice', 'limbo', 'mines', 'plinko', 'keno', 'slot', 'external')),
  -- the engine's settings for this title (theme, paytable, volatility, rows …)
  variant jsonb NOT NULL DEFAULT '{}',
  image_url text NOT NULL,
  label text CHECK (label IN ('exclusive', 'early_access')),
  -- return to player as a fraction; the operator may change it within the engine's bounds
  rtp numeric(6, 4) NOT NULL CHECK (rtp > 0.5 AND rtp < 1),
  -- sort keys: rating (rate), rounds played (popularity), release (recently)
  rating numeric(4, 2) NOT NULL DEFAULT 0,
  rounds_played bigint NOT NULL DEFAULT 0,
  released_at timestamptz NOT NULL DEFAULT now(),
  -- third-party games: the provider's launch URL (a session token is appended)
  external_launch_url text,
  enabled boolean NOT NULL DEFAULT true,
  CHECK ((engine = 'external') = (external_launch_url IS NOT NULL))
);
CREATE INDEX games_title_trgm ON games USING gin (lower(title) gin_trgm_ops);
CREATE INDEX games_provider ON games (provider_id);

-- Navigation categories (spec §3): a tree; `value` is the category key, a provider id or a promo
-- category id depending on `entity`.
CREATE TABLE game_categories (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES game_categories (id),
  position integer NOT NULL DEFAULT 0,
  title text NOT NULL,
  value text NOT NULL,
  icon text NOT NULL,
  entity text NOT NULL CHECK (entity IN ('category', 'provider', 'promo_category')),
  UNIQUE (entity, value)
);

CREATE TABLE game_category_games (
  category_id integer NOT NULL REFERENCES game_categories (id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, game_id)
);
CREATE INDEX game_category_games_game ON game_category_games (game_id);

CREATE TABLE promo_categories (
  id serial PRIMARY KEY,
  title text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE promo_category_games (
  promo_category_id integer NOT NULL REFERENCES promo_categories (id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (promo_category_id, game_id)
);

CREATE TABLE game_favorites (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_id)
);
CREATE INDEX game_favorites_recent ON game_favorites (user_id, created_at DESC);

CREATE TABLE game_last_played (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_id)
);
CREATE INDEX game_last_played_recent ON game_last_played (user_id, played_at DESC);

-- A game (or all of a provider's games) is not offered in a country or for a currency.
CREATE TABLE game_blacklists (
  id serial PRIMARY KEY,
  game_id text REFERENCES games (id) ON DELETE CASCADE,
  provider_id text REFERENCES game_providers (id) ON DELETE CASCADE,
  country text CHECK (country ~ '^[A-Z]{2}$'),
  currency text,
  CHECK ((game_id IS NULL) <> (provider_id IS NULL)),
  CHECK ((country IS NULL) <> (currency IS NULL))
);

-- Provably fair seed pairs: one active pair per player; rotating reveals the server seed.
CREATE TABLE fairness_seeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text NOT NULL,
  -- the nonce of the next round with this pair
  next_nonce bigint NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  revealed_at timestamptz
);
CREATE UNIQUE INDEX fairness_seeds_active ON fairness_seeds (user_id) WHERE revealed_at IS NULL;
CREATE INDEX fairness_seeds_user ON fairness_seeds (user_id, created_at DESC);

-- One round of an original. The stake is debited (ledger type 'bet', reference = round id) when
-- it opens and the payout credited ('win') when it settles, each exactly once.
CREATE TABLE game_rounds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  game_id text NOT NULL REFERENCES games (id),
  seed_id uuid NOT NULL REFERENCES fairness_seeds (id),
  nonce bigint NOT NULL CHECK (nonce >= 0),
  client_seed text NOT NULL,
  currency text NOT NULL,
  bet_minor bigint NOT NULL CHECK (bet_minor > 0),
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  multiplier numeric(20, 4) NOT NULL DEFAULT 0,
  -- the game's RTP when the round was bet: the outcome is recomputed with it
  rtp numeric(6, 4) NOT NULL CHECK (rtp > 0.5 AND rtp < 1),
  params jsonb NOT NULL,
  outcome jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL CHECK (state IN ('open', 'settled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (seed_id, nonce)
);
CREATE INDEX game_rounds_user ON game_rounds (user_id, created_at DESC);
CREATE INDEX game_rounds_open ON game_rounds (user_id, game_id) WHERE state = 'open';
-- popularity: rounds per game over the last days (a job refreshes games.rounds_played from it,
-- so concurrent bets never queue on a game's row)
CREATE INDEX game_rounds_game_recent ON game_rounds (game_id, created_at);
