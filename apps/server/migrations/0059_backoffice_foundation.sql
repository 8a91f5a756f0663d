-- The back office's foundation (issue 24): operators with several roles, disabled operators, an
-- IP allow-list, TOTP two-factor (secret, replay guard, hashed recovery codes, sign-in
-- challenges); maker-checker first approvals of withdrawals; manual balance adjustments; and the
-- index the ledger reports read by.

-- Roles: the single `role` becomes `roles`, keeping each operator's role.
ALTER TABLE operators ADD COLUMN roles text[];
UPDATE operators SET roles = ARRAY[role];
ALTER TABLE operators
  ALTER COLUMN roles SET NOT NULL,
  ADD CONSTRAINT operators_roles_known CHECK (
    cardinality(roles) BETWEEN 1 AND 6
    AND roles <@ ARRAY['admin', 'finance', 'support', 'trading', 'marketing', 'read_only']::text[]
  ),
  DROP COLUMN role;

ALTER TABLE operators
  ADD COLUMN disabled_at timestamptz,
  -- CIDR networks the operator may call from; empty: anywhere
  ADD COLUMN ip_allow_list text[] NOT NULL DEFAULT '{}'
    CONSTRAINT operators_ip_allow_list_size CHECK (cardinality(ip_allow_list) <= 50),
  -- RFC 6238: the confirmed secret (base32), the one being enrolled, and the last time step a
  -- code was accepted for (a code of that step or earlier is refused: no replay)
  ADD COLUMN totp_secret text CHECK (char_length(totp_secret) BETWEEN 16 AND 128),
  ADD COLUMN totp_pending_secret text CHECK (char_length(totp_pending_secret) BETWEEN 16 AND 128),
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  ADD CONSTRAINT operators_totp_enabled CHECK ((totp_secret IS NULL) = (totp_enabled_at IS NULL));

-- Single-use recovery codes: only a SHA-256 of each (the codes are 80 random bits, shown
-- once).
CREATE TABLE operator_recovery_codes (
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  used_at timestamptz,
  PRIMARY KEY (operator_id, code_hash)
);

-- The second step of a two-factor sign-in: the password was right; the code is awaited.
CREATE TABLE operator_login_challenges (
  token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip inet,
  user_agent text CHECK (char_length(user_agent) <= 512),
  CHECK (expires_at > created_at)
);
CREATE INDEX operator_login_challenges_expires_at_idx ON operator_login_challenges (expires_at);

-- Maker-checker: the first operator's approval of a withdrawal above the four-eyes threshold. The
-- second approval (another operator) pays it; the row stays as the record of who approved first.
CREATE TABLE withdrawal_first_approvals (
  kind text NOT NULL CHECK (kind IN ('p2p_order', 'crypto_withdrawal')),
  withdrawal_id text NOT NULL CHECK (char_length(withdrawal_id) BETWEEN 1 AND 100),
  operator_id uuid NOT NULL REFERENCES operators (id),
  approved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, withdrawal_id)
);

-- Manual balance adjustments: a signed amount between the house account and the player's main
-- account; above the four-eyes threshold it waits for a second operator.
CREATE TABLE balance_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  status text NOT NULL CHECK (status IN ('awaiting_second_approval', 'applied')),
  requested_by uuid NOT NULL REFERENCES operators (id),
  approved_by uuid REFERENCES operators (id),
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz,
  CONSTRAINT balance_adjustments_four_eyes CHECK (approved_by IS NULL OR approved_by <> requested_by),
  CONSTRAINT balance_adjustments_applied CHECK (
    (status = 'applied') = (ledger_transaction_id IS NOT NULL AND applied_at IS NOT NULL)
  )
);
CREATE INDEX balance_adjustments_user_idx ON balance_adjustments (user_id, created_at DESC);
CREATE INDEX balance_adjustments_awaiting_idx ON balance_adjustments (created_at)
  WHERE status = 'awaiting_second_approval';

-- Reports sum postings by transaction type over a period: transactions found by time.
CREATE INDEX ledger_transactions_created_at_idx ON ledger_transactions (created_at);
