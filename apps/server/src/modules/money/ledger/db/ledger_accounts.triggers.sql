-- Triggers of ledger_accounts: permanent, only the balance moves (ledger_account_is_permanent).

CREATE OR REPLACE TRIGGER ledger_accounts_permanent
  BEFORE UPDATE OF id, owner_type, user_id, currency, kind OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_is_permanent();

CREATE OR REPLACE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_is_permanent();
