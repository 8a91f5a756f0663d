-- The instant path takes players holding a bonus (issue 21): a round computed from what its
-- process kept may now carry the active bonus it was computed from, and settle_rounds
-- (money/wagering/db/) compares that with the bonus row under its lock, then adds the round's
-- wagering. Null in all five: no kept bonus (a round without a bonus, or the general path's,
-- whose bonus engine plans and counts the wagering in the request's transaction).
ALTER TYPE wager_round
  -- the game's contribution to the bonus's wagering, in percent (the offer's games list)
  ADD ATTRIBUTE bonus_percent integer,
  -- the bonus's wagering progress and requirement as kept (minor units of the bonus currency)
  ADD ATTRIBUTE bonus_wager_current bigint,
  ADD ATTRIBUTE bonus_wager_total bigint,
  -- its free spins left and its maximum bet as kept (null maximum: none)
  ADD ATTRIBUTE bonus_freespins_left integer,
  ADD ATTRIBUTE bonus_max_bet bigint;
