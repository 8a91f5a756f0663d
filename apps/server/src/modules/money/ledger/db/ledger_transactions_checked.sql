-- Every new ledger transaction has postings, checked once per statement over its new rows
-- (transition table `new_transactions`, ledger_transactions.triggers.sql); that they sum to zero
-- is ledger_postings_checked's part.

CREATE OR REPLACE FUNCTION ledger_transactions_checked() RETURNS trigger LANGUAGE plpgsql AS $$
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
