-- Keyset pages of the players' histories (issue 21 item 6; src/lib/history-page.ts). A page after a
-- cursor is `(key…) < (cursor's key…)` under the owner's columns, newest first: each of these
-- indexes serves it (and the capped count from the page's start) without reading the rows before.
-- The originals' round history: a player's rounds of one game by created_at, nonce, id. The old
-- (user_id, created_at) index read every round of every game of the player to find one game's.
CREATE INDEX game_rounds_user_game_keyset
  ON game_rounds (user_id, game_id, created_at DESC, nonce DESC, id DESC);
-- The back office's lists of every player's fiat orders and crypto withdrawals, newest first
-- (crypto deposits already have crypto_deposits_created_idx).
CREATE INDEX fiat_orders_created_idx ON fiat_orders (created_at DESC, id DESC);
CREATE INDEX crypto_withdrawals_created_idx ON crypto_withdrawals (created_at DESC, id DESC);
