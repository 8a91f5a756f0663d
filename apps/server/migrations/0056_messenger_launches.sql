-- The messenger mini-app's sign-in (issue 23): each signed launch (init data) signs in once. A
-- launch is remembered by launch_key (SHA-256 of the bot id and its signed fields, see
-- players/messenger/init-data.ts) until it would be too old to sign in anyway; the retention job
-- deletes it after that.
CREATE TABLE messenger_launches (
  launch_key bytea PRIMARY KEY CHECK (octet_length(launch_key) = 32),
  bot_id text NOT NULL CHECK (bot_id ~ '^[1-9][0-9]{0,19}$'),
  messenger_user_id text NOT NULL CHECK (messenger_user_id ~ '^[1-9][0-9]{0,19}$'),
  used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > used_at)
);
CREATE INDEX messenger_launches_expires_at ON messenger_launches (expires_at);
