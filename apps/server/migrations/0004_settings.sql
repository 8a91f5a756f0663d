-- Operator-editable platform settings, one JSON document per key.
CREATE TABLE settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_operator_id uuid REFERENCES operators (id)
);
