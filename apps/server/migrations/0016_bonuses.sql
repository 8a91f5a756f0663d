-- Bonus engine (issue 6): operator offers in USD, the games that count towards their wagering,
-- personal offers, the bonuses granted to players with their wagering progress, the players'
-- bonus settings, the daily (everyday) bonus state and the deposit bonus by currency. The money
-- itself lives in the ledger (the player's `bonus` account); these rows say whose it is.

-- Offers as the operator defines them. Money figures are USD cents; the player sees them
-- converted to the primary currency. `title` / `description`: {"en": "…", "ru": "…"}, resolved
-- to the player's language, else English.
CREATE TABLE bonus_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL
    CHECK (type IN ('welcome', 'everyday', 'deposit', 'promo', 'promo_freespins', 'wheel', 'personal')),
  title jsonb NOT NULL CHECK (jsonb_typeof(title) = 'object' AND title ? 'en'),
  description jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(description) = 'object'),
  -- welcome: the deposit (1..4) the offer is the step of
  min_deposit_number integer CHECK (min_deposit_number BETWEEN 0 AND 100),
  -- share of the deposit granted (0.5 = 50 %)
  amount_multiplier numeric(12, 6) NOT NULL DEFAULT 0 CHECK (amount_multiplier >= 0),
  -- a fixed grant (promo, wheel offers) when no deposit is involved
  amount_usd_minor bigint CHECK (amount_usd_minor >= 0),
  freespins_count integer NOT NULL DEFAULT 0 CHECK (freespins_count BETWEEN 0 AND 10000),
  -- the stake of one free spin
  freespins_amount_usd_minor bigint NOT NULL DEFAULT 0 CHECK (freespins_amount_usd_minor >= 0),
  min_deposit_usd_minor bigint CHECK (min_deposit_usd_minor >= 0),
  max_deposit_usd_minor bigint CHECK (max_deposit_usd_minor >= 0),
  -- wagering requirement = granted amount × wager; free-spin winnings × wager_freespins
  wager numeric(10, 2) NOT NULL DEFAULT 0 CHECK (wager >= 0),
  wager_freespins numeric(10, 2) NOT NULL DEFAULT 0 CHECK (wager_freespins >= 0),
  wager_max_bet_usd_minor bigint CHECK (wager_max_bet_usd_minor > 0),
  -- the 'up to' cap of the grant
  max_amount_usd_minor bigint CHECK (max_amount_usd_minor >= 0),
  -- a completed bonus converts at most amount × this to main money (null: no cap)
  max_amount_multiplier numeric(12, 6) CHECK (max_amount_multiplier >= 0),
  -- caps of free-spin winnings: absolute / × the spins' total value
  freespins_max_amount_usd_minor bigint CHECK (freespins_max_amount_usd_minor >= 0),
  freespins_max_amount_multiplier numeric(12, 6) CHECK (freespins_max_amount_multiplier >= 0),
  deadline_hours integer NOT NULL CHECK (deadline_hours BETWEEN 1 AND 8760),
  is_enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (min_deposit_usd_minor IS NULL OR max_deposit_usd_minor IS NULL
    OR min_deposit_usd_minor <= max_deposit_usd_minor),
  CHECK (freespins_count = 0 OR freespins_amount_usd_minor > 0)
);
CREATE INDEX bonus_offers_type ON bonus_offers (type, position) WHERE is_enabled;

-- The conditions of wheel prizes paid as a bonus ('other' balance type): wager ×3 within 72 hours.
INSERT INTO bonus_offers (type, title, description, wager, deadline_hours)
VALUES ('wheel', '{"en": "Wheel of luck bonus", "ru": "Бонус колеса удачи"}',
  '{"en": "Won on the wheel of luck: wager it 3 times within 72 hours.", "ru": "Выигрыш колеса удачи: отыграйте его 3 раза за 72 часа."}',
  3, 72);

-- The games whose stakes count towards an offer's wagering, with their contribution. No row for
-- an offer: every game counts at 100 %; otherwise only the listed games (and free spins play
-- only on them).
CREATE TABLE bonus_offer_games (
  offer_id uuid NOT NULL REFERENCES bonus_offers (id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  percent integer NOT NULL CHECK (percent BETWEEN 0 AND 100),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (offer_id, game_id)
);

-- An offer assigned to one player (a 'conditions' promo code, the operator): the player's next
-- qualifying deposit receives it, once.
CREATE TABLE bonus_personal_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  offer_id uuid NOT NULL REFERENCES bonus_offers (id),
  user_id uuid NOT NULL REFERENCES users (id),
  -- the caller's id of the assignment (a promo activation, an operator request): once each
  reference text NOT NULL UNIQUE CHECK (char_length(reference) BETWEEN 1 AND 200),
  expires_at timestamptz,
  used_at timestamptz,
  user_bonus_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bonus_personal_offers_open ON bonus_personal_offers (user_id, created_at)
  WHERE used_at IS NULL;

-- A bonus granted to a player, in the player's primary currency at the grant; every figure is in
-- minor units of `currency`. At most one is `active`; a bonus granted meanwhile waits as
-- `pending` (its money is not in the ledger yet) and activates, oldest first, when the active one
-- ends. `reference` makes each grant happen once (a deposit's step, a promo activation, a spin).
CREATE TABLE user_bonuses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  offer_id uuid NOT NULL REFERENCES bonus_offers (id),
  personal_offer_id uuid REFERENCES bonus_personal_offers (id),
  type text NOT NULL
    CHECK (type IN ('welcome', 'everyday', 'deposit', 'promo', 'promo_freespins', 'wheel', 'personal')),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 200),
  status text NOT NULL
    CHECK (status IN ('active', 'pending', 'completed', 'expired', 'forfeited', 'lost')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{2,10}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  wager_total_minor bigint NOT NULL CHECK (wager_total_minor >= 0),
  wager_current_minor bigint NOT NULL DEFAULT 0 CHECK (wager_current_minor >= 0),
  -- the offer's conditions as granted (the operator may edit the offer later)
  wager_freespins numeric(10, 2) NOT NULL DEFAULT 0,
  wager_max_bet_minor bigint CHECK (wager_max_bet_minor > 0),
  max_convert_minor bigint CHECK (max_convert_minor >= 0),
  freespins_total integer NOT NULL DEFAULT 0 CHECK (freespins_total >= 0),
  freespins_left integer NOT NULL DEFAULT 0 CHECK (freespins_left BETWEEN 0 AND freespins_total),
  freespin_amount_minor bigint NOT NULL DEFAULT 0 CHECK (freespin_amount_minor >= 0),
  freespins_max_win_minor bigint CHECK (freespins_max_win_minor >= 0),
  freespins_won_minor bigint NOT NULL DEFAULT 0 CHECK (freespins_won_minor >= 0),
  converted_minor bigint CHECK (converted_minor >= 0),
  deadline_hours integer NOT NULL CHECK (deadline_hours BETWEEN 1 AND 8760),
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  expires_at timestamptz,
  ended_at timestamptz,
  CHECK (status <> 'pending' OR activated_at IS NULL),
  CHECK (status <> 'active' OR (activated_at IS NOT NULL AND expires_at IS NOT NULL)),
  CHECK (status IN ('active', 'pending') OR ended_at IS NOT NULL)
);
CREATE UNIQUE INDEX user_bonuses_reference ON user_bonuses (reference);
-- the one-active rule
CREATE UNIQUE INDEX user_bonuses_one_active ON user_bonuses (user_id) WHERE status = 'active';
-- a welcome offer is received once per player
CREATE UNIQUE INDEX user_bonuses_welcome_once ON user_bonuses (user_id, offer_id)
  WHERE type = 'welcome';
CREATE INDEX user_bonuses_user ON user_bonuses (user_id, created_at DESC);
CREATE INDEX user_bonuses_pending ON user_bonuses (user_id, created_at) WHERE status = 'pending';
CREATE INDEX user_bonuses_due ON user_bonuses (expires_at) WHERE status = 'active';

-- The player's bonus settings (wallet spec §3 "settings"); no row: the defaults.
CREATE TABLE bonus_player_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  is_welcome_enabled_fiat boolean NOT NULL DEFAULT true,
  is_welcome_enabled_crypto boolean NOT NULL DEFAULT true,
  preferred_fiat_offer_id uuid REFERENCES bonus_offers (id) ON DELETE SET NULL,
  preferred_fiat_enabled boolean NOT NULL DEFAULT false,
  preferred_crypto_offer_id uuid REFERENCES bonus_offers (id) ON DELETE SET NULL,
  preferred_crypto_enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The daily (everyday) bonus: when the drawer was last shown, and the UTC day the player armed
-- the everyday offer (once per day); the first deposit completed that day after arming consumes it.
CREATE TABLE bonus_daily_state (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_show_modal_at timestamptz,
  armed_day date,
  armed_at timestamptz,
  consumed_at timestamptz,
  user_bonus_id uuid
);

-- Deposit bonus by currency (wallet spec §3 `depositBonus`): a completed deposit in the currency
-- (and network, for crypto) grants `fraction` of it with the conditions of `offer_id` (null: the
-- first enabled `deposit` offer).
CREATE TABLE currency_deposit_bonuses (
  code text NOT NULL CHECK (code ~ '^[A-Z]{2,10}$'),
  network text CHECK (network ~ '^[A-Za-z0-9_-]{1,32}$'),
  fraction numeric(8, 6) NOT NULL CHECK (fraction > 0 AND fraction <= 10),
  offer_id uuid REFERENCES bonus_offers (id) ON DELETE SET NULL,
  is_enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT currency_deposit_bonuses_key UNIQUE NULLS NOT DISTINCT (code, network)
);

-- Rounds and provider bets keep how their stake was split, so a later payout, cash-out or
-- rollback splits the same way: `bonus_id` the player's active bonus when the stake was taken,
-- `bet_bonus_minor` the part of the stake that was bonus money; a free spin is funded by the house.
ALTER TABLE game_rounds
  ADD COLUMN bonus_id uuid REFERENCES user_bonuses (id),
  ADD COLUMN bet_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (bet_bonus_minor >= 0),
  ADD COLUMN freespin boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT game_rounds_bonus_split CHECK (bet_bonus_minor <= bet_minor),
  ADD CONSTRAINT game_rounds_freespin_bonus CHECK (NOT freespin OR bonus_id IS NOT NULL);

ALTER TABLE seamless_transactions
  ADD COLUMN bonus_id uuid REFERENCES user_bonuses (id),
  ADD COLUMN bonus_amount_minor bigint NOT NULL DEFAULT 0 CHECK (bonus_amount_minor >= 0);
