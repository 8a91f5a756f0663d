-- Settlement of sport tickets (issue 20, src/modules/sportsbook/betting/settlement*.ts): what
-- each settlement of a ticket paid and what taking it back recovered, the debt a taken-back
-- settlement leaves when the player had already spent the winnings, and how far the settlement
-- engine has followed each market's results and cancellations.

-- What a ticket's settlement left owing: a settlement taken back (a feed rollback, a late
-- cancellation, an operator's resettlement) reverses what it paid, but a player balance never
-- goes below zero (the ledger's CHECK), so what the player no longer has is owed here and taken
-- from this ticket's next settlement before anything is paid.
ALTER TABLE sport_tickets ADD COLUMN debt_minor bigint NOT NULL DEFAULT 0 CHECK (debt_minor >= 0);

-- One row per settlement of a ticket (its generation): the payout, how it was paid (main and
-- bonus money, debt recovered), and once taken back what the reversal took and what it could not.
CREATE TABLE sport_ticket_settlements (
  ticket_id uuid NOT NULL REFERENCES sport_tickets (id),
  generation integer NOT NULL CHECK (generation >= 0),
  status text NOT NULL CHECK (status IN ('won', 'lost', 'void', 'half_won', 'half_lost')),
  payout_minor bigint NOT NULL CHECK (payout_minor >= 0),
  -- the payout = paid_main + paid_bonus + debt_recovered (+ bonus money kept by the house when
  -- the ticket's bonus had ended and could not convert it)
  paid_main_minor bigint NOT NULL CHECK (paid_main_minor >= 0),
  paid_bonus_minor bigint NOT NULL CHECK (paid_bonus_minor >= 0),
  debt_recovered_minor bigint NOT NULL CHECK (debt_recovered_minor >= 0),
  -- who decided it: the feed, or an operator's manual settlement (with the reason)
  source text NOT NULL CHECK (source IN ('feed', 'operator')),
  settled_at timestamptz NOT NULL,
  -- the taking back: null while the settlement stands
  unsettled_at timestamptz,
  unsettle_reason text,
  reversed_main_minor bigint CHECK (reversed_main_minor >= 0),
  reversed_bonus_minor bigint CHECK (reversed_bonus_minor >= 0),
  -- what was paid but could not be taken back (added to the ticket's debt)
  unrecovered_minor bigint CHECK (unrecovered_minor >= 0),
  PRIMARY KEY (ticket_id, generation),
  CHECK ((unsettled_at IS NULL) = (reversed_main_minor IS NULL)),
  CHECK ((unsettled_at IS NULL) = (reversed_bonus_minor IS NULL)),
  CHECK ((unsettled_at IS NULL) = (unrecovered_minor IS NULL))
);

-- The market versions (result and cancellation registers, sport_markets) the engine has brought
-- every leg on the market up to: a market whose versions moved on has work (sweep).
CREATE TABLE sport_settlement_markets (
  market_id bigint PRIMARY KEY REFERENCES sport_markets (id) ON DELETE CASCADE,
  result_version bigint NOT NULL,
  cancel_version bigint NOT NULL
);

-- Open legs by market: the sweep's second look (an accepted ticket's leg still open on a market
-- that decided it: the ticket was accepted after the engine followed the market).
CREATE INDEX sport_ticket_legs_open ON sport_ticket_legs (market_id) WHERE status = 'open';
