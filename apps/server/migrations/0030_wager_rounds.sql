-- One writer of rounds and their postings (issue 18): the instant path's play_instant_rounds() and
-- the general path's separate writes (the stake's and the payout's ledger movements, the round,
-- the nonce, last played, the tournament scores) become one stored function, settle_rounds()
-- (src/modules/money/wagering/db/settle_rounds.sql), which both paths call: the instant path with
-- a batch of rounds computed from what the process kept, the general path with a batch of one
-- planned in the request's transaction. Its input row type carries what both need: the stake's
-- split (main and bonus parts, a free spin), the payout's split, whether the round is new or an
-- open round moving on (mines), the account keys, and what an instant round was computed from.

DROP FUNCTION play_instant_rounds(jsonb, integer);
DROP TYPE instant_round;

CREATE TYPE wager_round AS (
  -- the round's position in its batch (the answer's order)
  idx integer,
  -- the request's idempotency record, written with the round (the instant path); null: the
  -- caller's transaction records the request
  scope text,
  key text,
  request_hash text,
  response jsonb,
  -- who plays, and the session the request came with
  user_id uuid,
  session_id uuid,
  -- computed from what a process kept (the instant path): the primary currency, the main
  -- balance and every balance (`sheet`, "CUR:kind" → minor units as text) it was computed from
  -- are compared, and a player with an open bonus is refused
  kept boolean,
  primary_currency text,
  main_minor bigint,
  sheet jsonb,
  -- an open round moving on (a mines reveal or cash-out); false: a new round
  existing boolean,
  round_id uuid,
  game_id text,
  seed_id uuid,
  nonce bigint,
  client_seed text,
  currency text,
  -- the stake and its split: bet_bonus_minor of it is bonus money; a free spin takes nothing
  bet_minor bigint,
  bet_bonus_minor bigint,
  bonus_id uuid,
  freespin boolean,
  -- what the player receives, split into main and bonus money (0 while the round is open)
  payout_main_minor bigint,
  payout_bonus_minor bigint,
  multiplier text,
  rtp numeric,
  params jsonb,
  outcome jsonb,
  -- 'open' or 'settled'
  state text,
  at timestamptz,
  -- the ledger accounts the round moves (account-key.ts): the player's main and bonus, the house
  main_key text,
  bonus_key text,
  house_key text,
  tournament_ids text[],
  tournament_scores numeric[],
  -- the round's `balance#` publication (null: the caller's transaction publishes the balance)
  balance_channel text,
  balance_data text
);
