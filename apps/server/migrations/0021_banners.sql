-- Banners and partners (issue 8). Banners are operator-defined promotions shown in the home
-- carousel; who sees one is decided by the rules of shell spec §5 (contract banner-rules.ts),
-- applied by the server to each viewer and again by the app.

CREATE TABLE banners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN (
    'specific_game', 'tournament', 'common', 'wallet', 'game_of_the_week_new_web',
    'game_of_the_week', 'game_of_the_month', 'vip', 'active_players', 'cashback',
    'cashback_new_web', 'bonus_on_deposit', 'turbine', 'registration', 'login',
    'players_with_deposits', 'exit_window'
  )),
  -- display order, smallest first
  position integer NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 10000),
  is_enabled boolean NOT NULL DEFAULT true,
  -- {locale: {image_bg, image_fg, image_3, title, text}}; English always present (the fallback)
  descriptions jsonb NOT NULL CHECK (jsonb_typeof(descriptions) = 'object' AND descriptions ? 'en'),
  -- a path of the app (/bonuses) or an external address
  url text CHECK (char_length(url) BETWEEN 1 AND 500),
  -- what the banner links to (spec §5 link priority); ids checked by the service on write
  game_ids text[] NOT NULL DEFAULT '{}',
  provider_ids text[] NOT NULL DEFAULT '{}',
  category_keys text[] NOT NULL DEFAULT '{}',
  promo_category_id integer REFERENCES promo_categories (id) ON DELETE SET NULL,
  -- a removed tournament leaves its banner without one, which hides it (type rule)
  tournament_id text REFERENCES tournaments (id) ON DELETE SET NULL,
  -- settings.geo: upper-case ISO countries; empty: everywhere
  geo text[] NOT NULL DEFAULT '{}'
    CHECK (array_to_string(geo, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
  -- settings.player_category (null: no condition)
  authorized boolean,
  vip boolean,
  all_players boolean NOT NULL DEFAULT false,
  -- deposit sum bounds in USD cents, inclusive, and deposit count bounds, inclusive
  deposits_from_minor bigint CHECK (deposits_from_minor >= 0),
  deposits_to_minor bigint CHECK (deposits_to_minor >= 0),
  deposits_count_from integer CHECK (deposits_count_from >= 0),
  deposits_count_to integer CHECK (deposits_count_to >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (deposits_from_minor IS NULL OR deposits_to_minor IS NULL
    OR deposits_from_minor <= deposits_to_minor),
  CHECK (deposits_count_from IS NULL OR deposits_count_to IS NULL
    OR deposits_count_from <= deposits_count_to)
);

CREATE INDEX banners_display_idx ON banners (type, position, created_at) WHERE is_enabled;
CREATE INDEX banners_tournament_idx ON banners (tournament_id) WHERE tournament_id IS NOT NULL;

-- Partners shown in the partners modal: a picture, copy per locale and the partner's site.
CREATE TABLE partners (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  position integer NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 10000),
  is_enabled boolean NOT NULL DEFAULT true,
  image text NOT NULL CHECK (char_length(image) BETWEEN 1 AND 500),
  url text NOT NULL CHECK (url ~ '^https://'),
  -- {locale: {title, description}}; English always present (the fallback)
  descriptions jsonb NOT NULL CHECK (jsonb_typeof(descriptions) = 'object' AND descriptions ? 'en'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
