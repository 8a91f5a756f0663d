-- The player's rounds of a provider game page by keyset (issue 21 item 6;
-- modules/casino/seamless/seamless.repository.ts `pagePlayerRounds`): a round's place is its
-- first counted transaction's (created_at, id), and a page walks the player's transactions of
-- the game newest first by this index, keeping each round's first (one lookup of the round's
-- transactions by seamless_transactions_round_idx). The id makes the order total; replaces
-- seamless_transactions_player_game_idx (same columns without it, same predicate).
DROP INDEX seamless_transactions_player_game_idx;
CREATE INDEX seamless_transactions_player_game_keyset
  ON seamless_transactions (user_id, provider_id, game_code, created_at DESC, id DESC)
  WHERE round IS NOT NULL AND NOT tombstone;
