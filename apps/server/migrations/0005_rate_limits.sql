-- Fixed-window counters shared by every server process (login and registration throttling).
CREATE TABLE rate_limit_counters (
  bucket text NOT NULL CHECK (char_length(bucket) BETWEEN 1 AND 64),
  -- what is counted within the bucket: a client IP or a normalised account e-mail
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 320),
  window_start timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (bucket, subject, window_start),
  CHECK (expires_at > window_start)
);

CREATE INDEX rate_limit_counters_expires_at_idx ON rate_limit_counters (expires_at);
