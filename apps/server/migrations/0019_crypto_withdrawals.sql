-- Crypto withdrawals (issue 7, after 0018): the ledger hold each pending withdrawal names and the
-- transaction that paid it out; the messenger account a player linked for crypto-bot payouts.

-- A withdrawal always names its hold (created in the same transaction); a completed one names
-- the ledger transaction that moved the held money to the payout clearing account. A crypto-bot
-- withdrawal is paid to the messenger user the player had linked when they asked for it.
ALTER TABLE crypto_withdrawals
  ADD COLUMN hold_id uuid NOT NULL REFERENCES ledger_holds (id),
  ADD COLUMN ledger_transaction_id text,
  ADD COLUMN messenger_user_id text CHECK (messenger_user_id ~ '^[1-9][0-9]{0,19}$'),
  ADD CONSTRAINT crypto_withdrawals_messenger CHECK ((provider IS NOT DISTINCT FROM 'cryptobot') = (messenger_user_id IS NOT NULL)),
  ADD CONSTRAINT crypto_withdrawals_hold_key UNIQUE (hold_id),
  ADD CONSTRAINT crypto_withdrawals_paid CHECK ((status = 'completed') = (ledger_transaction_id IS NOT NULL AND tx_hash IS NOT NULL)),
  ADD CONSTRAINT crypto_withdrawals_reject_reason CHECK ((status = 'declined') = (reject_reason IS NOT NULL));
-- the player's recent addresses per method
CREATE INDEX crypto_withdrawals_user_method_idx ON crypto_withdrawals (user_id, method_code, created_at DESC)
  WHERE address IS NOT NULL;

-- A player's messenger account, proven by the mini-app's signed launch data. One messenger
-- account serves one player: the crypto bot pays withdrawals to it.
CREATE TABLE messenger_links (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  messenger_user_id text NOT NULL CONSTRAINT messenger_links_messenger_user_key UNIQUE
    CHECK (messenger_user_id ~ '^[1-9][0-9]{0,19}$'),
  linked_at timestamptz NOT NULL DEFAULT now()
);
