-- The fiat wallet: payment methods with buy/sell conditions, the sandbox provider's requisites
-- pool, deposit (buy) and withdrawal (sell) orders, and details saved for withdrawal prefill.

CREATE TABLE fiat_payment_methods (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_-]{1,64}$'),
  name text NOT NULL,
  icon text NOT NULL,
  icon_big text NOT NULL,
  label text NOT NULL,
  kind text NOT NULL
    CHECK (kind IN ('p2p', 'account_number', 'sbp', 'mpayment', 'blik', 'cross_border', 'others')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
  -- 'requisites': the player pays to an assigned requisite; 'external_invoice': a hosted page
  invoice_flow text NOT NULL DEFAULT 'requisites'
    CHECK (invoice_flow IN ('requisites', 'external_invoice')),
  -- NULL: every country; else the ISO codes allowed to see the method (Steam: CIS only)
  countries text[],
  enabled boolean NOT NULL DEFAULT true,
  -- contract BuyConditions / SellConditions (decimal strings); NULL when the side is not offered
  buy_conditions jsonb,
  sell_conditions jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (buy_conditions IS NOT NULL OR sell_conditions IS NOT NULL)
);

CREATE TABLE fiat_requisites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  method_id text NOT NULL REFERENCES fiat_payment_methods (id),
  recipient_bank text NOT NULL,
  card text,
  phone text,
  bank_name text,
  holder_name text,
  active boolean NOT NULL DEFAULT true,
  -- round robin: the active requisite assigned longest ago goes next
  last_assigned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fiat_requisites_method_idx ON fiat_requisites (method_id, active, last_assigned_at);

CREATE TABLE fiat_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('buy', 'sell')),
  status text NOT NULL CHECK (status IN ('pending', 'waiting', 'pay_external_invoice',
    'wait_for_confirmation', 'completed', 'refund', 'declined', 'timeouted', 'disputed')),
  method_id text NOT NULL REFERENCES fiat_payment_methods (id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  -- what the ledger credited (buy) once completed; may differ after a CHANGE_INVOICE dispute
  credited_minor bigint CHECK (credited_minor > 0),
  requisite_id uuid REFERENCES fiat_requisites (id),
  -- a copy of the requisite as shown to the player, kept even if the operator edits the pool
  payment_details jsonb NOT NULL DEFAULT '{}',
  recipient_bank text,
  external_target text CHECK (external_target IN ('parent', 'blank')),
  external_fields jsonb NOT NULL DEFAULT '{}',
  callback_url text,
  subbank_id text,
  expires_at timestamptz NOT NULL,
  cancellable_until timestamptz,
  payer_name text,
  receipt_file text,
  receipt_mime text,
  dispute jsonb,
  ledger_transaction_id text,
  hold_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'buy' OR hold_id IS NOT NULL OR status <> 'pending')
);
CREATE INDEX fiat_orders_user_idx ON fiat_orders (user_id, created_at DESC, id DESC);
CREATE INDEX fiat_orders_status_idx ON fiat_orders (status, type, created_at DESC);
CREATE INDEX fiat_orders_open_idx ON fiat_orders (expires_at)
  WHERE status IN ('waiting', 'pay_external_invoice');
-- a completed deposit names exactly one ledger transaction
CREATE UNIQUE INDEX fiat_orders_ledger_transaction_idx ON fiat_orders (ledger_transaction_id)
  WHERE ledger_transaction_id IS NOT NULL;

CREATE TABLE fiat_saved_details (
  user_id uuid NOT NULL REFERENCES users (id),
  method_id text NOT NULL REFERENCES fiat_payment_methods (id),
  details jsonb NOT NULL,
  details_hash text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, method_id, details_hash)
);

-- Demo methods (the operator disables or edits them); icons are generated SVGs of the web app.
INSERT INTO fiat_payment_methods
  (id, name, icon, icon_big, label, kind, currency, invoice_flow, countries, buy_conditions, sell_conditions)
VALUES
  ('sber-rub', 'Sberbank', '/methods/sber.svg', '/methods/sber-big.svg', 'Sberbank', 'p2p', 'RUB',
   'requisites', NULL,
   '{"minAmount":"500","maxAmount":"100000","priority":1,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"1000","maxAmount":"300000","priority":1,"levels":[{"from":"0","rate":"0.03"},{"from":"10000","rate":"0.02"},{"from":"100000","rate":"0.01"}],"subbanks":[],"externalDetailsFields":{"required":["full_name"],"optional":[]}}'),
  ('sbp-rub', 'SBP', '/methods/sbp.svg', '/methods/sbp-big.svg', 'SBP', 'sbp', 'RUB',
   'requisites', NULL,
   '{"minAmount":"300","maxAmount":"150000","priority":2,"multiplyOrdersAllowed":true,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"500","maxAmount":"150000","priority":2,"levels":[{"from":"0","rate":"0.02"}],"subbanks":[{"id":"sber","name":"Sberbank","icon":"/methods/sber.svg"},{"id":"tinkoff","name":"T-Bank","icon":"/methods/tbank.svg"},{"id":"alfa","name":"Alfa-Bank","icon":"/methods/alfa.svg"}],"externalDetailsFields":{"required":[],"optional":[]}}'),
  ('visa-mastercard-rub', 'visa/mastercard', '/methods/visa-mastercard.svg', '/methods/visa-mastercard-big.svg', 'Visa / Mastercard', 'p2p', 'RUB',
   'requisites', NULL,
   '{"minAmount":"1000","maxAmount":"50000","priority":3,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":["email"],"optional":["phone"]}}',
   '{"minAmount":"1000","maxAmount":"100000","priority":3,"levels":[{"from":"0","rate":"0.04"}],"subbanks":[],"externalDetailsFields":{"required":[],"optional":[]}}'),
  ('steam-rub', 'Steam', '/methods/steam.svg', '/methods/steam-big.svg', 'Steam', 'others', 'RUB',
   'requisites', ARRAY['RU', 'BY', 'KZ', 'KG', 'AM', 'AZ', 'MD', 'TJ', 'UZ'],
   NULL,
   '{"minAmount":"200","maxAmount":"15000","priority":10,"levels":[{"from":"0","rate":"0.05"}],"subbanks":[],"externalDetailsFields":{"required":["name"],"optional":[]}}'),
  ('kaspi-kzt', 'Kaspi', '/methods/kaspi.svg', '/methods/kaspi-big.svg', 'Kaspi', 'p2p', 'KZT',
   'requisites', NULL,
   '{"minAmount":"2000","maxAmount":"500000","priority":1,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"5000","maxAmount":"1000000","priority":1,"levels":[{"from":"0","rate":"0.02"}],"subbanks":[],"externalDetailsFields":{"required":["full_name"],"optional":[]}}'),
  ('monobank-uah', 'Monobank', '/methods/monobank.svg', '/methods/monobank-big.svg', 'Monobank', 'p2p', 'UAH',
   'requisites', NULL,
   '{"minAmount":"100","maxAmount":"50000","priority":1,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"200","maxAmount":"50000","priority":1,"levels":[{"from":"0","rate":"0.025"}],"subbanks":[],"externalDetailsFields":{"required":[],"optional":[]}}'),
  ('cross-border-uah', 'Cross-border transfer', '/methods/cross-border.svg', '/methods/cross-border-big.svg', 'Cross-border', 'cross_border', 'UAH',
   'requisites', NULL,
   '{"minAmount":"500","maxAmount":"100000","priority":2,"multiplyOrdersAllowed":true,"externalDetailsFields":{"required":[],"optional":[]}}',
   NULL),
  ('humo-uzs', 'Humo', '/methods/humo.svg', '/methods/humo-big.svg', 'Humo', 'mpayment', 'UZS',
   'requisites', NULL,
   '{"minAmount":"50000","maxAmount":"20000000","priority":1,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":["phone"],"optional":[]}}',
   '{"minAmount":"100000","maxAmount":"20000000","priority":1,"levels":[{"from":"0","rate":"0.02"}],"subbanks":[],"externalDetailsFields":{"required":["phone"],"optional":[]}}'),
  ('blik-pln', 'BLIK', '/methods/blik.svg', '/methods/blik-big.svg', 'BLIK', 'blik', 'PLN',
   'requisites', NULL,
   '{"minAmount":"20","maxAmount":"5000","priority":1,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"50","maxAmount":"5000","priority":1,"levels":[{"from":"0","rate":"0.02"}],"subbanks":[],"externalDetailsFields":{"required":["phone"],"optional":[]}}'),
  ('ovo-idr', 'OVO bank transfer', '/methods/ovo.svg', '/methods/ovo-big.svg', 'OVO', 'account_number', 'IDR',
   'requisites', NULL,
   '{"minAmount":"50000","maxAmount":"50000000","priority":1,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"100000","maxAmount":"50000000","priority":1,"levels":[{"from":"0","rate":"0.02"}],"subbanks":[],"externalDetailsFields":{"required":["full_name"],"optional":[]}}'),
  ('revolut-eur', 'Revolut', '/methods/revolut.svg', '/methods/revolut-big.svg', 'Revolut', 'p2p', 'EUR',
   'external_invoice', NULL,
   '{"minAmount":"10","maxAmount":"5000","priority":1,"multiplyOrdersAllowed":true,"externalDetailsFields":{"required":["email"],"optional":[]}}',
   '{"minAmount":"20","maxAmount":"5000","priority":1,"levels":[{"from":"0","rate":"0.03"}],"subbanks":[],"externalDetailsFields":{"required":["email","full_name_latin"],"optional":[]}}'),
  ('wise-usd', 'Wise', '/methods/wise.svg', '/methods/wise-big.svg', 'Wise', 'p2p', 'USD',
   'external_invoice', NULL,
   '{"minAmount":"10","maxAmount":"5000","priority":1,"multiplyOrdersAllowed":true,"externalDetailsFields":{"required":["email"],"optional":[]}}',
   '{"minAmount":"20","maxAmount":"5000","priority":2,"levels":[{"from":"0","rate":"0.03"},{"from":"1000","rate":"0.02"}],"subbanks":[],"externalDetailsFields":{"required":["email","full_name_latin"],"optional":[]}}'),
  ('visa-mastercard-usd', 'visa/mastercard', '/methods/visa-mastercard.svg', '/methods/visa-mastercard-big.svg', 'Visa / Mastercard', 'p2p', 'USD',
   'requisites', NULL,
   '{"minAmount":"10","maxAmount":"2000","priority":2,"multiplyOrdersAllowed":false,"externalDetailsFields":{"required":[],"optional":[]}}',
   '{"minAmount":"20","maxAmount":"3000","priority":1,"levels":[{"from":"0","rate":"0.04"}],"subbanks":[],"externalDetailsFields":{"required":[],"optional":[]}}');

INSERT INTO fiat_requisites (method_id, recipient_bank, card, phone, bank_name, holder_name)
VALUES
  ('sber-rub', 'Sberbank', '2202200012345678', NULL, 'Sberbank', 'Ivan Petrov'),
  ('sber-rub', 'Sberbank', '2202200087654321', NULL, 'Sberbank', 'Olga Smirnova'),
  ('sbp-rub', 'T-Bank', NULL, '+79161234567', 'T-Bank', 'Pavel Orlov'),
  ('visa-mastercard-rub', 'Alfa-Bank', '4276380012345678', NULL, 'Alfa-Bank', 'Anna Volkova'),
  ('kaspi-kzt', 'Kaspi', '4400430012345678', '+77011234567', 'Kaspi Bank', 'Aigerim Nurlanova'),
  ('monobank-uah', 'Monobank', '5375410012345678', NULL, 'Monobank', 'Taras Kovalenko'),
  ('cross-border-uah', 'PrivatBank', '5168750012345678', NULL, 'PrivatBank', 'Oksana Shevchenko'),
  ('humo-uzs', 'Humo', '9860010012345678', '+998901234567', 'Kapitalbank', 'Dilshod Karimov'),
  ('blik-pln', 'PKO BP', NULL, '+48501234567', 'PKO Bank Polski', 'Jan Kowalski'),
  ('ovo-idr', 'OVO', NULL, '+6281234567890', 'Bank Central Asia', 'Budi Santoso'),
  ('revolut-eur', 'Revolut', NULL, NULL, 'Revolut Bank UAB', 'Sandbox Merchant EU'),
  ('wise-usd', 'Wise', NULL, NULL, 'Wise Payments', 'Sandbox Merchant US'),
  ('visa-mastercard-usd', 'Chase', '4111111111111111', NULL, 'JPMorgan Chase', 'John Smith');
