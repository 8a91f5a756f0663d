-- A player's sportsbook favourites (issue 19, src/modules/sportsbook/favorites/): events and
-- leagues, each exactly one of the two, both kept by reference so an unknown id cannot be stored.
CREATE TABLE sport_favorites (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id bigint REFERENCES sport_events (id),
  league_id text REFERENCES sport_tournaments (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((event_id IS NULL) <> (league_id IS NULL))
);
CREATE UNIQUE INDEX sport_favorites_event ON sport_favorites (user_id, event_id)
  WHERE event_id IS NOT NULL;
CREATE UNIQUE INDEX sport_favorites_league ON sport_favorites (user_id, league_id)
  WHERE league_id IS NOT NULL;
