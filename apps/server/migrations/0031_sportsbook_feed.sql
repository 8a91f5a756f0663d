-- The sportsbook's catalog and the odds feed's state (issue 19), written by the feed's ingestion
-- (src/modules/sportsbook/feed/): sports, categories, tournaments (leagues), events, markets and
-- outcomes, the producers' heartbeats, and what makes ingestion idempotent and order-independent.
--
-- Every message of an event carries a version that grows across message types. Each part of the
-- state is a register that the newest message touching it wins (an event's status/score/clock,
-- a market's status, its prices, its results, its cancellation), so messages applied twice, late
-- or in any order end in the state the ordered sequence gives; `sport_applied_versions` drops an
-- exact repeat at once.

-- Sports and e-sports, by the industry's numeric sport id (1 soccer, 5 tennis, 109 Counter-Strike).
CREATE TABLE sport_sports (
  id integer PRIMARY KEY CHECK (id > 0),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('sport', 'esport')),
  position integer NOT NULL
);

-- The sports list the player app shows (apps/web/src/features/sportsbook/sports.ts), with the
-- industry's ids and slugs.
INSERT INTO sport_sports (id, slug, name, kind, position) VALUES
  (1, 'soccer', 'Soccer', 'sport', 1),
  (5, 'tennis', 'Tennis', 'sport', 2),
  (2, 'basketball', 'Basketball', 'sport', 3),
  (4, 'ice-hockey', 'Ice hockey', 'sport', 4),
  (23, 'volleyball', 'Volleyball', 'sport', 5),
  (20, 'table-tennis', 'Table tennis', 'sport', 6),
  (109, 'counter-strike', 'Counter-Strike', 'esport', 7),
  (111, 'dota-2', 'Dota 2', 'esport', 8),
  (110, 'league-of-legends', 'League of Legends', 'esport', 9),
  (194, 'valorant', 'Valorant', 'esport', 10),
  (16, 'american-football', 'American football', 'sport', 11),
  (12, 'rugby', 'Rugby', 'sport', 12),
  (117, 'mma', 'MMA', 'sport', 13),
  (22, 'darts', 'Darts', 'sport', 14);

-- A country or region of a sport (the feed's id, e.g. 'sr:category:1').
CREATE TABLE sport_categories (
  id text PRIMARY KEY,
  sport_id integer NOT NULL REFERENCES sport_sports (id),
  name text NOT NULL
);

-- A league.
CREATE TABLE sport_tournaments (
  id text PRIMARY KEY,
  sport_id integer NOT NULL REFERENCES sport_sports (id),
  category_id text NOT NULL REFERENCES sport_categories (id),
  name text NOT NULL
);

-- The feed's producers; `down_since` set: every market of their events is suspended.
CREATE TABLE sport_producers (
  id text PRIMARY KEY CHECK (id IN ('live', 'prematch')),
  last_alive_at timestamptz,
  subscribed boolean NOT NULL DEFAULT true,
  down_since timestamptz
);
INSERT INTO sport_producers (id) VALUES ('live'), ('prematch');

CREATE TABLE sport_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the feed's id ('sr:match:123')
  feed_id text NOT NULL UNIQUE,
  sport_id integer NOT NULL REFERENCES sport_sports (id),
  tournament_id text NOT NULL REFERENCES sport_tournaments (id),
  home_id text NOT NULL,
  home_name text NOT NULL,
  away_id text NOT NULL,
  away_name text NOT NULL,
  starts_at timestamptz NOT NULL,
  -- the fixture register: the newest fixture_change (by its timestamp) wins
  fixture_status text NOT NULL CHECK (fixture_status IN ('not_started', 'live', 'ended', 'cancelled')),
  fixture_timestamp bigint NOT NULL,
  -- the state register: the newest odds_change (by version) wins; 0 before any
  state_status text CHECK (state_status IN ('not_started', 'live', 'ended', 'cancelled')),
  score jsonb,
  clock jsonb,
  state_version bigint NOT NULL DEFAULT 0,
  -- what the player sees: cancelled when the fixture is withdrawn, else the newest state
  status text NOT NULL GENERATED ALWAYS AS (
    CASE WHEN fixture_status = 'cancelled' THEN 'cancelled'
         ELSE coalesce(state_status, fixture_status) END
  ) STORED,
  -- the newest version of any message applied
  version bigint NOT NULL DEFAULT 0,
  -- who sent the newest state (a producer going down suspends its events' markets)
  producer text NOT NULL REFERENCES sport_producers (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sport_events_listing ON sport_events (sport_id, status, starts_at, id);
CREATE INDEX sport_events_tournament ON sport_events (tournament_id, status, starts_at, id);
CREATE INDEX sport_events_producer ON sport_events (producer) WHERE status IN ('not_started', 'live');

-- The versions applied per event: a repeated message is dropped at once.
CREATE TABLE sport_applied_versions (
  event_id bigint NOT NULL REFERENCES sport_events (id),
  version bigint NOT NULL,
  PRIMARY KEY (event_id, version)
);

-- Bet stops as received, so a market created by an older message arrives suspended.
CREATE TABLE sport_bet_stops (
  event_id bigint NOT NULL REFERENCES sport_events (id),
  version bigint NOT NULL,
  -- null: every market of the event
  market_type_ids integer[],
  PRIMARY KEY (event_id, version)
);

CREATE TABLE sport_markets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES sport_events (id),
  type_id integer NOT NULL,
  specifiers jsonb NOT NULL,
  -- marketKey(type_id, specifiers): '18|total=2.5'
  key text NOT NULL,
  -- the status register (odds_change, settlement, cancel, rollbacks; newest version wins)
  base_status text NOT NULL
    CHECK (base_status IN ('active', 'suspended', 'deactivated', 'settled', 'cancelled', 'handed_over')),
  status_version bigint NOT NULL,
  -- what the player sees: the base status, suspended by a newer bet stop or a producer down
  status text NOT NULL
    CHECK (status IN ('active', 'suspended', 'deactivated', 'settled', 'cancelled', 'handed_over')),
  -- the price register (odds_change): version of the outcomes' prices, 0 before any
  odds_version bigint NOT NULL DEFAULT 0,
  -- the result register (settlement, its rollback): 0 before any
  result_version bigint NOT NULL DEFAULT 0,
  certainty smallint CHECK (certainty IN (1, 2)),
  -- the cancellation register (bet_cancel, its rollback): 0 before any
  cancel_version bigint NOT NULL DEFAULT 0,
  cancelled boolean NOT NULL DEFAULT false,
  cancel_from timestamptz,
  cancel_to timestamptz,
  cancel_reason text,
  UNIQUE (event_id, key)
);

CREATE TABLE sport_outcomes (
  market_id bigint NOT NULL REFERENCES sport_markets (id),
  outcome_id text NOT NULL,
  -- decimal odds exactly as the feed sent them ("1.85"); null while it cannot be backed
  odds numeric CHECK (odds > 1),
  active boolean NOT NULL,
  position smallint NOT NULL,
  PRIMARY KEY (market_id, outcome_id)
);

-- The results of a market's newest settlement (replaced by the next one, cleared by a rollback).
CREATE TABLE sport_outcome_results (
  market_id bigint NOT NULL REFERENCES sport_markets (id),
  outcome_id text NOT NULL,
  result text NOT NULL CHECK (result IN ('won', 'lost')),
  void_factor numeric NOT NULL CHECK (void_factor IN (0, 0.5, 1)),
  dead_heat_factor numeric NOT NULL CHECK (dead_heat_factor > 0 AND dead_heat_factor <= 1),
  PRIMARY KEY (market_id, outcome_id)
);

-- Every settlement, cancellation and rollback of a market as received (an audit trail, and
-- what betting will settle and resettle from).
CREATE TABLE sport_market_history (
  market_id bigint NOT NULL REFERENCES sport_markets (id),
  version bigint NOT NULL,
  kind text NOT NULL
    CHECK (kind IN ('bet_settlement', 'bet_cancel', 'rollback_bet_settlement', 'rollback_bet_cancel')),
  detail jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (market_id, version)
);
