-- ledger_post(): one ledger movement in a single round trip (LedgerRepository.post).
--
-- Postings arrive as parallel arrays (owner type, user id, currency, kind, amount). Accounts
-- missing are created; the player accounts are locked in id order (no deadlocks between ledger
-- movements) and their balances checked under the lock; only then is anything written: the
-- transaction with its postings in one statement (the ledger's statement checks,
-- ledger_postings_checked and ledger_transactions_checked, run at its end), then the player
-- balances. Platform accounts (the house every bet posts to, a provider's clearing account) are
-- read without a lock and never updated: a platform account's balance is the sum of its postings
-- (its balance_minor stays 0; `npm run ledger:check` verifies both), so it is no queue.
--
-- Returns the transaction id and whether the external reference had been posted already; or,
-- when a player account would go below zero, nothing written and the first short account
-- (currency, balance, debit).

CREATE OR REPLACE FUNCTION ledger_post(
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

  -- Lock the player accounts in id order (read under the lock: the latest committed balances);
  -- platform accounts are read without a lock: their rows never change.
  PERFORM 1 FROM ledger_accounts a
    WHERE a.account_key = ANY (v_keys) AND a.owner_type = 'player' ORDER BY a.id FOR UPDATE;
  SELECT array_agg(l.id), array_agg(l.account_key), array_agg(l.owner_type), array_agg(l.currency),
         array_agg(l.balance_minor)
  INTO v_ids, v_account_keys, v_owner_types, v_account_currencies, v_balances
  FROM (
    SELECT a.id, a.account_key, a.owner_type, a.currency, a.balance_minor FROM ledger_accounts a
    WHERE a.account_key = ANY (v_keys) ORDER BY a.id
  ) l;

  IF coalesce(cardinality(v_ids), 0) < v_distinct THEN
    -- first use of some account: create it (in key order), then lock them all again
    INSERT INTO ledger_accounts (owner_type, user_id, currency, kind)
    SELECT DISTINCT w.owner_type, w.user_id, w.currency, w.kind
    FROM unnest(p_owner_types, p_user_ids, p_currencies, p_kinds) AS w(owner_type, user_id, currency, kind)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT ledger_accounts_account_key DO NOTHING;

    PERFORM 1 FROM ledger_accounts a
      WHERE a.account_key = ANY (v_keys) AND a.owner_type = 'player' ORDER BY a.id FOR UPDATE;
    SELECT array_agg(l.id), array_agg(l.account_key), array_agg(l.owner_type), array_agg(l.currency),
           array_agg(l.balance_minor)
    INTO v_ids, v_account_keys, v_owner_types, v_account_currencies, v_balances
    FROM (
      SELECT a.id, a.account_key, a.owner_type, a.currency, a.balance_minor FROM ledger_accounts a
      WHERE a.account_key = ANY (v_keys) ORDER BY a.id
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

  -- the transaction and its postings in one statement: the ledger's checks run at its end
  WITH created AS (
    INSERT INTO ledger_transactions AS t (type, external_reference, metadata)
    VALUES (p_type, p_external_reference, p_metadata)
    ON CONFLICT ON CONSTRAINT ledger_transactions_external_reference_key DO NOTHING
    RETURNING t.id
  ), posted AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
    SELECT c.id, u.account_id, u.currency, u.amount
    FROM created c
    CROSS JOIN unnest(v_posting_accounts, v_posting_currencies, p_amounts)
      AS u(account_id, currency, amount)
  )
  SELECT c.id INTO v_transaction_id FROM created c;
  IF v_transaction_id IS NULL THEN
    -- a concurrent duplicate committed while this one waited for the account locks
    SELECT t.id INTO v_transaction_id FROM ledger_transactions t
      WHERE t.type = p_type AND t.external_reference = p_external_reference;
    RETURN QUERY SELECT v_transaction_id, true, NULL::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  -- Only player balances are kept on the row (under the lock taken above); a platform account's
  -- balance is the sum of its postings.
  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor + u.delta, updated_at = now()
  FROM unnest(v_ids, v_deltas, v_owner_types) AS u(id, delta, owner_type)
  WHERE a.id = u.id AND u.delta <> 0 AND u.owner_type = 'player';

  RETURN QUERY SELECT v_transaction_id, false, NULL::text, NULL::bigint, NULL::bigint;
END;
$$;
