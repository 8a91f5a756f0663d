-- Players and their sessions.

-- Backoffice search matches parts of e-mail addresses.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The public player id (globalId): numeric, never reused, starts at eight digits.
CREATE SEQUENCE users_global_id_seq AS bigint START WITH 10000001 MINVALUE 10000001;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  global_id bigint NOT NULL DEFAULT nextval('users_global_id_seq') CONSTRAINT users_global_id_key UNIQUE,
  -- stored normalised (trimmed, lower case) so uniqueness is case-insensitive
  email text NOT NULL CONSTRAINT users_email_key UNIQUE
    CONSTRAINT users_email_normalised CHECK (email = lower(btrim(email)) AND char_length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  language text NOT NULL DEFAULT 'en' REFERENCES languages (code),
  is_vip boolean NOT NULL DEFAULT false,
  vip_manager_telegram text CHECK (vip_manager_telegram ~ '^[A-Za-z0-9_]{5,32}$'),
  first_name text CHECK (char_length(first_name) BETWEEN 1 AND 50),
  last_name text CHECK (char_length(last_name) BETWEEN 1 AND 50),
  gender text CHECK (gender IN ('male', 'female')),
  date_of_birth date CHECK (date_of_birth >= DATE '1900-01-01'),
  is_push_notifications_active boolean NOT NULL DEFAULT false,
  ban_reason text CHECK (ban_reason IN (
    'ddos', 'multiaccounting', 'bruteforce', 'kyc', 'bonus_abuse', 'psg', 'restricted_geo',
    'save_balance_check', 'other'
  )),
  banned_at timestamptz,
  -- Maintained by the wallet when a deposit completes; they drive hasDeposits and
  -- GET /api/v1/me/billing, which must not scan the ledger on every page load.
  first_deposit_at timestamptz,
  deposit_count integer NOT NULL DEFAULT 0 CHECK (deposit_count >= 0),
  deposit_sum_minor bigint NOT NULL DEFAULT 0 CHECK (deposit_sum_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_ban_consistent CHECK ((ban_reason IS NULL) = (banned_at IS NULL)),
  CONSTRAINT users_deposits_consistent CHECK ((deposit_count = 0) = (first_deposit_at IS NULL))
);

ALTER SEQUENCE users_global_id_seq OWNED BY users.global_id;

CREATE INDEX users_email_trigram_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the bearer token; the token itself is never stored
  token_hash bytea NOT NULL CONSTRAINT sessions_token_hash_key UNIQUE
    CHECK (octet_length(token_hash) = 32),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip inet,
  user_agent text CHECK (char_length(user_agent) <= 512),
  CHECK (expires_at > created_at)
);

CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
