-- Time-out and self-exclusion (issue 22): the exclusion in force per player, every change of it,
-- and the sandbox of the national self-exclusion registry hook. Owned by
-- modules/players/protection; the period arithmetic is packages/contract/src/exclusion.ts.

-- The exclusion in force (or a self-exclusion that ended and was not reopened yet): one row per
-- player, lengthened in place, deleted when it no longer applies (a time-out that ended, a
-- self-exclusion whose asked reopening came). Every money path's check reads it (FOR SHARE).
CREATE TABLE player_exclusions (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('time_out', 'self_exclusion')),
  started_at timestamptz NOT NULL,
  -- null: indefinite (a self-exclusion only)
  until timestamptz,
  -- who set it: null the player, else the operator acting on the player's behalf
  operator_id uuid REFERENCES operators (id),
  -- an ended self-exclusion the player asked to reopen: the account reopens then
  reopens_at timestamptz,
  updated_at timestamptz NOT NULL,
  CONSTRAINT player_exclusions_time_out_ends CHECK (kind = 'self_exclusion' OR until IS NOT NULL),
  CONSTRAINT player_exclusions_reopen CHECK (
    reopens_at IS NULL OR (kind = 'self_exclusion' AND until IS NOT NULL)
  )
);

-- Every change: started, lengthened, reopen_requested, reopened, ended (who and when).
CREATE TABLE player_exclusion_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  action text NOT NULL
    CHECK (action IN ('started', 'lengthened', 'reopen_requested', 'reopened', 'ended')),
  kind text NOT NULL CHECK (kind IN ('time_out', 'self_exclusion')),
  until timestamptz,
  operator_id uuid REFERENCES operators (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX player_exclusion_history_user_idx
  ON player_exclusion_history (user_id, created_at DESC, id DESC);

-- The sandbox registry (RG_REGISTRY=sandbox): entries the operator seeds. An entry lists a
-- person when each of its non-null fields matches: the e-mail (normalised like users.email) and
-- the date of birth.
CREATE TABLE rg_registry_sandbox_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text CHECK (email = lower(btrim(email))),
  date_of_birth date,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rg_registry_sandbox_entries_something CHECK (
    email IS NOT NULL OR date_of_birth IS NOT NULL
  )
);
CREATE INDEX rg_registry_sandbox_entries_email_idx ON rg_registry_sandbox_entries (email);

-- A deposit credited while the player is excluded (a crypto transfer they did not time): money
-- is never lost, the operator is told.
ALTER TABLE player_protection_flags DROP CONSTRAINT player_protection_flags_kind_check;
ALTER TABLE player_protection_flags ADD CONSTRAINT player_protection_flags_kind_check
  CHECK (kind IN ('deposit_over_limit', 'deposit_while_excluded'));
