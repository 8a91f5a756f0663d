-- Triggers of ledger_transactions: immutable (ledger_is_immutable), and every statement's new
-- transactions have postings (ledger_transactions_checked).

CREATE OR REPLACE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_is_immutable();

CREATE OR REPLACE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_immutable();

CREATE OR REPLACE TRIGGER ledger_transactions_checked AFTER INSERT ON ledger_transactions
  REFERENCING NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transactions_checked();
