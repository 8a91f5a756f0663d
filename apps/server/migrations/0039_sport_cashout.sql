-- Cash-out of sport tickets, the bet ticker and GGR per sport (issue 20,
-- src/modules/sportsbook/betting/cashout*.ts, ticker*.ts, ggr*.ts).

-- The operator's cash-out switch and margin: one row.
CREATE TABLE sport_cashout_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT true,
  -- what the book keeps of a ticket's fair value while a leg is open (500 = 5 %)
  margin_basis_points integer NOT NULL DEFAULT 500 CHECK (margin_basis_points BETWEEN 0 AND 5000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sport_cashout_settings DEFAULT VALUES;

-- A quote given to a player: what cashing the ticket out pays, valid until expires_at, with the
-- prices it was computed from. A quote is for the stake at risk when it was given (a partial
-- cash-out since makes it stale) and pays once.
CREATE TABLE sport_cashout_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL REFERENCES sport_tickets (id),
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  margin_basis_points integer NOT NULL CHECK (margin_basis_points BETWEEN 0 AND 10000),
  -- per leg: {position, marketId, outcomeId, status, odds (current), market (every active
  -- outcome's current odds)}
  prices jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at timestamptz
);
CREATE INDEX sport_cashout_quotes_ticket ON sport_cashout_quotes (ticket_id, created_at);

-- A cash-out paid: the n-th of its ticket (ledger reference sport_cashout:{ticketId}:{n}). The
-- stake that left the ticket with it is kept to the minor unit, so the ticket's placed stake is
-- always its stake at risk plus every partial cash-out's released stake.
CREATE TABLE sport_cashouts (
  ticket_id uuid NOT NULL REFERENCES sport_tickets (id),
  n integer NOT NULL CHECK (n > 0),
  quote_id uuid NOT NULL UNIQUE REFERENCES sport_cashout_quotes (id),
  -- the ticket's whole remaining stake (status cashed_out) or a part of it
  whole boolean NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- what reached the player's main and bonus accounts (less than amount only when bonus money
  -- of a bonus that has since ended stayed with the house)
  main_paid_minor bigint NOT NULL CHECK (main_paid_minor >= 0),
  bonus_paid_minor bigint NOT NULL CHECK (bonus_paid_minor >= 0),
  released_stake_minor bigint NOT NULL CHECK (released_stake_minor > 0),
  released_bonus_stake_minor bigint NOT NULL
    CHECK (released_bonus_stake_minor BETWEEN 0 AND released_stake_minor),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (ticket_id, n),
  CHECK (main_paid_minor + bonus_paid_minor <= amount_minor)
);

-- The bet ticker pages newest first; GGR reads the tickets closed in a period.
CREATE INDEX sport_tickets_placed ON sport_tickets (placed_at DESC, id DESC);
CREATE INDEX sport_tickets_settled ON sport_tickets (settled_at) WHERE settled_at IS NOT NULL;
