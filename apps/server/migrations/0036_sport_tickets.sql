-- Betting on sport (issue 20, src/modules/sportsbook/betting/): a player's tickets and their legs.
-- A ticket is staked in one currency (the player's primary one when placed); its stake is held
-- through the ledger while it is pending, posted when accepted, voided when rejected; settled
-- (and resettled after a rollback) through new ledger transactions, never an update of money in
-- place. Later migrations of the issue add the acceptance's, settlement's and cash-out's own
-- columns and tables.

CREATE TABLE sport_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('single', 'accumulator', 'system')),
  -- a system's size as asked: 'k' (digits) or a full-cover name ('trixie', 'lucky15', ...)
  system_size text CHECK (system_size ~ '^([0-9]+|[a-zA-Z0-9]+)$'),
  -- the combination sizes staked (contract `ticketFolds`) and how many lines they make
  folds smallint[] NOT NULL CHECK (cardinality(folds) > 0),
  lines integer NOT NULL CHECK (lines > 0),
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'won', 'lost',
    'void', 'cashed_out', 'half_won', 'half_lost')),
  reason text CHECK (reason IN ('odds_changed', 'selection_unavailable', 'bet_stop',
    'liability_limit', 'insufficient_balance')),
  odds_change text NOT NULL CHECK (odds_change IN ('none', 'higher', 'any')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  -- the stake at risk now (a partial cash-out lowers it), and the bonus money part of it
  stake_minor bigint NOT NULL CHECK (stake_minor >= 0),
  bonus_stake_minor bigint NOT NULL DEFAULT 0 CHECK (bonus_stake_minor BETWEEN 0 AND stake_minor),
  -- the active bonus the stake played on (its wagering rules apply); null: none
  bonus_id uuid REFERENCES user_bonuses (id),
  -- the stake as placed
  placed_stake_minor bigint NOT NULL CHECK (placed_stake_minor > 0),
  -- what every leg winning pays on the stake at risk now (stake included)
  potential_payout_minor bigint NOT NULL CHECK (potential_payout_minor >= 0),
  -- what the settlement paid (stake included); null while not settled
  payout_minor bigint CHECK (payout_minor >= 0),
  -- the sum of the cash-outs paid so far
  cashed_out_minor bigint NOT NULL DEFAULT 0 CHECK (cashed_out_minor >= 0),
  -- the ticket's odds for display (contract SportTicket.odds)
  odds numeric(20, 2) NOT NULL CHECK (odds >= 1),
  -- a leg was live when placed (the in-play delay applied)
  live boolean NOT NULL,
  -- a pending ticket is decided no sooner than this (the in-play delay)
  accept_after timestamptz,
  -- how many times the ticket was settled and then taken back (each settlement's ledger
  -- references carry it, so a resettlement posts anew and a repeat posts nothing)
  generation integer NOT NULL DEFAULT 0 CHECK (generation >= 0),
  placed_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  settled_at timestamptz,
  CHECK ((status = 'rejected') = (reason IS NOT NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((type = 'system') = (system_size IS NOT NULL))
);
CREATE INDEX sport_tickets_user ON sport_tickets (user_id, placed_at DESC);
CREATE INDEX sport_tickets_pending ON sport_tickets (accept_after) WHERE status = 'pending';

-- One selection of a ticket, at the price it was accepted at. The legs keep their events and
-- markets from the catalog's retention (a ticket's history names them).
CREATE TABLE sport_ticket_legs (
  ticket_id uuid NOT NULL REFERENCES sport_tickets (id),
  position smallint NOT NULL CHECK (position >= 0),
  event_id bigint NOT NULL REFERENCES sport_events (id),
  market_id bigint NOT NULL REFERENCES sport_markets (id),
  outcome_id text NOT NULL,
  odds numeric(12, 4) NOT NULL CHECK (odds > 1),
  live boolean NOT NULL,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'won', 'lost', 'void', 'half_won', 'half_lost')),
  -- the feed's factors the leg was settled with; null while open
  void_factor numeric(3, 2) CHECK (void_factor IN (0, 0.5, 1)),
  dead_heat_factor numeric(12, 8) CHECK (dead_heat_factor > 0 AND dead_heat_factor <= 1),
  PRIMARY KEY (ticket_id, position),
  CHECK ((status = 'open') = (void_factor IS NULL)),
  CHECK ((void_factor IS NULL) = (dead_heat_factor IS NULL))
);
CREATE INDEX sport_ticket_legs_market ON sport_ticket_legs (market_id, outcome_id);
CREATE INDEX sport_ticket_legs_event ON sport_ticket_legs (event_id);
