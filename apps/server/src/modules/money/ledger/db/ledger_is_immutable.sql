-- Ledger transactions and postings are immutable: a correction is a new transaction.
-- Fired before an update, a delete or a truncate of either table (ledger_transactions.triggers.sql,
-- ledger_postings.triggers.sql).

CREATE OR REPLACE FUNCTION ledger_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is immutable: post a correcting transaction instead', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
