-- The player's sport tickets page by keyset (issue 21 item 6; src/lib/history-page.ts): newest
-- first by (placed_at, id), a page after a cursor is `(placed_at, id) < (the cursor's key)`, and
-- `total` counts at most 1,000 from the page's start. The settled list reads the player's
-- tickets by this key and passes over the few open ones; the open list has a partial index of
-- its own, so a player's long settled history is never read to find their open tickets (the
-- query names the same statuses as constants). Replaces (user_id, placed_at), which the
-- back office's list of a player's tickets also reads by this key.
DROP INDEX sport_tickets_user;
CREATE INDEX sport_tickets_user_keyset ON sport_tickets (user_id, placed_at DESC, id DESC);
CREATE INDEX sport_tickets_user_open ON sport_tickets (user_id, placed_at DESC, id DESC)
  WHERE status IN ('pending', 'accepted');
