-- The sportsbook's odds format a player chose (issue 19): decimal until they pick another.
ALTER TABLE users ADD COLUMN odds_format text NOT NULL DEFAULT 'decimal'
  CHECK (odds_format IN ('decimal', 'fractional', 'american'));
