-- The repeatable migrations applied (src/db/migrate.ts): every stored function and trigger is
-- defined once, in `src/modules/<module>/db/<name>.sql`, and applied again after the numbered
-- migrations whenever its file's content differs from the one recorded here. From this migration
-- on, numbered migrations hold table changes only.

CREATE TABLE schema_repeatables (
  -- the file name without `.sql`: `ledger_post`, `ledger_postings.triggers`
  name text PRIMARY KEY,
  -- SHA-256 of the file's content, hex
  checksum text NOT NULL CHECK (octet_length(checksum) = 64),
  applied_at timestamptz NOT NULL DEFAULT now()
);
