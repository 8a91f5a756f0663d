-- Web push (issue 23): the players' browser push subscriptions, one row per device (a player may
-- have several; an endpoint belongs to one player at a time), and each player's push preferences:
-- the consent per category and when the prompt was last refused (not shown again for 7 days).
-- Owned by modules/players/push.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  -- the push service's URL for this browser (https; http only on a test machine)
  endpoint text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND length(endpoint) <= 2048),
  -- the browser's P-256 ECDH public key (65 bytes) and auth secret (16 bytes), base64url
  p256dh text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at);

CREATE TABLE push_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  deposits boolean NOT NULL DEFAULT true,
  withdrawals boolean NOT NULL DEFAULT true,
  tournaments boolean NOT NULL DEFAULT true,
  bonuses boolean NOT NULL DEFAULT true,
  sportsbook boolean NOT NULL DEFAULT true,
  -- the last time the player dismissed the prompt
  prompt_refused_at timestamptz,
  updated_at timestamptz NOT NULL
);
