-- Issue 18 (the bets ratio): indexes every round wrote, two of them read by nothing.
-- game_rounds_user (user_id, created_at DESC): a player's round history reads
-- game_rounds_user_game_keyset (migration 0046, user_id leading), an open round
-- game_rounds_open, a game's recent rounds game_rounds_game_recent; nothing lists a player's
-- rounds of every game by time.
DROP INDEX IF EXISTS game_rounds_user;
-- game_last_played_recent (user_id, played_at DESC): the last-played filter and order read the
-- primary key (user_id, game_id); with played_at in no index, a round's last-played update is a
-- HOT update (no index entry written) instead of a new entry in both indexes.
DROP INDEX IF EXISTS game_last_played_recent;
-- ledger_transactions_created_at_idx (migration 0059) serves the operators' reports, a period's
-- transactions, and took a B-tree entry for every ledger transaction (one or two a round). The
-- table is append-only and created_at follows its physical order, so a BRIN index serves the
-- same ranges (a report reads the block ranges of its period) for next to nothing at insert: a
-- new row lands in a block range not summarised yet (autosummarize sums it up in the
-- background; until then a report reads that range whole).
DROP INDEX IF EXISTS ledger_transactions_created_at_idx;
CREATE INDEX ledger_transactions_created_at_idx ON ledger_transactions
  USING brin (created_at) WITH (autosummarize = on);
