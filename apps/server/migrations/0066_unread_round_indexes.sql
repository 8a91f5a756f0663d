-- Issue 18 (the bets ratio): two indexes every round wrote and nothing read.
-- game_rounds_user (user_id, created_at DESC): a player's round history reads
-- game_rounds_user_game_keyset (migration 0046, user_id leading), an open round
-- game_rounds_open, a game's recent rounds game_rounds_game_recent; nothing lists a player's
-- rounds of every game by time.
DROP INDEX IF EXISTS game_rounds_user;
-- game_last_played_recent (user_id, played_at DESC): the last-played filter and order read the
-- primary key (user_id, game_id); with played_at in no index, a round's last-played update is a
-- HOT update (no index entry written) instead of a new entry in both indexes.
DROP INDEX IF EXISTS game_last_played_recent;
