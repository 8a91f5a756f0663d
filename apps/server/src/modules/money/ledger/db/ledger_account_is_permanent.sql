-- A ledger account is permanent and keeps its identity (owner, currency, kind); only its balance
-- moves. The postings' statement checks rely on it (ledger_postings_checked). Fired before an
-- update of those columns, a delete or a truncate of ledger_accounts
-- (ledger_accounts.triggers.sql).

CREATE OR REPLACE FUNCTION ledger_account_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.owner_type, NEW.user_id, NEW.currency, NEW.kind)
        IS NOT DISTINCT FROM (OLD.id, OLD.owner_type, OLD.user_id, OLD.currency, OLD.kind) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger accounts are permanent: only their balance changes'
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
