-- The double-entry ledger, withdrawal holds, exchange rates, idempotency keys and the player's
-- primary currency. Only the ledger module (src/modules/ledger) writes the ledger tables.

-- The currency balances are shown in (the balance popover's currency switch).
ALTER TABLE users ADD COLUMN primary_currency text NOT NULL DEFAULT 'USD'
  CONSTRAINT users_primary_currency_format CHECK (primary_currency ~ '^[A-Z]{3}$');

-- One account per (owner, currency, kind), created on first use. `balance_minor` is kept in the
-- same transaction as the postings that change it; `ledger-check` proves it equals their sum.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_type text NOT NULL CHECK (owner_type IN ('player', 'platform')),
  user_id uuid REFERENCES users (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  kind text NOT NULL,
  balance_minor bigint NOT NULL DEFAULT 0,
  -- the one lookup key: 'player:<uuid>:USD:main', 'platform::USD:house'
  account_key text GENERATED ALWAYS AS (
    owner_type || ':' || coalesce(user_id::text, '') || ':' || currency || ':' || kind
  ) STORED CONSTRAINT ledger_accounts_account_key UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK ((owner_type = 'player') = (user_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_kind CHECK (
    CASE owner_type
      WHEN 'player' THEN kind IN ('main', 'bonus', 'withdrawal_hold')
      ELSE kind IN ('house', 'provider_clearing', 'fees', 'exchange')
    END
  ),
  -- Players can never owe the platform: the last line of defence behind the ledger's own check.
  CONSTRAINT ledger_accounts_player_balance_not_negative
    CHECK (owner_type <> 'player' OR balance_minor >= 0),
  CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency)
);

CREATE INDEX ledger_accounts_user_idx ON ledger_accounts (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE ledger_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type ~ '^[a-z][a-z_]{0,49}$'),
  -- order id, provider transaction id, chain tx hash…: a credit happens exactly once
  external_reference text CHECK (char_length(external_reference) BETWEEN 1 AND 255),
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transactions_external_reference_key UNIQUE (type, external_reference)
);

CREATE TABLE ledger_postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  -- a posting is in its account's currency
  CONSTRAINT ledger_postings_account FOREIGN KEY (account_id, currency)
    REFERENCES ledger_accounts (id, currency)
);

CREATE INDEX ledger_postings_transaction_idx ON ledger_postings (transaction_id);
CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, id);

-- Postings and transactions are immutable: a correction is a new transaction.
CREATE FUNCTION ledger_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is immutable: post a correcting transaction instead', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_is_immutable();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_immutable();
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_is_immutable();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_immutable();

-- At commit: every transaction has postings, and they sum to zero per currency (amounts are
-- never zero, so a balanced transaction with postings has at least two).
CREATE FUNCTION ledger_postings_balanced_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount_minor) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero per currency', NEW.transaction_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION ledger_transactions_have_postings_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger transaction % has no postings', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_postings_balanced_trigger();
CREATE CONSTRAINT TRIGGER ledger_transactions_have_postings AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION ledger_transactions_have_postings_trigger();

-- Withdrawal holds: money moved from main to withdrawal_hold, later posted (paid out) or voided
-- (returned), each exactly once.
CREATE TABLE ledger_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  reference text NOT NULL CONSTRAINT ledger_holds_reference_key UNIQUE
    CHECK (char_length(reference) BETWEEN 1 AND 255),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  create_transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  settle_transaction_id bigint REFERENCES ledger_transactions (id),
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT ledger_holds_settlement CHECK (
    (status = 'pending') = (settle_transaction_id IS NULL)
    AND (status = 'pending') = (settled_at IS NULL)
  )
);

CREATE INDEX ledger_holds_pending_idx ON ledger_holds (user_id, currency) WHERE status = 'pending';

CREATE FUNCTION ledger_holds_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_holds rows are never deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'hold % is already %', OLD.id, OLD.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.id, NEW.user_id, NEW.currency, NEW.amount_minor, NEW.reference, NEW.create_transaction_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.currency, OLD.amount_minor, OLD.reference, OLD.create_transaction_id, OLD.created_at) THEN
    RAISE EXCEPTION 'only the status of a hold changes' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_holds_transition BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_holds_transition();

-- Posts one transaction in a single round trip. Postings arrive as parallel arrays. Accounts
-- missing are created, then every account is locked in id order (no deadlocks between ledger
-- movements), player balances are checked under the lock, and only then is anything written.
-- Returns the transaction id and whether the external reference had been posted already; or,
-- when a player account would go below zero, nothing written and the first short account.
CREATE FUNCTION ledger_post(
  p_type text,
  p_external_reference text,
  p_metadata jsonb,
  p_owner_types text[],
  p_user_ids uuid[],
  p_currencies text[],
  p_kinds text[],
  p_amounts bigint[]
) RETURNS TABLE (
  transaction_id bigint,
  replayed boolean,
  short_currency text,
  short_balance_minor bigint,
  short_debit_minor bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_transaction_id bigint;
  v_keys text[];
  v_distinct integer;
  v_ids bigint[];
  v_account_keys text[];
  v_owner_types text[];
  v_account_currencies text[];
  v_balances bigint[];
  v_deltas bigint[];
  v_posting_accounts bigint[] := '{}';
  v_posting_currencies text[] := '{}';
  v_index integer;
  v_account integer;
BEGIN
  IF p_external_reference IS NOT NULL THEN
    SELECT t.id INTO v_transaction_id FROM ledger_transactions t
      WHERE t.type = p_type AND t.external_reference = p_external_reference;
    IF FOUND THEN
      RETURN QUERY SELECT v_transaction_id, true, NULL::text, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
  END IF;

  v_keys := ARRAY(
    SELECT w.owner_type || ':' || coalesce(w.user_id::text, '') || ':' || w.currency || ':' || w.kind
    FROM unnest(p_owner_types, p_user_ids, p_currencies, p_kinds) WITH ORDINALITY
      AS w(owner_type, user_id, currency, kind, position)
    ORDER BY w.position
  );
  v_distinct := (SELECT count(DISTINCT k) FROM unnest(v_keys) AS k);

  -- Lock every account in id order (read under the lock: the latest committed balances).
  SELECT array_agg(l.id), array_agg(l.account_key), array_agg(l.owner_type), array_agg(l.currency),
         array_agg(l.balance_minor)
  INTO v_ids, v_account_keys, v_owner_types, v_account_currencies, v_balances
  FROM (
    SELECT a.id, a.account_key, a.owner_type, a.currency, a.balance_minor FROM ledger_accounts a
    WHERE a.account_key = ANY (v_keys) ORDER BY a.id FOR UPDATE
  ) l;

  IF coalesce(cardinality(v_ids), 0) < v_distinct THEN
    -- first use of some account: create it (in key order), then lock them all again
    INSERT INTO ledger_accounts (owner_type, user_id, currency, kind)
    SELECT DISTINCT w.owner_type, w.user_id, w.currency, w.kind
    FROM unnest(p_owner_types, p_user_ids, p_currencies, p_kinds) AS w(owner_type, user_id, currency, kind)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT ledger_accounts_account_key DO NOTHING;

    SELECT array_agg(l.id), array_agg(l.account_key), array_agg(l.owner_type), array_agg(l.currency),
           array_agg(l.balance_minor)
    INTO v_ids, v_account_keys, v_owner_types, v_account_currencies, v_balances
    FROM (
      SELECT a.id, a.account_key, a.owner_type, a.currency, a.balance_minor FROM ledger_accounts a
      WHERE a.account_key = ANY (v_keys) ORDER BY a.id FOR UPDATE
    ) l;
  END IF;

  v_deltas := array_fill(0::bigint, ARRAY[cardinality(v_ids)]);
  FOR v_index IN 1 .. cardinality(v_keys) LOOP
    v_account := array_position(v_account_keys, v_keys[v_index]);
    v_deltas[v_account] := v_deltas[v_account] + p_amounts[v_index];
    v_posting_accounts := v_posting_accounts || v_ids[v_account];
    v_posting_currencies := v_posting_currencies || v_account_currencies[v_account];
  END LOOP;

  FOR v_account IN 1 .. cardinality(v_ids) LOOP
    IF v_owner_types[v_account] = 'player' AND v_balances[v_account] + v_deltas[v_account] < 0 THEN
      RETURN QUERY SELECT NULL::bigint, false, v_account_currencies[v_account],
        v_balances[v_account], -v_deltas[v_account];
      RETURN;
    END IF;
  END LOOP;

  INSERT INTO ledger_transactions AS t (type, external_reference, metadata)
  VALUES (p_type, p_external_reference, p_metadata)
  ON CONFLICT ON CONSTRAINT ledger_transactions_external_reference_key DO NOTHING
  RETURNING t.id INTO v_transaction_id;
  IF v_transaction_id IS NULL THEN
    -- a concurrent duplicate committed while this one waited for the account locks
    SELECT t.id INTO v_transaction_id FROM ledger_transactions t
      WHERE t.type = p_type AND t.external_reference = p_external_reference;
    RETURN QUERY SELECT v_transaction_id, true, NULL::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
  SELECT v_transaction_id, u.account_id, u.currency, u.amount
  FROM unnest(v_posting_accounts, v_posting_currencies, p_amounts) AS u(account_id, currency, amount);

  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor + u.delta, updated_at = now()
  FROM unnest(v_ids, v_deltas) AS u(id, delta)
  WHERE a.id = u.id AND u.delta <> 0;

  RETURN QUERY SELECT v_transaction_id, false, NULL::text, NULL::bigint, NULL::bigint;
END;
$$;

-- Operator-set exchange rates: one unit of `base` is worth `rate` units of `quote`. The rates
-- provider also reads a pair inverted and crosses two pairs through USD.
CREATE TABLE exchange_rates (
  base text NOT NULL CHECK (base ~ '^[A-Z]{2,10}$'),
  quote text NOT NULL CHECK (quote ~ '^[A-Z]{2,10}$'),
  rate numeric NOT NULL CHECK (rate > 0 AND rate < 1e18 AND scale(rate) <= 20),
  set_at timestamptz NOT NULL DEFAULT now(),
  set_by_operator_id uuid REFERENCES operators (id),
  PRIMARY KEY (base, quote),
  CHECK (base <> quote)
);

-- Demo rates (November 2026), every platform currency against USD.
INSERT INTO exchange_rates (base, quote, rate) VALUES
  ('EUR', 'USD', 1.16),
  ('USD', 'RUB', 81.5),
  ('USD', 'KZT', 515),
  ('USD', 'UAH', 42.1),
  ('USD', 'UZS', 12050),
  ('USD', 'AZN', 1.7),
  ('USD', 'PLN', 3.66),
  ('USD', 'IDR', 16650),
  ('USD', 'INR', 88.6),
  ('BTC', 'USD', 96000),
  ('LTC', 'USD', 98.5),
  ('ETH', 'USD', 3400),
  ('USDT', 'USD', 1),
  ('USDC', 'USD', 1),
  ('TON', 'USD', 2.15),
  ('TRX', 'USD', 0.29),
  ('SOL', 'USD', 152),
  ('NOT', 'USD', 0.0021);

-- Idempotency-Key records of money-moving POSTs, written in the same transaction as the work.
CREATE TABLE idempotency_keys (
  -- who sent it: 'player:<uuid>' or 'operator:<uuid>'
  scope text NOT NULL CHECK (char_length(scope) BETWEEN 1 AND 100),
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  request_hash bytea NOT NULL CHECK (octet_length(request_hash) = 32),
  status_code integer CHECK (status_code BETWEEN 200 AND 599),
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key),
  CHECK ((status_code IS NULL) = (response_body IS NULL))
);

CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
