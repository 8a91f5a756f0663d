-- Holds (a withdrawal's money moved from main to withdrawal_hold, a bet's from main and bonus to
-- bet_hold) are posted (paid out) or voided
-- (returned) exactly once: a hold is never deleted, only a pending hold changes, and only its
-- status and settlement. Fired before an update or a delete of ledger_holds
-- (ledger_holds.triggers.sql).

CREATE OR REPLACE FUNCTION ledger_holds_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_holds rows are never deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'hold % is already %', OLD.id, OLD.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.id, NEW.user_id, NEW.currency, NEW.amount_minor, NEW.bonus_amount_minor, NEW.kind, NEW.reference, NEW.create_transaction_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.currency, OLD.amount_minor, OLD.bonus_amount_minor, OLD.kind, OLD.reference, OLD.create_transaction_id, OLD.created_at) THEN
    RAISE EXCEPTION 'only the status of a hold changes' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
