-- The back office's administration (issue 24): the operator's time zone, TOTP secrets encrypted at
-- rest, and the audit log's filters.

-- The IANA time zone the back office shows dates in (null: the browser's).
ALTER TABLE operators
  ADD COLUMN time_zone text CHECK (char_length(time_zone) BETWEEN 1 AND 64);

-- TOTP secrets are stored AES-256-GCM encrypted (`v1:` + base64 of nonce, tag and ciphertext,
-- OPERATOR_TOTP_KEY); a 32-character base32 secret takes 83 characters. Secrets stored plain
-- before this are encrypted by the server at start (it holds the key, the database does not).
ALTER TABLE operators
  DROP CONSTRAINT operators_totp_secret_check,
  DROP CONSTRAINT operators_totp_pending_secret_check,
  ADD CONSTRAINT operators_totp_secret_check CHECK (char_length(totp_secret) BETWEEN 16 AND 256),
  ADD CONSTRAINT operators_totp_pending_secret_check
    CHECK (char_length(totp_pending_secret) BETWEEN 16 AND 256);

-- The audit log is read newest first (keyset on id), filtered by action or by operator.
CREATE INDEX operator_audit_log_action_idx ON operator_audit_log (action, id DESC);
CREATE INDEX operator_audit_log_operator_id_idx ON operator_audit_log (operator_id, id DESC);
