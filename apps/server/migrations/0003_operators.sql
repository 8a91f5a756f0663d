-- Operators (backoffice staff), their sessions and the audit trail of what they did.

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CONSTRAINT operators_email_key UNIQUE
    CONSTRAINT operators_email_normalised CHECK (email = lower(btrim(email)) AND char_length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'finance', 'support')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL CONSTRAINT operator_sessions_token_hash_key UNIQUE
    CHECK (octet_length(token_hash) = 32),
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip inet,
  user_agent text CHECK (char_length(user_agent) <= 512),
  CHECK (expires_at > created_at)
);

CREATE INDEX operator_sessions_operator_id_idx ON operator_sessions (operator_id);
CREATE INDEX operator_sessions_expires_at_idx ON operator_sessions (expires_at);

-- Append-only: rows are never updated or deleted by the application.
CREATE TABLE operator_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id),
  action text NOT NULL CHECK (action ~ '^[a-z_]+(\.[a-z_]+)*$'),
  target_type text NOT NULL CHECK (char_length(target_type) BETWEEN 1 AND 50),
  target_id text NOT NULL CHECK (char_length(target_id) BETWEEN 1 AND 100),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip inet,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX operator_audit_log_target_idx ON operator_audit_log (target_type, target_id, created_at DESC);
CREATE INDEX operator_audit_log_operator_idx ON operator_audit_log (operator_id, created_at DESC);

CREATE FUNCTION operator_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only';
END;
$$;

CREATE TRIGGER operator_audit_log_append_only
  BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_is_append_only();
