-- Wheel of luck (turbine_of_luck) and promo codes (issue 6). Amounts the operator sets are USD
-- cents; the player receives them converted to the primary currency at the rate in force.

-- The operator's prize table in wheel order. A prize left out of a new table is retired, not
-- deleted: spins keep pointing at what they won.
CREATE TABLE wheel_prizes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  position integer NOT NULL CHECK (position BETWEEN 0 AND 14),
  amount_usd_minor bigint NOT NULL CHECK (amount_usd_minor BETWEEN 0 AND 10000000),
  -- main: credited to the main balance; other: granted as a bonus with the wheel offer's
  -- conditions (the first enabled offer of type 'wheel')
  balance_type text NOT NULL CHECK (balance_type IN ('main', 'other')),
  -- the relative chance (weight / total weight of the current prizes); 0 is never won
  weight integer NOT NULL CHECK (weight BETWEEN 0 AND 1000000),
  -- a promo code the prize carries (shown with the result), null otherwise
  promo_code text CHECK (promo_code ~ '^[A-Za-z0-9_-]{3,32}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE INDEX wheel_prizes_current ON wheel_prizes (position) WHERE retired_at IS NULL;

-- One spin per player and UTC day: the unique index decides between concurrent spins. The seed
-- pair, nonce and the weights in force make the outcome recomputable once the seed is revealed.
CREATE TABLE wheel_spins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  spin_day date NOT NULL,
  prize_id uuid NOT NULL REFERENCES wheel_prizes (id),
  seed_id uuid NOT NULL REFERENCES fairness_seeds (id),
  client_seed text NOT NULL,
  nonce bigint NOT NULL CHECK (nonce >= 0),
  -- the prize table the float was mapped over: [{ "prizeId": …, "weight": … }] in wheel order
  weights jsonb NOT NULL,
  amount_usd_minor bigint NOT NULL CHECK (amount_usd_minor >= 0),
  -- what the player received, in `currency` (their primary currency at the spin)
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  balance_type text NOT NULL CHECK (balance_type IN ('main', 'other')),
  promo_code text,
  -- the bonus an 'other' prize granted
  user_bonus_id uuid REFERENCES user_bonuses (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wheel_spins_one_per_day ON wheel_spins (user_id, spin_day);
CREATE INDEX wheel_spins_recent ON wheel_spins (user_id, created_at DESC);

-- Operator-defined promo codes. `uses` counts activations; the activation that would pass
-- `uses_limit` is refused under the code's row lock.
CREATE TABLE promo_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{3,32}$'),
  kind text NOT NULL CHECK (kind IN ('main', 'bonus', 'conditions')),
  -- main: credited; bonus: the bonus granted with the offer's conditions (free spins, wager,
  -- deadline); conditions: 0 (the qualifying deposit decides the bonus)
  amount_usd_minor bigint NOT NULL DEFAULT 0 CHECK (amount_usd_minor BETWEEN 0 AND 10000000),
  -- the offer granted (bonus kind) or assigned as a personal offer (conditions kind)
  offer_id uuid REFERENCES bonus_offers (id),
  uses_limit integer CHECK (uses_limit BETWEEN 1 AND 10000000),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  per_player_limit integer NOT NULL DEFAULT 1 CHECK (per_player_limit BETWEEN 1 AND 100),
  valid_from timestamptz,
  valid_to timestamptz,
  -- eligibility: players without a completed deposit, VIP players, players in these countries
  new_players_only boolean NOT NULL DEFAULT false,
  vip_only boolean NOT NULL DEFAULT false,
  countries text[] NOT NULL DEFAULT '{}' CHECK (array_position(countries, NULL) IS NULL),
  is_enabled boolean NOT NULL DEFAULT true,
  -- the code the timed first-deposit promo presents to new players (at most one)
  is_first_deposit_promo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from < valid_to),
  CHECK (
    (kind = 'main' AND amount_usd_minor > 0 AND offer_id IS NULL)
    OR (kind = 'bonus' AND offer_id IS NOT NULL)
    OR (kind = 'conditions' AND offer_id IS NOT NULL AND amount_usd_minor = 0)
  )
);
CREATE UNIQUE INDEX promo_codes_code ON promo_codes (lower(code));
CREATE UNIQUE INDEX promo_codes_first_deposit ON promo_codes ((true)) WHERE is_first_deposit_promo;
CREATE INDEX promo_codes_recent ON promo_codes (created_at DESC);

-- One row per activation; `use_number` is the player's n-th use of the code, so the unique
-- index allows exactly `per_player_limit` of them even when activations race.
CREATE TABLE promo_activations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  promo_code_id uuid NOT NULL REFERENCES promo_codes (id),
  user_id uuid NOT NULL REFERENCES users (id),
  use_number integer NOT NULL CHECK (use_number >= 1),
  kind text NOT NULL CHECK (kind IN ('main', 'bonus', 'conditions')),
  -- what the player received in `currency`: credited (main), granted (bonus), 0 (conditions)
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  -- the bonus a bonus-kind code granted
  user_bonus_id uuid REFERENCES user_bonuses (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (promo_code_id, user_id, use_number)
);
CREATE INDEX promo_activations_user ON promo_activations (user_id, created_at DESC);

-- When the timed first-deposit promo was shown to a player (shown once).
CREATE TABLE first_deposit_promo_shown (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  shown_at timestamptz NOT NULL
);
