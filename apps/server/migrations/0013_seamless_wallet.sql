-- Seamless wallet for third-party game providers (Hub88-style operator wallet API): provider
-- accounts and their keys, the provider games we launch, player game sessions (launch tokens)
-- and every bet, win and rollback a provider sent, each applied at most once.

CREATE TABLE seamless_providers (
  -- also the id of its row in game_providers, and the path segment of its wallet endpoints
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- how the provider signs its requests (X-Hub88-Signature over the raw body)
  signature_scheme text NOT NULL CHECK (signature_scheme IN ('rsa_sha256', 'hmac_sha256')),
  -- the provider's RSA public key (PEM) that verifies its requests
  provider_public_key text,
  -- the shared secret of the HMAC-SHA256 scheme; never returned by the API
  hmac_secret text CHECK (hmac_secret IS NULL OR char_length(hmac_secret) BETWEEN 32 AND 512),
  -- our RSA key pair: we sign our answers (and our requests to the provider) with the private
  -- key; the provider verifies them with the public key. The private key never leaves the server.
  our_public_key text NOT NULL,
  our_private_key text NOT NULL,
  -- currencies the provider's games may be played in
  currencies text[] NOT NULL CHECK (cardinality(currencies) BETWEEN 1 AND 50),
  -- a launch token is valid this long after its last use
  session_ttl_seconds integer NOT NULL CHECK (session_ttl_seconds BETWEEN 60 AND 604800),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT seamless_providers_verification_key CHECK (
    CASE signature_scheme
      WHEN 'rsa_sha256' THEN provider_public_key IS NOT NULL
      ELSE hmac_secret IS NOT NULL
    END
  )
);

-- A catalog game (engine 'external') that a seamless provider runs, with the provider's own code
-- for it (the `game_code` of its wallet requests).
CREATE TABLE seamless_games (
  game_id text PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES seamless_providers (id),
  game_code text NOT NULL CHECK (char_length(game_code) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT seamless_games_provider_code UNIQUE (provider_id, game_code)
);

-- One launch of a provider game: the token handed to the provider stands for the player, the
-- game and the currency. Only the token's SHA-256 is kept.
CREATE TABLE seamless_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL CONSTRAINT seamless_sessions_token_hash_key UNIQUE
    CHECK (octet_length(token_hash) = 32),
  provider_id text NOT NULL REFERENCES seamless_providers (id),
  user_id uuid NOT NULL REFERENCES users (id),
  game_id text NOT NULL REFERENCES games (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > created_at)
);

CREATE INDEX seamless_sessions_user_idx ON seamless_sessions (provider_id, user_id, created_at DESC);

-- Every bet, win and rollback by its transaction_uuid, unique per provider: the row is locked
-- while a request about it is decided, so a uuid is applied at most once and a bet and its
-- rollback can never both move money out of order. A rollback naming a bet we never saw leaves a
-- tombstone bet row (state 'rolled_back', no amount) that refuses the bet if it arrives later.
CREATE TABLE seamless_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id text NOT NULL REFERENCES seamless_providers (id),
  transaction_uuid text NOT NULL CHECK (char_length(transaction_uuid) BETWEEN 1 AND 255),
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  -- bets: 'applied' (money moved), 'refused' (answered with an error, nothing moved),
  -- 'rolled_back' (refunded, or a tombstone); wins and rollbacks: 'applied' or 'refused'
  state text NOT NULL CHECK (state IN ('applied', 'refused', 'rolled_back')),
  user_id uuid NOT NULL REFERENCES users (id),
  session_id uuid REFERENCES seamless_sessions (id),
  -- the identifying fields of the request, compared on a repeat (null on a tombstone)
  currency text,
  -- 1/100000 units of the currency, as the provider sent them
  amount bigint CHECK (amount >= 0),
  -- the same amount in ledger minor units of the currency
  amount_minor bigint CHECK (amount_minor >= 0),
  round text,
  game_code text,
  reference_transaction_uuid text,
  -- the answer given (request_uuid aside), returned again on a repeat
  response jsonb,
  -- the ledger movement this row made (the bet's debit, the win's credit)
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  -- for a bet: the ledger refund made by its rollback
  rollback_ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  tombstone boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT seamless_transactions_uuid_key UNIQUE (provider_id, transaction_uuid),
  CONSTRAINT seamless_transactions_tombstone CHECK (
    tombstone = (response IS NULL)
    AND (NOT tombstone OR (kind = 'bet' AND state = 'rolled_back' AND amount IS NULL))
  ),
  CONSTRAINT seamless_transactions_rollback_of_bets CHECK (
    (rollback_ledger_transaction_id IS NULL) OR (kind = 'bet' AND state = 'rolled_back')
  )
);

CREATE INDEX seamless_transactions_user_idx ON seamless_transactions (user_id, created_at DESC);
CREATE INDEX seamless_transactions_round_idx ON seamless_transactions (provider_id, round)
  WHERE round IS NOT NULL;
