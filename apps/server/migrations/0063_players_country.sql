-- The back office's players (issue 24): the country a player registered from (the geo-IP of the
-- registration request; null when unknown, and for players registered before this migration),
-- filterable in the operators' player search.
ALTER TABLE users
  ADD COLUMN country text CONSTRAINT users_country_iso CHECK (country ~ '^[A-Z]{2}$');
CREATE INDEX users_country_idx ON users (country, created_at DESC) WHERE country IS NOT NULL;
