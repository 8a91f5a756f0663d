-- Instant rounds in one statement (issue 5, bets throughput).
--
-- A round of an instant original (dice, limbo, plinko, keno, slots) of a player without an active
-- bonus is settled by play_instant_round(): one call, hence one implicit transaction, instead of
-- a dozen round trips inside an explicit one. The server computes the outcome beforehand from the
-- seed pair it read (with the nonce it expects) and the call applies it only if that nonce is
-- still the next one: the nonce, the idempotency record, the stake, the payout, the round, the
-- last-played mark, the tournament scores and the `balance#` publication commit together or not
-- at all. The publication's balance is the one the server read, moved by the round: the call
-- checks that the main balance it read is still the one on the row. Anything out of the ordinary
-- (the nonce or the balance moved, a bonus, a key seen before) changes nothing and is answered by
-- a status or an error; the server then takes the general path.

-- The tournaments repository's score increment, shared with play_instant_round(): each running
-- tournament named adds the score (or keeps the best one for best_multiplier), and a seamless
-- bet's contribution is kept under its reference for a rollback.
CREATE FUNCTION tournament_add_scores(
  p_user_id uuid,
  p_at timestamptz,
  p_rounds integer,
  p_ids text[],
  p_scores numeric[],
  p_reference text
) RETURNS void LANGUAGE sql AS $$
  WITH input AS (
    SELECT * FROM unnest(p_ids, p_scores) AS i (tournament_id, score)
  ), eligible AS (
    SELECT t.id FROM tournaments t
    WHERE t.id = ANY (p_ids)
      AND t.status IN ('upcoming', 'running')
      AND t.starts_at <= p_at AND t.ends_at > p_at
    FOR KEY SHARE OF t
  ), scored AS (
    INSERT INTO tournament_scores AS s (tournament_id, user_id, score, rounds, updated_at)
    SELECT i.tournament_id, p_user_id, i.score, p_rounds, p_at
    FROM input i JOIN eligible e ON e.id = i.tournament_id
    ON CONFLICT (tournament_id, user_id) DO UPDATE SET
      score = CASE
        WHEN (SELECT t.scoring FROM tournaments t WHERE t.id = s.tournament_id) = 'best_multiplier'
          THEN GREATEST(s.score, EXCLUDED.score)
        ELSE s.score + EXCLUDED.score
      END,
      rounds = s.rounds + EXCLUDED.rounds,
      updated_at = CASE
        WHEN (SELECT t.scoring FROM tournaments t WHERE t.id = s.tournament_id) = 'best_multiplier'
          THEN CASE WHEN EXCLUDED.score > s.score THEN EXCLUDED.updated_at ELSE s.updated_at END
        ELSE CASE WHEN EXCLUDED.score > 0 THEN EXCLUDED.updated_at ELSE s.updated_at END
      END
    RETURNING s.tournament_id
  )
  INSERT INTO tournament_score_contributions (reference, tournament_id, user_id, score, rounds)
  SELECT p_reference, i.tournament_id, p_user_id, i.score, p_rounds
  FROM scored JOIN input i ON i.tournament_id = scored.tournament_id
  WHERE p_reference IS NOT NULL
$$;

-- Returns ('played', the publication's stream position), or without changing anything 'stale'
-- (the seed pair's next nonce is no longer p_nonce, or the pair was rotated) or 'bonus' (the
-- player has an active or pending bonus: its engine plans the stake and the balance shows it).
-- Raises, rolling everything back, SQLSTATE CR001 when the main balance cannot pay the stake
-- (DETAIL: currency, balance and debit in minor units, space-separated), CR002 when the
-- idempotency key was claimed meanwhile, CR003 when the main balance is no longer p_main_minor
-- and CR004 when the currency has no house account yet (its first round takes the general path).
CREATE FUNCTION play_instant_round(
  p_scope text,
  p_key text,
  p_request_hash bytea,
  p_response jsonb,
  p_user_id uuid,
  p_seed_id uuid,
  p_nonce bigint,
  p_round_id uuid,
  p_game_id text,
  p_currency text,
  p_bet_minor bigint,
  p_payout_minor bigint,
  p_multiplier text,
  p_rtp numeric,
  p_client_seed text,
  p_params jsonb,
  p_outcome jsonb,
  p_at timestamptz,
  p_tournament_ids text[],
  p_tournament_scores numeric[],
  p_main_minor bigint,
  p_balance_channel text,
  p_balance_data text,
  p_history_size integer
) RETURNS TABLE (status text, epoch text, "offset" bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_main bigint;
  v_main_id bigint;
  v_house_id bigint;
BEGIN
  IF EXISTS (
    SELECT 1 FROM user_bonuses b WHERE b.user_id = p_user_id AND b.status IN ('active', 'pending')
  ) THEN
    RETURN QUERY SELECT 'bonus'::text, NULL::text, NULL::bigint;
    RETURN;
  END IF;

  -- Rows are locked in the general path's order (seed pair, then accounts): no deadlock with it.
  UPDATE fairness_seeds s SET next_nonce = p_nonce + 1
  WHERE s.id = p_seed_id AND s.user_id = p_user_id AND s.revealed_at IS NULL
    AND s.next_nonce = p_nonce;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'stale'::text, NULL::text, NULL::bigint;
    RETURN;
  END IF;

  -- The player's main account, locked; the house account of the currency (a platform row, never
  -- locked nor updated: its balance is the sum of its postings, migration 0015).
  SELECT a.id, a.balance_minor INTO v_main_id, v_main FROM ledger_accounts a
  WHERE a.account_key = 'player:' || p_user_id || ':' || p_currency || ':main'
  FOR UPDATE;
  IF coalesce(v_main, 0) <> p_main_minor THEN
    RAISE EXCEPTION 'the main balance moved' USING ERRCODE = 'CR003';
  END IF;
  IF coalesce(v_main, 0) < p_bet_minor THEN
    RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CR001',
      DETAIL = p_currency || ' ' || coalesce(v_main, 0) || ' ' || p_bet_minor;
  END IF;
  SELECT a.id INTO v_house_id FROM ledger_accounts a
  WHERE a.account_key = 'platform::' || p_currency || ':house';
  IF v_house_id IS NULL THEN
    RAISE EXCEPTION 'no house account in %', p_currency USING ERRCODE = 'CR004';
  END IF;

  INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
  VALUES (p_scope, p_key, p_request_hash, 200, p_response)
  ON CONFLICT (scope, key) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'idempotency key % was used meanwhile', p_key USING ERRCODE = 'CR002';
  END IF;

  -- What ledger_post() would write for the bonus engine's postings of a player without a bonus
  -- (stakePostings, payoutPostings): the stake 'bet' from main money to the house, the payout
  -- 'win' back, both referenced by the round id; the deferred triggers check every transaction
  -- balances and has postings. Written directly: three statements instead of ledger_post()'s
  -- general account resolution twice over.
  WITH movements (type, metadata, player_minor) AS (
    VALUES
      ('bet', jsonb_build_object('gameId', p_game_id, 'roundId', p_round_id), -p_bet_minor),
      ('win', jsonb_build_object('roundId', p_round_id, 'multiplier', p_multiplier), p_payout_minor)
  ), posted AS (
    INSERT INTO ledger_transactions (type, external_reference, metadata)
    SELECT m.type, p_round_id::text, m.metadata FROM movements m WHERE m.player_minor <> 0
    RETURNING id, type
  )
  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
  SELECT t.id, side.account_id, p_currency, side.amount_minor
  FROM posted t JOIN movements m ON m.type = t.type
  CROSS JOIN LATERAL (VALUES (v_main_id, m.player_minor), (v_house_id, -m.player_minor))
    AS side (account_id, amount_minor);
  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor - p_bet_minor + p_payout_minor, updated_at = now()
  WHERE a.id = v_main_id;

  INSERT INTO game_last_played AS l (user_id, game_id, played_at)
  VALUES (p_user_id, p_game_id, p_at)
  ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = EXCLUDED.played_at;

  INSERT INTO game_rounds (
    id, user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor, payout_minor,
    multiplier, rtp, params, outcome, state, created_at, settled_at, bonus_id, bet_bonus_minor,
    freespin
  ) VALUES (
    p_round_id, p_user_id, p_game_id, p_seed_id, p_nonce, p_client_seed, p_currency, p_bet_minor,
    p_payout_minor, p_multiplier::numeric, p_rtp, p_params, p_outcome, 'settled', p_at, p_at, NULL, 0,
    false
  );

  IF cardinality(p_tournament_ids) > 0 THEN
    PERFORM tournament_add_scores(p_user_id, p_at, 1, p_tournament_ids, p_tournament_scores, NULL);
  END IF;

  RETURN QUERY SELECT 'played'::text, r.epoch, r."offset"
    FROM realtime_append(p_balance_channel, p_balance_data, p_history_size) r;
END;
$$;
