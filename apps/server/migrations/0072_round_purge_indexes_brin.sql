-- Issue 21 (the bets ratio): two B-tree entries every instant round wrote for a purge job only.
-- idempotency_keys_created_at_idx serves purgeOlderThan (lib/idempotency.ts) and
-- realtime_history_created_at serves deleteHistoryBefore (realtime.repository.ts): each a range
-- delete of the rows older than a time, run now and then; nothing else reads created_at of
-- either table. A round writes one row of each (its idempotency record, its balance
-- publication), so each took a B-tree entry a round (about 250 bytes of WAL a round between
-- them, measured by bench/bets-db-cost.ts). Rows arrive in created_at order, so a BRIN index finds
-- the old block ranges for next to nothing at insert (as ledger_transactions' created_at,
-- migration 0066). Where a purge or the history's trimming freed space that later rows reuse,
-- a block range's summary widens and the purge reads more blocks than it deletes from: still a
-- range scan, never a wrong answer.
DROP INDEX IF EXISTS idempotency_keys_created_at_idx;
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys
  USING brin (created_at) WITH (autosummarize = on);
DROP INDEX IF EXISTS realtime_history_created_at;
CREATE INDEX realtime_history_created_at ON realtime_history
  USING brin (created_at) WITH (autosummarize = on);
