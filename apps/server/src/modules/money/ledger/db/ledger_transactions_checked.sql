-- Every new ledger transaction has postings, checked once per statement over its new rows
-- (transition table `new_transactions`, ledger_transactions.triggers.sql); that they sum to zero
-- is ledger_postings_checked's part.

-- Its probes go by index whatever the tables' sizes were when a connection first planned them
-- (enable_seqscan off): a plan cached while a table was nearly empty (a fresh install, the first
-- rounds after it) scanned it whole for every probe until the next ANALYZE, tens of milliseconds
-- a statement once it held some thousands of rows (seen under the bets bench as 90 ms batches).
CREATE OR REPLACE FUNCTION ledger_transactions_checked() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_transaction_id bigint;
BEGIN
  -- one index probe per transaction: a scalar subquery, so that no plan hashes every posting
  -- instead (an anti join may, when the plan was made while the table was small)
  SELECT n.id INTO v_transaction_id FROM new_transactions n
  WHERE (SELECT p.transaction_id FROM ledger_postings p WHERE p.transaction_id = n.id LIMIT 1)
    IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % has no postings', v_transaction_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;
