-- Operators' responsible-gambling tools (issue 22, operators' slice): who set each limit and who
-- asked for its pending change (a player or an operator), who made each change and why, and the
-- flags' resolution. Owned by modules/players/protection.

-- NULL: the player; else the operator who imposed the amount in force / asked for the pending one.
ALTER TABLE player_limits
  ADD COLUMN set_by_operator_id uuid REFERENCES operators (id),
  ADD COLUMN pending_by_operator_id uuid REFERENCES operators (id);

-- NULL operator_id: the player (or, for 'matured', the cooling-off running out); an operator's
-- change carries the reason they gave.
-- currency (added by 0054): the limit's (its amounts' unit; 'MIN' for a session limit), so a
-- history entry of a limit since removed still reads in its currency.
ALTER TABLE player_limit_changes
  ADD COLUMN operator_id uuid REFERENCES operators (id),
  ADD COLUMN reason text CHECK (char_length(reason) <= 500),
  ADD CONSTRAINT player_limit_changes_operator_reason CHECK (
    (operator_id IS NULL) = (reason IS NULL)
  );
-- the keyset of a player's history: newest first, id breaking ties
CREATE INDEX player_limit_changes_user_key_idx ON player_limit_changes (user_id, created_at DESC, id DESC);
DROP INDEX player_limit_changes_user_idx;

-- Flags: a limit reached (one open per player and limit), many limit increases (one open per
-- player), a deposit credited past a limit or during an exclusion (0053); an operator resolves
-- them with a note.
ALTER TABLE player_protection_flags
  DROP CONSTRAINT player_protection_flags_kind_check,
  ADD CONSTRAINT player_protection_flags_kind_check CHECK (
    kind IN (
      'deposit_over_limit', 'deposit_while_excluded', 'limit_reached', 'many_limit_increases'
    )
  ),
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by_operator_id uuid REFERENCES operators (id),
  ADD COLUMN resolution_note text CHECK (char_length(resolution_note) <= 1000),
  ADD CONSTRAINT player_protection_flags_resolution CHECK (
    (resolved_at IS NULL) = (resolved_by_operator_id IS NULL)
    AND (resolved_at IS NULL) = (resolution_note IS NULL)
  );
-- at most one open flag of a kind per player and limit (the deposit flags: one per deposit)
CREATE UNIQUE INDEX player_protection_flags_open_idx
  ON player_protection_flags (
    user_id, kind, (coalesce(details ->> 'type', '')), (coalesce(details ->> 'period', ''))
  )
  WHERE resolved_at IS NULL AND kind NOT IN ('deposit_over_limit', 'deposit_while_excluded');
-- the operators' lists: open or resolved, newest first (all players, and one player's)
CREATE INDEX player_protection_flags_status_idx
  ON player_protection_flags ((resolved_at IS NULL), created_at DESC, id DESC);
CREATE INDEX player_protection_flags_user_key_idx
  ON player_protection_flags (user_id, created_at DESC, id DESC);
DROP INDEX player_protection_flags_user_idx;
