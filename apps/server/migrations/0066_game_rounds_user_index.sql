-- Issue 18 (the bets ratio): game_rounds_user (user_id, created_at DESC) has no reader any more
-- and was written by every round. A player's round history reads game_rounds_user_game_keyset
-- (migration 0046, user_id leading), an open round game_rounds_open, a game's recent rounds
-- game_rounds_game_recent; nothing lists a player's rounds of every game by time.
DROP INDEX IF EXISTS game_rounds_user;
