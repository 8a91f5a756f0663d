-- Accepting sport tickets (issue 20, src/modules/sportsbook/betting/ and money/ledger/): bet holds
-- in the ledger, the stake limits and bet delays, players' bet factors and open liability, and the
-- liability reserved per market outcome.

-- A player's money held for a ticket waiting for its in-play delay: its own account kind, so a
-- withdrawal's hold and a bet's never mix (ledger:check proves each kind's pending holds equal to
-- its account).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind CHECK (
  CASE owner_type
    WHEN 'player' THEN kind IN ('main', 'bonus', 'withdrawal_hold', 'bet_hold')
    ELSE kind IN ('house', 'provider_clearing', 'fees', 'exchange', 'tournament_prizes')
  END
);

-- A hold's kind names its account (withdrawal → withdrawal_hold, bet → bet_hold). A bet's hold
-- takes the stake plan's parts: `bonus_amount_minor` of the amount came from the bonus account,
-- the rest from main; a void returns each part where it came from.
ALTER TABLE ledger_holds
  ADD COLUMN kind text NOT NULL DEFAULT 'withdrawal' CHECK (kind IN ('withdrawal', 'bet')),
  ADD COLUMN bonus_amount_minor bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT ledger_holds_bonus_part CHECK (
    bonus_amount_minor >= 0 AND bonus_amount_minor <= amount_minor
    AND (kind = 'bet' OR bonus_amount_minor = 0)
  );

-- Stake limits, the ticket's maximum payout, the market's liability limit and the in-play delay,
-- in the base currency (USD minor units; converted into a ticket's currency at the rate in force).
-- One row per sport (market_type_id null) and per (sport, market type), over the global row (both
-- null); a null column inherits the wider row's value, the global row has them all.
CREATE TABLE sport_bet_limits (
  sport_id integer REFERENCES sport_sports (id),
  market_type_id integer CHECK (market_type_id > 0),
  min_stake_minor bigint CHECK (min_stake_minor > 0),
  max_stake_minor bigint CHECK (max_stake_minor > 0),
  max_payout_minor bigint CHECK (max_payout_minor > 0),
  -- the most a market may lose on any one of its outcomes (see sport_liability)
  market_liability_minor bigint CHECK (market_liability_minor > 0),
  -- how long an in-play ticket waits before it is decided
  bet_delay_ms integer CHECK (bet_delay_ms BETWEEN 0 AND 60000),
  -- the most one player may stand to win net over all open tickets (global row only), × the
  -- player's bet factor
  player_liability_minor bigint CHECK (player_liability_minor > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (market_type_id IS NULL OR sport_id IS NOT NULL),
  CHECK (sport_id IS NULL OR player_liability_minor IS NULL),
  CHECK (sport_id IS NOT NULL OR (min_stake_minor IS NOT NULL AND max_stake_minor IS NOT NULL
    AND max_payout_minor IS NOT NULL AND market_liability_minor IS NOT NULL
    AND bet_delay_ms IS NOT NULL AND player_liability_minor IS NOT NULL))
);
CREATE UNIQUE INDEX sport_bet_limits_scope ON sport_bet_limits
  (coalesce(sport_id, 0), coalesce(market_type_id, 0));

INSERT INTO sport_bet_limits (sport_id, market_type_id, min_stake_minor, max_stake_minor,
  max_payout_minor, market_liability_minor, bet_delay_ms, player_liability_minor)
VALUES (NULL, NULL, 10, 500000, 10000000, 5000000, 5000, 10000000);

-- A player's bet factor (operators set it; 1 unless set; 0 stops the player's betting) and the
-- liability of the player's open tickets (base currency), reserved with each ticket.
CREATE TABLE sport_player_limits (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  bet_factor numeric(6, 3) NOT NULL DEFAULT 1 CHECK (bet_factor >= 0 AND bet_factor <= 100),
  open_liability_minor bigint NOT NULL DEFAULT 0 CHECK (open_liability_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The liability reserved on a market's outcome: what the open tickets backing it stand to win net
-- (potential payout − stake, base currency), each ticket counted on every one of its legs'
-- outcomes. A reservation never takes it above `limit_minor` (the market's limit when last
-- reserved), checked by the reserving UPDATE itself, so concurrent tickets cannot overshoot.
CREATE TABLE sport_liability (
  market_id bigint NOT NULL,
  outcome_id text NOT NULL,
  event_id bigint NOT NULL,
  liability_minor bigint NOT NULL CHECK (liability_minor >= 0),
  limit_minor bigint NOT NULL CHECK (limit_minor > 0),
  tickets integer NOT NULL CHECK (tickets >= 0),
  PRIMARY KEY (market_id, outcome_id)
);
CREATE INDEX sport_liability_event ON sport_liability (event_id);

-- What a ticket reserved (base currency; 0 once released by a rejection, settlement or cash-out)
-- and the hold of an in-play ticket's stake while it waits.
ALTER TABLE sport_tickets
  ADD COLUMN liability_minor bigint NOT NULL DEFAULT 0 CHECK (liability_minor >= 0),
  ADD COLUMN hold_id uuid REFERENCES ledger_holds (id);
