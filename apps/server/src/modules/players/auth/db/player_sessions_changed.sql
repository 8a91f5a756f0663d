-- A player's sign-in sessions or row changed: every server process drops what its session cache
-- keeps of that player (players/auth/session-cache.ts) when the change commits. The notification
-- is the cache-invalidation channel's (lib/cache-invalidation.ts), `players.sessions:<user id>`;
-- PostgreSQL sends one per player and transaction however many rows changed. Fired after an
-- update of users (any column: auth's cache holds the player's row, so no writer can be
-- forgotten; players/accounts/db/users.triggers.sql) and after a session's end, expiry or owner
-- changes or an open one is deleted (sessions.triggers.sql) — not when last_seen_at moves.

CREATE OR REPLACE FUNCTION player_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('cache_invalidation', 'players.sessions:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('cache_invalidation', 'players.sessions:' || OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('cache_invalidation', 'players.sessions:' || NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
