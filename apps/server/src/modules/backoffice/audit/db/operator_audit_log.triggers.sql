-- Triggers of operator_audit_log: append-only (operator_audit_log_is_append_only).

CREATE OR REPLACE TRIGGER operator_audit_log_append_only
  BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_is_append_only();
