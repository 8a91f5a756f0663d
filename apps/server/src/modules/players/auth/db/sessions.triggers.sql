-- Triggers of sessions: a session ended, its expiry or owner changed, or an open one deleted
-- tells every server process to drop its player's kept sessions (player_sessions_changed.sql).
-- last_seen_at, written once a minute per session, tells nobody.

CREATE OR REPLACE TRIGGER sessions_changed AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION player_sessions_changed();

CREATE OR REPLACE TRIGGER sessions_open_deleted AFTER DELETE ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION player_sessions_changed();
