-- Triggers of ledger_holds: each hold is settled once (ledger_holds_transition).

CREATE OR REPLACE TRIGGER ledger_holds_transition BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_holds_transition();
