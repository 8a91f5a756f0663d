-- Free bets of game aggregators (issue 17): a `/transaction/bet` with `is_free: true` is a bet
-- the provider funds (a reward it granted the player), so it takes nothing from the player and
-- makes no ledger movement; its win is credited as usual. It is still recorded like any bet: a
-- repeat of its transaction_uuid gets the first answer, a rollback marks it rolled back (and
-- refunds nothing), and the player's round history shows it.

ALTER TABLE seamless_transactions
  ADD COLUMN is_free boolean NOT NULL DEFAULT false,
  -- the provider's reward the free bet was played from, as sent (`reward_uuid`), for reconciling
  -- with the provider's statement
  ADD COLUMN reward_uuid text CHECK (char_length(reward_uuid) BETWEEN 1 AND 255),
  ADD CONSTRAINT seamless_transactions_free_bets CHECK (
    NOT is_free OR (
      kind = 'bet'
      AND ledger_transaction_id IS NULL
      AND rollback_ledger_transaction_id IS NULL
      AND bonus_id IS NULL
      AND bonus_amount_minor = 0
    )
  );

-- The player's rounds of one provider game, newest first (GET /api/v2/games/{id}/provider-rounds).
CREATE INDEX seamless_transactions_player_game_idx
  ON seamless_transactions (user_id, provider_id, game_code, created_at DESC)
  WHERE round IS NOT NULL AND NOT tombstone;
