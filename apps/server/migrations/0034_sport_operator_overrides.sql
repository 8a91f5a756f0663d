-- Operators over the odds feed (issue 19, src/modules/sportsbook/feed/trading.*): an event or a
-- market held suspended, and an outcome's price overridden. They sit beside the feed's own state,
-- which ingestion keeps writing underneath; the catalog's reads show players the effective state
-- (an operator suspension turns an active market suspended, an override replaces the price), so
-- a resume or a removed override shows the feed's current state at once.
ALTER TABLE sport_events ADD COLUMN operator_suspended boolean NOT NULL DEFAULT false;
ALTER TABLE sport_markets ADD COLUMN operator_suspended boolean NOT NULL DEFAULT false;
-- on the book's odds ladder, checked by the service; null: the feed's price
ALTER TABLE sport_outcomes ADD COLUMN operator_odds numeric
  CHECK (operator_odds >= 1.01 AND operator_odds <= 1000);
