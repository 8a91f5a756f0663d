-- Per-player payment restrictions set by operators (owned by the wallet module).
-- buy_banned: the player may not create deposits; fiat_banned: no fiat order at all (deposit or
-- withdrawal). A row with both false is a lifted restriction, kept with who lifted it and when.
CREATE TABLE player_payment_restrictions (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  buy_banned boolean NOT NULL DEFAULT false,
  fiat_banned boolean NOT NULL DEFAULT false,
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid NOT NULL REFERENCES operators (id)
);
