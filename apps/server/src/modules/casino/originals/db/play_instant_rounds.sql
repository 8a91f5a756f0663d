-- play_instant_rounds(): settles a batch of instant rounds (dice, limbo, plinko, keno, slots of a
-- player without a bonus) in one call (RoundsRepository.settleInstantBatch, from the group-commit
-- batcher of RoundsService). The server computed each round from what it keeps per player (the
-- seed pair, the balances, the primary currency, the session); each step is done once for the
-- whole batch (one insert of all the batch's ledger transactions, one of all their postings, one
-- update of all the players' balances…), and a round has exactly the effects it has on the
-- general path: the nonce, the idempotency record, the 'bet' and 'win' ledger transactions with
-- their postings, the main balance, the round, last played, the tournament scores and the
-- `balance#` publication with its history.
--
-- Each round is checked on its own and applied only when everything it was computed from still
-- holds; one that fails a check changes nothing and is answered by its status, and the others are
-- played all the same:
--   'played'  applied; epoch and offset are its publication's stream position
--   'session' the round's session is revoked or expired, the player is banned, or the player's
--             primary currency is no longer the one the request was read with; checked first, so
--             such a caller learns nothing more (the server answers from a fresh read)
--   'stale'   the seed pair's next nonce or client seed is no longer the round's (or the pair was
--             rotated), or the batch already holds a round of the same player
--   'bonus'   the player has an active or pending bonus (the bonus engine plans such stakes)
--   'moved'   the main balance, or any balance of the player (`sheet`: "CUR:kind" → minor units,
--             as text), is no longer the one the round was computed from
--   'short'   the main balance cannot pay the stake (detail: currency, balance and stake in minor
--             units, space-separated)
--   'nohouse' the currency has no house account yet (its first round takes the general path)
--   'key'     the idempotency key was claimed meanwhile
--
-- Rows are locked in one order by every writer: the batch's seed pairs by player, then its main
-- accounts by id, as the general path locks a player's seed pair, then the accounts. Two
-- batches, or a batch and a general round, cannot deadlock. The rounds arrive as JSON of the
-- composite type `instant_round` (a table change: numbered migrations 0023 and 0024).

CREATE OR REPLACE FUNCTION play_instant_rounds(p_rounds jsonb, p_history_size integer)
RETURNS TABLE (idx integer, status text, epoch text, "offset" bigint, detail text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_rounds instant_round[];
  v_idx integer[];
  v_status text[];
  v_epoch text[];
  v_offset bigint[];
  v_detail text[];
  v_round instant_round;
BEGIN
  v_rounds := ARRAY(SELECT r FROM jsonb_populate_recordset(NULL::instant_round, p_rounds) r);

  PERFORM 1 FROM fairness_seeds s
  WHERE s.id IN (SELECT r.seed_id FROM unnest(v_rounds) r)
  ORDER BY s.user_id
  FOR UPDATE OF s;
  PERFORM 1 FROM ledger_accounts a
  WHERE a.account_key IN (
    SELECT 'player:' || r.user_id || ':' || r.currency || ':main' FROM unnest(v_rounds) r
  )
  ORDER BY a.id
  FOR UPDATE OF a;

  -- The locked rows cannot change any more: every check below holds until commit.
  WITH checked AS (
    SELECT r.*, m.id AS main_id, coalesce(m.balance_minor, 0) AS main_balance, h.id AS house_id,
      CASE
        WHEN u.id IS NULL OR u.ban_reason IS NOT NULL
          OR u.primary_currency IS DISTINCT FROM r.primary_currency
          OR NOT EXISTS (
            SELECT 1 FROM sessions se
            WHERE se.id = r.session_id AND se.user_id = r.user_id AND se.revoked_at IS NULL
              AND se.expires_at > r.at
          ) THEN 'session'
        WHEN row_number() OVER (PARTITION BY r.user_id ORDER BY r.idx) > 1 THEN 'stale'
        WHEN EXISTS (
          SELECT 1 FROM user_bonuses b
          WHERE b.user_id = r.user_id AND b.status IN ('active', 'pending')
        ) THEN 'bonus'
        WHEN s.id IS NULL OR s.user_id <> r.user_id OR s.revealed_at IS NOT NULL
          OR s.next_nonce <> r.nonce OR s.client_seed <> r.client_seed THEN 'stale'
        WHEN coalesce(m.balance_minor, 0) <> r.main_minor
          OR r.sheet IS DISTINCT FROM (
            SELECT coalesce(jsonb_object_agg(a.currency || ':' || a.kind, a.balance_minor::text), '{}')
            FROM ledger_accounts a WHERE a.user_id = r.user_id
          ) THEN 'moved'
        WHEN coalesce(m.balance_minor, 0) < r.bet_minor THEN 'short'
        WHEN h.id IS NULL THEN 'nohouse'
        ELSE 'ready'
      END AS status
    FROM unnest(v_rounds) r
    LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN fairness_seeds s ON s.id = r.seed_id
    LEFT JOIN ledger_accounts m
      ON m.account_key = 'player:' || r.user_id || ':' || r.currency || ':main'
    LEFT JOIN ledger_accounts h ON h.account_key = 'platform::' || r.currency || ':house'
  ), keyed AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
    SELECT c.scope, c.key, decode(c.request_hash, 'hex'), 200, c.response
    FROM checked c WHERE c.status = 'ready'
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING scope, key
  ), played AS (
    SELECT c.* FROM checked c JOIN keyed k ON k.scope = c.scope AND k.key = c.key
  ), nonces AS (
    UPDATE fairness_seeds s SET next_nonce = p.nonce + 1 FROM played p WHERE s.id = p.seed_id
  ), movements AS (
    -- What ledger_post() would write for the bonus engine's postings of a player without a
    -- bonus (stakePostings, payoutPostings): the stake 'bet' from main money to the house, the
    -- payout 'win' back, both referenced by the round id; the ledger's statement checks
    -- (ledger_postings_checked, ledger_transactions_checked) run at the end of this statement.
    SELECT p.round_id, p.currency, p.main_id, p.house_id, m.type, m.metadata, m.player_minor
    FROM played p CROSS JOIN LATERAL (
      VALUES
        ('bet', jsonb_build_object('gameId', p.game_id, 'roundId', p.round_id), -p.bet_minor),
        ('win', jsonb_build_object('roundId', p.round_id, 'multiplier', p.multiplier),
          p.payout_minor)
    ) AS m (type, metadata, player_minor)
    WHERE m.player_minor <> 0
  ), posted AS (
    INSERT INTO ledger_transactions (type, external_reference, metadata)
    SELECT m.type, m.round_id::text, m.metadata FROM movements m
    RETURNING id, type, external_reference
  ), postings AS (
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
    SELECT t.id, side.account_id, m.currency, side.amount_minor
    FROM posted t
    JOIN movements m ON m.round_id::text = t.external_reference AND m.type = t.type
    CROSS JOIN LATERAL (VALUES (m.main_id, m.player_minor), (m.house_id, -m.player_minor))
      AS side (account_id, amount_minor)
  ), balances AS (
    UPDATE ledger_accounts a
    SET balance_minor = a.balance_minor - p.bet_minor + p.payout_minor, updated_at = now()
    FROM played p WHERE a.id = p.main_id
  ), last_played AS (
    INSERT INTO game_last_played AS l (user_id, game_id, played_at)
    SELECT p.user_id, p.game_id, p.at FROM played p
    ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = EXCLUDED.played_at
  ), stored AS (
    INSERT INTO game_rounds (
      id, user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor, payout_minor,
      multiplier, rtp, params, outcome, state, created_at, settled_at, bonus_id,
      bet_bonus_minor, freespin
    )
    SELECT p.round_id, p.user_id, p.game_id, p.seed_id, p.nonce, p.client_seed, p.currency,
      p.bet_minor, p.payout_minor, p.multiplier::numeric, p.rtp, p.params, p.outcome, 'settled',
      p.at, p.at, NULL, 0, false
    FROM played p
  ), streams AS (
    -- realtime_append() (realtime/db/realtime_append.sql) for every played round's balance
    -- channel at once
    INSERT INTO realtime_streams AS s (channel, epoch, top_offset)
    SELECT p.balance_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 1
    FROM played p
    ON CONFLICT (channel) DO UPDATE SET top_offset = s.top_offset + 1, updated_at = now()
    RETURNING s.channel, s.epoch, s.top_offset
  ), history AS (
    INSERT INTO realtime_history (channel, "offset", data)
    SELECT st.channel, st.top_offset, p.balance_data::json
    FROM streams st JOIN played p ON p.balance_channel = st.channel
  ), trimmed AS (
    DELETE FROM realtime_history h USING streams st
    WHERE h.channel = st.channel AND h."offset" = st.top_offset - p_history_size
  )
  SELECT
    array_agg(c.idx),
    array_agg(CASE
      WHEN c.status <> 'ready' THEN c.status
      WHEN k.key IS NULL THEN 'key'
      ELSE 'played'
    END),
    array_agg(st.epoch),
    array_agg(st.top_offset),
    array_agg(CASE
      WHEN c.status = 'short' THEN c.currency || ' ' || c.main_balance || ' ' || c.bet_minor
    END)
  INTO v_idx, v_status, v_epoch, v_offset, v_detail
  FROM checked c
  LEFT JOIN keyed k ON k.scope = c.scope AND k.key = c.key
  LEFT JOIN streams st ON k.key IS NOT NULL AND st.channel = c.balance_channel;

  FOR v_round IN
    SELECT r.* FROM unnest(v_rounds) r
    JOIN unnest(v_idx, v_status) AS o (idx, status) ON o.idx = r.idx AND o.status = 'played'
    WHERE cardinality(r.tournament_ids) > 0
  LOOP
    PERFORM tournament_add_scores(
      v_round.user_id, v_round.at, 1, v_round.tournament_ids, v_round.tournament_scores, NULL
    );
  END LOOP;

  RETURN QUERY SELECT * FROM unnest(v_idx, v_status, v_epoch, v_offset, v_detail);
END;
$$;
