-- The crypto wallet (issue 7): crypto methods (an asset on a network), the players' deposit
-- addresses, incoming transfers reported by the chain watcher, crypto withdrawals, and the
-- crypto-bot payment service's invoices and transfers.
--
-- Amounts named `*_minor` are bigint minor units at the asset's ledger scale (packages/contract
-- money.ts: BTC/LTC 8, ETH/TON/SOL/NOT 9, USDT/USDC/TRX 6).

CREATE TABLE crypto_methods (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,16}$'),
  -- the ledger currency the method moves (USDT for every USDT network)
  asset text NOT NULL CHECK (asset IN ('BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'TON', 'TRX', 'SOL', 'NOT')),
  network text NOT NULL
    CHECK (network IN ('bitcoin', 'litecoin', 'ethereum', 'bsc', 'tron', 'ton', 'solana')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- decimals shown and accepted for amounts of this method (at most the ledger scale)
  precision integer NOT NULL CHECK (precision BETWEEN 0 AND 9),
  min_deposit_minor bigint NOT NULL CHECK (min_deposit_minor > 0),
  min_withdraw_minor bigint NOT NULL CHECK (min_withdraw_minor > 0),
  -- the network fee a withdrawal pays, a fixed amount of the asset
  withdraw_fee_minor bigint NOT NULL CHECK (withdraw_fee_minor >= 0),
  -- the crypto-bot service's own minimum for an invoice in this asset
  cryptobot_min_deposit_minor bigint NOT NULL CHECK (cryptobot_min_deposit_minor > 0),
  -- confirmations before a deposit is credited
  confirmations integer NOT NULL CHECK (confirmations BETWEEN 0 AND 1000),
  -- quick-pick amounts (decimal strings in the asset)
  value_presets text[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(value_presets) <= 10 AND array_to_string(value_presets, ',') ~ '^([0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*)?$'),
  withdraw_allowed boolean NOT NULL DEFAULT true,
  deposit_enabled boolean NOT NULL DEFAULT true,
  -- extra ways to pay: 'cryptobot', 'ton_connect'
  providers text[] NOT NULL DEFAULT '{}'
    CHECK (providers <@ ARRAY['cryptobot', 'ton_connect']::text[]),
  sort_order integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One address per player and address family (bsc deposits arrive at the ethereum address, so
-- only 'ethereum' rows exist for both). Derived networks (bitcoin, litecoin, ethereum, tron):
-- `derivation_index` is the receive index under the operator's account xpub, assigned once,
-- consecutively per network. Shared-address networks (ton, solana): the operator's address and
-- the player's `memo`.
CREATE TABLE crypto_deposit_addresses (
  user_id uuid NOT NULL REFERENCES users (id),
  network text NOT NULL CHECK (network IN ('bitcoin', 'litecoin', 'ethereum', 'tron', 'ton', 'solana')),
  derivation_index integer CHECK (derivation_index BETWEEN 0 AND 2147483647),
  memo text CHECK (memo ~ '^[0-9]{4,20}$'),
  address text NOT NULL CHECK (char_length(address) BETWEEN 20 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, network),
  CONSTRAINT crypto_deposit_addresses_index UNIQUE (network, derivation_index),
  CONSTRAINT crypto_deposit_addresses_memo UNIQUE (network, memo),
  CONSTRAINT crypto_deposit_addresses_kind CHECK (
    CASE WHEN network IN ('ton', 'solana')
      THEN memo IS NOT NULL AND derivation_index IS NULL
      ELSE derivation_index IS NOT NULL AND memo IS NULL
    END
  )
);
-- the watcher's lookup: which player owns this address (case-insensitive hex and bech32)
CREATE UNIQUE INDEX crypto_deposit_addresses_address_idx ON crypto_deposit_addresses (network, lower(address))
  WHERE memo IS NULL;

-- Incoming transfers, one row per (network, tx hash, output index): the unique key makes the
-- credit happen exactly once. Crypto-bot payments are rows too (provider 'cryptobot', tx_hash
-- 'cryptobot:<invoice id>', no address).
CREATE TABLE crypto_deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  method_code text NOT NULL REFERENCES crypto_methods (code),
  network text NOT NULL CHECK (network IN ('bitcoin', 'litecoin', 'ethereum', 'bsc', 'tron', 'ton', 'solana')),
  tx_hash text NOT NULL CHECK (char_length(tx_hash) BETWEEN 8 AND 160),
  output_index integer NOT NULL DEFAULT 0 CHECK (output_index >= 0),
  -- NULL: no player owns the address / memo (status unmatched)
  user_id uuid REFERENCES users (id),
  provider text CHECK (provider IN ('cryptobot')),
  address text CHECK (char_length(address) BETWEEN 1 AND 128),
  memo text CHECK (char_length(memo) <= 128),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  confirmations integer NOT NULL CHECK (confirmations >= 0),
  required_confirmations integer NOT NULL CHECK (required_confirmations >= 0),
  status text NOT NULL CHECK (status IN ('confirming', 'credited', 'below_minimum', 'unmatched')),
  -- units of credited_currency per unit of the asset, as applied when credited
  rate numeric CHECK (rate > 0),
  credited_minor bigint CHECK (credited_minor >= 0),
  credited_currency text CHECK (credited_currency ~ '^[A-Z]{3}$'),
  ledger_transaction_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  CONSTRAINT crypto_deposits_transfer UNIQUE (network, tx_hash, output_index),
  CONSTRAINT crypto_deposits_matched CHECK ((status = 'unmatched') = (user_id IS NULL)),
  CONSTRAINT crypto_deposits_credit CHECK (
    (status = 'credited') = (credited_at IS NOT NULL AND credited_minor IS NOT NULL
      AND credited_currency IS NOT NULL AND rate IS NOT NULL AND ledger_transaction_id IS NOT NULL)
  ),
  CONSTRAINT crypto_deposits_source CHECK (provider IS NOT NULL OR address IS NOT NULL)
);
CREATE INDEX crypto_deposits_user_idx ON crypto_deposits (user_id, created_at DESC, id DESC)
  WHERE user_id IS NOT NULL;
CREATE INDEX crypto_deposits_status_idx ON crypto_deposits (status, created_at DESC);
CREATE INDEX crypto_deposits_created_idx ON crypto_deposits (created_at DESC, id DESC);
CREATE UNIQUE INDEX crypto_deposits_ledger_transaction_idx ON crypto_deposits (ledger_transaction_id)
  WHERE ledger_transaction_id IS NOT NULL;

-- Withdrawals: the asked amount + fee, priced in the primary currency at `rate`, held on the
-- player's main balance (`held_minor` of `held_currency`) until paid, declined or cancelled.
CREATE TABLE crypto_withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  method_code text NOT NULL REFERENCES crypto_methods (code),
  network text NOT NULL CHECK (network IN ('bitcoin', 'litecoin', 'ethereum', 'bsc', 'tron', 'ton', 'solana')),
  address text CHECK (char_length(address) BETWEEN 1 AND 128),
  memo text CHECK (char_length(memo) <= 120),
  provider text CHECK (provider IN ('cryptobot')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  -- units of held_currency per unit of the asset
  rate numeric NOT NULL CHECK (rate > 0),
  held_minor bigint NOT NULL CHECK (held_minor > 0),
  held_currency text NOT NULL CHECK (held_currency ~ '^[A-Z]{3}$'),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'declined', 'refund')),
  tx_hash text CHECK (char_length(tx_hash) BETWEEN 8 AND 160),
  reject_reason text CHECK (char_length(reject_reason) <= 500),
  cancellable_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CONSTRAINT crypto_withdrawals_destination CHECK (provider IS NOT NULL OR address IS NOT NULL),
  CONSTRAINT crypto_withdrawals_completed CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
CREATE INDEX crypto_withdrawals_user_idx ON crypto_withdrawals (user_id, created_at DESC, id DESC);
CREATE INDEX crypto_withdrawals_status_idx ON crypto_withdrawals (status, created_at DESC);

-- Crypto-bot invoices (deposits paid inside the messenger's crypto payment bot).
CREATE TABLE cryptobot_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  method_code text NOT NULL REFERENCES crypto_methods (code),
  -- the bot's asset code (spec §9 mapping: USDT, USDC, TONCOIN, BTC …)
  asset text NOT NULL CHECK (asset ~ '^[A-Z]{2,10}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paid', 'expired')),
  -- the bot's invoice id, known once it was created there
  provider_invoice_id text UNIQUE CHECK (char_length(provider_invoice_id) BETWEEN 1 AND 64),
  pay_url text CHECK (char_length(pay_url) BETWEEN 1 AND 2048),
  -- what the invoice carries back in the webhook: this row's id
  payload text NOT NULL CHECK (char_length(payload) BETWEEN 1 AND 4096),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  deposit_id uuid REFERENCES crypto_deposits (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cryptobot_invoices_paid CHECK ((status = 'paid') = (paid_at IS NOT NULL AND deposit_id IS NOT NULL))
);
CREATE INDEX cryptobot_invoices_user_idx ON cryptobot_invoices (user_id, created_at DESC);

-- Transfers the bot paid to a messenger user (crypto withdrawals by provider cryptobot);
-- `spend_id` makes a retried transfer pay once, as the bot's API does.
CREATE TABLE cryptobot_transfers (
  spend_id text PRIMARY KEY CHECK (char_length(spend_id) BETWEEN 1 AND 64),
  messenger_user_id text NOT NULL CHECK (messenger_user_id ~ '^[0-9]{1,20}$'),
  asset text NOT NULL CHECK (asset ~ '^[A-Z]{2,10}$'),
  amount text NOT NULL CHECK (amount ~ '^[0-9]+(\.[0-9]+)?$'),
  transfer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The 14 methods (operator-editable afterwards). Amounts are written as decimals of the asset
-- and converted to minor units at the asset's ledger scale.
INSERT INTO crypto_methods (code, asset, network, name, precision, min_deposit_minor,
  min_withdraw_minor, withdraw_fee_minor, cryptobot_min_deposit_minor, confirmations,
  value_presets, providers, sort_order)
SELECT m.code, m.asset, m.network, m.name, m.precision,
  (m.min_deposit * 10 ^ s.scale)::bigint,
  (m.min_withdraw * 10 ^ s.scale)::bigint,
  (m.withdraw_fee * 10 ^ s.scale)::bigint,
  (m.cryptobot_min * 10 ^ s.scale)::bigint,
  m.confirmations, m.presets, m.providers, m.sort_order
FROM (VALUES
  ('USDTTRC20', 'USDT', 'tron',     'Tether USD (TRC20)',   2, 5::numeric,  10::numeric,  1::numeric,      1::numeric,       20, ARRAY['10', '50', '100', '500'],            ARRAY['cryptobot'], 1),
  ('USDTERC20', 'USDT', 'ethereum', 'Tether USD (ERC20)',   2, 20,          30,           5,               1,                12, ARRAY['20', '50', '100', '500'],            ARRAY['cryptobot'], 2),
  ('USDTBEP20', 'USDT', 'bsc',      'Tether USD (BEP20)',   2, 5,           10,           0.5,             1,                15, ARRAY['10', '50', '100', '500'],            ARRAY['cryptobot'], 3),
  ('USDTTON',   'USDT', 'ton',      'Tether USD (TON)',     2, 5,           5,            0.1,             1,                1,  ARRAY['10', '50', '100', '500'],            ARRAY['cryptobot', 'ton_connect'], 4),
  ('USDCSOL',   'USDC', 'solana',   'USD Coin (Solana)',    2, 5,           10,           0.5,             1,                32, ARRAY['10', '50', '100', '500'],            ARRAY['cryptobot'], 5),
  ('USDCERC20', 'USDC', 'ethereum', 'USD Coin (ERC20)',     2, 20,          30,           5,               1,                12, ARRAY['20', '50', '100', '500'],            ARRAY['cryptobot'], 6),
  ('USDCBEP20', 'USDC', 'bsc',      'USD Coin (BEP20)',     2, 5,           10,           0.5,             1,                15, ARRAY['10', '50', '100', '500'],            ARRAY['cryptobot'], 7),
  ('TON',       'TON',  'ton',      'Toncoin',              2, 1,           2,            0.05,            0.5,              1,  ARRAY['5', '10', '50', '100'],              ARRAY['cryptobot', 'ton_connect'], 8),
  ('TRX',       'TRX',  'tron',     'TRON',                 2, 20,          50,           1,               5,                20, ARRAY['100', '500', '1000', '5000'],        ARRAY['cryptobot'], 9),
  ('ETH',       'ETH',  'ethereum', 'Ethereum',             6, 0.005,       0.01,         0.002,           0.0005,           12, ARRAY['0.01', '0.05', '0.1', '0.5'],        ARRAY['cryptobot'], 10),
  ('BTC',       'BTC',  'bitcoin',  'Bitcoin',              8, 0.0001,      0.0005,       0.0002,          0.00002,          2,  ARRAY['0.001', '0.005', '0.01', '0.05'],    ARRAY['cryptobot'], 11),
  ('SOL',       'SOL',  'solana',   'Solana',               4, 0.05,        0.1,          0.001,           0.01,             32, ARRAY['0.1', '0.5', '1', '5'],              ARRAY['cryptobot'], 12),
  ('NOT',       'NOT',  'ton',      'Notcoin',              2, 1000,        2000,         10,              500,              1,  ARRAY['1000', '5000', '10000', '50000'],    ARRAY['cryptobot', 'ton_connect'], 13),
  ('LTC',       'LTC',  'litecoin', 'Litecoin',             6, 0.01,        0.05,         0.001,           0.01,             6,  ARRAY['0.1', '0.5', '1', '5'],              ARRAY['cryptobot'], 14)
) AS m (code, asset, network, name, precision, min_deposit, min_withdraw, withdraw_fee, cryptobot_min,
        confirmations, presets, providers, sort_order)
JOIN (VALUES ('BTC', 8), ('LTC', 8), ('ETH', 9), ('USDT', 6), ('USDC', 6), ('TON', 9), ('TRX', 6),
  ('SOL', 9), ('NOT', 9)) AS s (asset, scale) ON s.asset = m.asset;

-- The platform's clearing account of each crypto asset: a deposit is credited from it (the
-- chain watcher or the crypto-bot reported the money) and a paid withdrawal goes to it. The
-- ledger creates accounts on first use; they are written here so the chart of accounts lists
-- them from the start.
INSERT INTO ledger_accounts (owner_type, currency, kind)
SELECT 'platform', asset, 'provider_clearing'
FROM (VALUES ('BTC'), ('LTC'), ('ETH'), ('USDT'), ('USDC'), ('TON'), ('TRX'), ('SOL'), ('NOT')) AS a (asset)
ON CONFLICT ON CONSTRAINT ledger_accounts_account_key DO NOTHING;
