-- The ledger's integrity, checked once per statement over its new postings (transition table
-- `new_postings`, ledger_postings.triggers.sql) rather than by row-level foreign keys and
-- deferred per-row triggers (fourteen single-row queries per bet round, which also locked the
-- accounts they pointed to): every posting's transaction exists; its account exists in the
-- posting's currency; every transaction the statement posts to sums to zero per currency over
-- all of its postings. A transaction is therefore written in one statement with its postings
-- (ledger_post(), settle_rounds()). What a foreign key also gave, the referenced row
-- staying put, comes from immutability: transactions and postings never change
-- (ledger_is_immutable) and accounts are never deleted nor change owner, currency or kind
-- (ledger_account_is_permanent).

-- Its probes go by index whatever the tables' sizes were when a connection first planned them
-- (enable_seqscan off): a plan cached while a table was nearly empty (a fresh install, the first
-- rounds after it) scanned it whole for every probe until the next ANALYZE, tens of milliseconds
-- a statement once it held some thousands of rows (seen under the bets bench as 90 ms batches).
CREATE OR REPLACE FUNCTION ledger_postings_checked() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_transaction_id bigint;
BEGIN
  -- each transaction and each (account, currency) looked up once, however many postings name it
  -- (a batch of rounds posts to one house account per currency), by its primary key: scalar
  -- subqueries, so that no plan hashes the whole table instead (an anti join may, when the plan
  -- was made while the table was small)
  SELECT n.transaction_id INTO v_transaction_id
  FROM (SELECT DISTINCT transaction_id FROM new_postings) n
  WHERE (SELECT t.id FROM ledger_transactions t WHERE t.id = n.transaction_id) IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not exist', v_transaction_id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_transaction';
  END IF;

  SELECT n.transaction_id INTO v_transaction_id
  FROM (
    SELECT DISTINCT ON (account_id, currency) account_id, currency, transaction_id
    FROM new_postings
  ) n
  WHERE (SELECT a.currency FROM ledger_accounts a WHERE a.id = n.account_id)
    IS DISTINCT FROM n.currency
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % posts to no account of the posting''s currency',
      v_transaction_id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_account';
  END IF;

  -- one index lookup per transaction (amounts are never zero, so a balanced transaction with
  -- postings has at least two)
  SELECT n.transaction_id INTO v_transaction_id
  FROM (SELECT DISTINCT transaction_id FROM new_postings) n
  CROSS JOIN LATERAL (
    SELECT 1 FROM ledger_postings p WHERE p.transaction_id = n.transaction_id
    GROUP BY p.currency HAVING sum(p.amount_minor) <> 0
  ) unbalanced
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero per currency', v_transaction_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;
