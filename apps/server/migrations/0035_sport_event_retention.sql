-- Ended and cancelled sportsbook events are deleted some days after their last message
-- (FeedRetention, modules/sportsbook/feed/; SPORT_EVENT_RETENTION_DAYS). The feed deletes its own
-- rows in foreign-key order; a player's favourite of such an event goes with it (the favourites
-- module's table: a favourite of an event that no longer exists means nothing), found through
-- an index instead of a scan of every favourite per deleted event.
ALTER TABLE sport_favorites
  DROP CONSTRAINT sport_favorites_event_id_fkey,
  ADD CONSTRAINT sport_favorites_event_id_fkey
    FOREIGN KEY (event_id) REFERENCES sport_events (id) ON DELETE CASCADE;
CREATE INDEX sport_favorites_by_event ON sport_favorites (event_id) WHERE event_id IS NOT NULL;
