-- The operators' audit trail is append-only: rows are never updated or deleted. Fired before an
-- update or a delete of operator_audit_log (operator_audit_log.triggers.sql).

CREATE OR REPLACE FUNCTION operator_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only';
END;
$$;
