-- settle_rounds(): the one writer of rounds and their postings (WageringRepository.settle). Both
-- bet paths call it: the instant path (dice, limbo, plinko, keno, slots of a player without a
-- bonus or holding an active one in the round's currency) with a batch of rounds computed from
-- what its process kept, from the group-commit batcher of RoundsService; the general path (a
-- bonus's transitions, a free spin, mines, a first round) with a batch of
-- one it planned in the request's transaction (Wagering.settleOne). Each step is done once for the
-- whole batch (one insert of all its ledger transactions, one of all their postings, one update
-- of all the balances…), and a round has the same effects whichever path played it: the nonce,
-- the idempotency record (instant path), the stake's 'bet' and the payout's 'win' (or
-- 'freespin_win') ledger transactions with their postings, referenced by the round id, the
-- balances, the round (inserted, or an open mines round moved on), last played, the tournament
-- scores and the `balance#` publication with its history (instant path; the general path's
-- transaction publishes through the ledger's balance listener), and the responsible-gambling
-- usage of its stakes and wins (player_usage_add, one row a round, as the postings' usage
-- trigger would count them; that trigger stands aside for the statement that posts them).
--
-- The stake is split as the caller planned it (Wagering.plan): bet_bonus_minor of it bonus
-- money, the rest main money, all of it to the house; a free spin takes nothing. The payout is
-- split as the caller settled it (payout_main_minor, payout_bonus_minor), out of the house.
--
-- Each round is checked on its own and applied only when everything it was computed from still
-- holds; one that fails a check changes nothing and is answered by its status, and the others are
-- played all the same:
--   'played'  applied; epoch and offset are its publication's stream position (null without one)
--   'session' the round's session is revoked or expired, or the player is banned; or, for a kept
--             round, the player's primary currency is no longer the one it was read with;
--             checked first, so such a caller learns nothing more (the server answers from a
--             fresh read)
--   'stale'   the seed pair's next nonce or client seed is no longer the round's (or the pair was
--             rotated), an open round is no longer open, or the batch already holds a round of
--             the same player
--   'bonus'   a kept round's player has a responsible-gambling wager, loss or session limit or a
--             reality-check interval (the general path plans it and checks them under its
--             lock); a kept round without a bonus:
--             its player has an active or pending bonus; a kept round with one (bonus_percent
--             set): the round would change more than the bonus's counters — it reaches the
--             wagering requirement (completion), it spends the last bonus money (lost), the bonus
--             has expired by the round's time or a pending bonus waits behind it. The general
--             path plans and settles such a round (the bonus engine's rules).
--   'moved'   a kept round's main balance, or any balance of the player (`sheet`: "CUR:kind" →
--             minor units, as text), is no longer the one it was computed from; or the bonus it
--             was computed from is no longer the player's active one in its currency with the
--             kept wagering progress and requirement, free spins left, maximum bet and game
--             contribution (the process reads its context again)
--   'short'   the main or the bonus balance cannot pay its part of the stake (detail: currency,
--             balance and debit in minor units, space-separated)
--   'nohouse' a kept round's currency has no house account yet (its first round takes the
--             general path, which creates it)
--   'key'     the idempotency key was claimed meanwhile
--
-- A kept round with a bonus adds stake × the game's percent ÷ 100 (floored; bonus currency = the
-- round's) to the bonus's wager_current_minor, as the bonus engine's payoutSettled does for the
-- general path; that is all it changes of the bonus.
--
-- Rows are locked
-- in one order by every writer: the batch's kept bonuses by id, its seed pairs by player, its
-- open rounds by id, then its player accounts by id, as the general path locks the player's
-- active bonus (Wagering.plan), then the seed pair (or open round), then the accounts, and
-- ledger_post() locks accounts by id. An operator's forfeit or cancel and the expiry job lock the
-- bonus row before they move its money, so they serialise with a batch on that row. A kept bonus
-- round that moves no bonus money leaves the bonus account unlocked, like the sheet's other
-- accounts: it writes nothing there, and only a round staking bonus money (its account locked)
-- can spend the last of it. Two batches, or a batch and any ledger
-- movement, cannot deadlock. The rounds arrive as JSON of the composite type `wager_round` (a
-- table change: numbered migration 0030; the kept bonus's attributes 0052).
--
-- The function's statements use their generic plans (plan_cache_mode): PL/pgSQL otherwise plans
-- the one large statement below again for nearly every call, as its custom plan for a batch's
-- array looks cheaper than the generic one; under the bets bench that planning cost as much as
-- the execution (13 ms mean each, pg_stat_statements: 1,345 plans for 1,771 calls), and a
-- general-path round, a batch of one, paid all of it alone.
-- Its lookups go by index (enable_seqscan off) whatever the tables' sizes were when the generic
-- plan was made: a plan made while users, accounts and seeds were few hash-joined full scans of
-- them, and kept doing so as they grew, until the next ANALYZE.

CREATE OR REPLACE FUNCTION settle_rounds(p_rounds jsonb, p_history_size integer)
RETURNS TABLE (idx integer, status text, epoch text, "offset" bigint, detail text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_rounds wager_round[];
  v_idx integer[];
  v_status text[];
  v_epoch text[];
  v_offset bigint[];
  v_detail text[];
  v_round wager_round;
  v_usage_counted text;
  v_setting text;
  v_any_planned boolean;
  v_any_kept_bonus boolean;
  v_any_existing boolean;
  v_any_tournament boolean;
  v_lean boolean;
  v_usage_user_ids uuid[];
  v_usage_currencies text[];
  v_usage_at timestamptz[];
  v_usage_staked bigint[];
  v_usage_won bigint[];
BEGIN
  v_rounds := ARRAY(SELECT r FROM jsonb_populate_recordset(NULL::wager_round, p_rounds) r);
  -- what the batch holds, read once (each statement below that only some batches need is skipped
  -- by the others)
  SELECT bool_or(NOT r.kept), bool_or(r.kept AND r.bonus_percent IS NOT NULL),
    bool_or(r.existing), bool_or(cardinality(r.tournament_ids) > 0),
    -- every round kept, new, without a bonus and moving no bonus money (the instant path of
    -- players without a bonus: most batches)
    bool_and(coalesce(r.kept AND r.bonus_percent IS NULL AND NOT r.existing AND NOT r.freespin
      AND r.bonus_id IS NULL AND r.bet_bonus_minor = 0 AND r.payout_bonus_minor = 0, false))
  INTO v_any_planned, v_any_kept_bonus, v_any_existing, v_any_tournament, v_lean
  FROM unnest(v_rounds) r;

  -- A round planned in the caller's transaction may credit an account that does not exist yet
  -- (a currency's first round, a main account paid from bonus money): it is created here, as
  -- ledger_post() does. A kept round's accounts exist (its main balance paid its stake) but for
  -- the house of a currency not played yet: that round is answered 'nohouse'.
  IF v_any_planned THEN
    INSERT INTO ledger_accounts (owner_type, user_id, currency, kind)
    SELECT DISTINCT w.owner_type, w.user_id, r.currency, w.kind
    FROM unnest(v_rounds) r
    CROSS JOIN LATERAL (
      VALUES
        ('platform', NULL::uuid, 'house', r.house_key, true),
        ('player', r.user_id, 'main', r.main_key, r.payout_main_minor > 0),
        ('player', r.user_id, 'bonus', r.bonus_key, r.payout_bonus_minor > 0)
    ) AS w (owner_type, user_id, kind, account_key, credited)
    WHERE w.credited
      AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.account_key = w.account_key)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT ledger_accounts_account_key DO NOTHING;
  END IF;

  IF v_any_kept_bonus THEN
    PERFORM 1 FROM user_bonuses ub
    WHERE ub.id IN (
      SELECT r.bonus_id FROM unnest(v_rounds) r WHERE r.kept AND r.bonus_percent IS NOT NULL
    )
    ORDER BY ub.id
    FOR UPDATE OF ub;
  END IF;
  PERFORM 1 FROM fairness_seeds s
  WHERE s.id IN (SELECT r.seed_id FROM unnest(v_rounds) r WHERE NOT r.existing)
  ORDER BY s.user_id
  FOR UPDATE OF s;
  IF v_any_existing THEN
    PERFORM 1 FROM game_rounds g
    WHERE g.id IN (SELECT r.round_id FROM unnest(v_rounds) r WHERE r.existing)
    ORDER BY g.id
    FOR UPDATE OF g;
  END IF;
  PERFORM 1 FROM ledger_accounts a
  WHERE a.account_key IN (
    SELECT r.main_key FROM unnest(v_rounds) r
    UNION ALL
    SELECT r.bonus_key FROM unnest(v_rounds) r
    WHERE r.bet_bonus_minor > 0 OR r.payout_bonus_minor > 0
  )
  ORDER BY a.id
  FOR UPDATE OF a;

  -- The locked rows cannot change any more: every check below holds until commit.
  -- The statement's postings are counted for the responsible-gambling usage below, one row a
  -- round: the postings' usage trigger (players/protection/db/player_usage_record.sql) stands
  -- aside meanwhile.
  v_usage_counted := current_setting('casino.usage_counted', true);
  v_setting := set_config('casino.usage_counted', 'on', true);
  IF v_lean THEN
    -- The batch's rounds are all kept, new and without a bonus: the statement below is the one
    -- after ELSE less what such rounds never need (the kept bonus and its offer's games, the bonus
    -- account, the open round, a free spin's win): the same checks in the same order, the same
    -- effects. A generic plan initialises every relation, index and subplan it names on each
    -- call, run or not, and this is the batch most calls carry (the bets bench's players without
    -- a bonus: about 0.1 ms of PostgreSQL's time a round less than the full statement).
    -- In both statements every probe of another table is a scalar subquery (`(SELECT true …
    -- LIMIT 1)`, one index lookup per round), never an EXISTS: for an EXISTS the planner may hash
    -- every matching row of the table once per call instead (a plan it prefers when the
    -- connection's generic plan is made while the table is small) and keep that plan while the
    -- table grows: every batch would then read all open bonuses, limits and exclusions.
    WITH checked AS (
      SELECT r.*, m.id AS main_id, coalesce(m.balance_minor, 0) AS main_balance, h.id AS house_id,
        CASE
          WHEN u.id IS NULL OR u.ban_reason IS NOT NULL
            OR u.primary_currency IS DISTINCT FROM r.primary_currency
            OR (
              SELECT true FROM sessions se
              WHERE se.id = r.session_id AND se.user_id = r.user_id AND se.revoked_at IS NULL
                AND se.expires_at > r.at
              LIMIT 1
            ) IS NULL THEN 'session'
          WHEN row_number() OVER (PARTITION BY r.user_id ORDER BY r.idx) > 1 THEN 'stale'
          WHEN (
            SELECT true FROM user_bonuses ub
            WHERE ub.user_id = r.user_id AND ub.status IN ('active', 'pending')
            LIMIT 1
          ) OR (
            SELECT true FROM player_limits l
            WHERE l.user_id = r.user_id AND l.type IN ('wager', 'loss', 'session')
            LIMIT 1
          ) OR u.reality_check_minutes IS NOT NULL OR (
            SELECT true FROM player_exclusions x WHERE x.user_id = r.user_id
            LIMIT 1
          ) THEN 'bonus'
          WHEN s.id IS NULL OR s.user_id <> r.user_id OR s.revealed_at IS NOT NULL
            OR s.next_nonce <> r.nonce OR s.client_seed <> r.client_seed THEN 'stale'
          WHEN coalesce(m.balance_minor, 0) <> r.main_minor
            OR r.sheet IS DISTINCT FROM (
              SELECT coalesce(jsonb_object_agg(a.currency || ':' || a.kind, a.balance_minor::text), '{}')
              FROM ledger_accounts a WHERE a.user_id = r.user_id
            ) THEN 'moved'
          WHEN h.id IS NULL THEN 'nohouse'
          WHEN coalesce(m.balance_minor, 0) < r.bet_minor THEN 'short'
          ELSE 'ready'
        END AS status
      FROM unnest(v_rounds) r
      LEFT JOIN users u ON u.id = r.user_id
      LEFT JOIN fairness_seeds s ON s.id = r.seed_id
      LEFT JOIN ledger_accounts m ON m.account_key = r.main_key
      LEFT JOIN ledger_accounts h ON h.account_key = r.house_key
    ), keyed AS (
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
      SELECT c.scope, c.key, decode(c.request_hash, 'hex'), 200, c.response
      FROM checked c WHERE c.status = 'ready' AND c.scope IS NOT NULL
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING scope, key
    ), played AS (
      SELECT c.* FROM checked c LEFT JOIN keyed k ON k.scope = c.scope AND k.key = c.key
      WHERE c.status = 'ready' AND (c.scope IS NULL OR k.key IS NOT NULL)
    ), nonces AS (
      UPDATE fairness_seeds s SET next_nonce = p.nonce + 1
      FROM played p WHERE s.id = p.seed_id
    ), movements AS (
      -- the stake out of the player's main money into the house; the payout back
      SELECT p.round_id, p.currency, p.main_id, p.house_id, m.type, m.metadata, m.player_minor
      FROM played p CROSS JOIN LATERAL (
        VALUES
          ('bet', jsonb_build_object('gameId', p.game_id, 'roundId', p.round_id), -p.bet_minor),
          ('win', jsonb_build_object('roundId', p.round_id, 'multiplier', p.multiplier),
            p.payout_main_minor)
      ) AS m (type, metadata, player_minor)
      WHERE m.player_minor <> 0
    ), posted AS (
      -- the ledger's statement checks (ledger_postings_checked, ledger_transactions_checked) run
      -- at the end of this statement
      INSERT INTO ledger_transactions (type, external_reference, metadata)
      SELECT mv.type, mv.round_id::text, mv.metadata FROM movements mv
      RETURNING id, type, external_reference
    ), postings AS (
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
      SELECT t.id, side.account_id, mv.currency, side.amount_minor
      FROM posted t
      JOIN movements mv ON mv.round_id::text = t.external_reference AND mv.type = t.type
      CROSS JOIN LATERAL (VALUES (mv.main_id, mv.player_minor), (mv.house_id, -mv.player_minor))
        AS side (account_id, amount_minor)
    ), balances AS (
      UPDATE ledger_accounts a
      SET balance_minor = a.balance_minor + p.payout_main_minor - p.bet_minor, updated_at = now()
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
        p.bet_minor, p.payout_main_minor, p.multiplier::numeric, p.rtp, p.params, p.outcome,
        p.state, p.at, CASE WHEN p.state = 'settled' THEN p.at END, NULL, 0, false
      FROM played p
    ), streams AS (
      -- realtime_append() (realtime/db/realtime_append.sql) for every played round's balance
      -- channel at once
      INSERT INTO realtime_streams AS s (channel, epoch, top_offset)
      SELECT p.balance_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 1
      FROM played p WHERE p.balance_channel IS NOT NULL
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
        WHEN c.scope IS NOT NULL AND k.key IS NULL THEN 'key'
        ELSE 'played'
      END),
      array_agg(st.epoch),
      array_agg(st.top_offset),
      array_agg(CASE
        WHEN c.status = 'short' THEN c.currency || ' ' || c.main_balance || ' ' || c.bet_minor
      END),
      -- the played rounds that moved a player's money: their stakes and wins for the usage below
      array_agg(c.user_id) FILTER (WHERE u.counted),
      array_agg(c.currency) FILTER (WHERE u.counted),
      array_agg(now()) FILTER (WHERE u.counted),
      array_agg(c.bet_minor) FILTER (WHERE u.counted),
      array_agg(c.payout_main_minor) FILTER (WHERE u.counted)
    INTO v_idx, v_status, v_epoch, v_offset, v_detail,
      v_usage_user_ids, v_usage_currencies, v_usage_at, v_usage_staked, v_usage_won
    FROM checked c
    LEFT JOIN keyed k ON k.scope = c.scope AND k.key = c.key
    LEFT JOIN streams st
      ON c.status = 'ready' AND (c.scope IS NULL OR k.key IS NOT NULL)
        AND st.channel = c.balance_channel
    CROSS JOIN LATERAL (
      SELECT c.status = 'ready' AND (c.scope IS NULL OR k.key IS NOT NULL)
        AND (c.bet_minor > 0 OR c.payout_main_minor > 0) AS counted
    ) u;
  ELSE
    WITH rounds AS (
      SELECT r.*,
        CASE WHEN r.existing OR r.freespin THEN 0 ELSE r.bet_minor - r.bet_bonus_minor END
          AS stake_main_minor,
        CASE WHEN r.existing OR r.freespin THEN 0 ELSE r.bet_bonus_minor END AS stake_bonus_minor,
        -- a kept bonus's wagering: the stake × the game's percent, floored (bonus-rules.ts
        -- wagerContributionMinor)
        CASE WHEN r.kept AND r.bonus_percent IS NOT NULL
          THEN r.bet_minor * r.bonus_percent / 100 ELSE 0 END AS wager_minor
      FROM unnest(v_rounds) r
    ), checked AS (
      SELECT r.*, m.id AS main_id, coalesce(m.balance_minor, 0) AS main_balance, h.id AS house_id,
        -- the bonus account, read only for a round that moves bonus money (a kept one only with its
        -- kept bonus;
        -- scalar subqueries under CASE: a join would be planned for every round)
        CASE WHEN r.stake_bonus_minor > 0 OR r.payout_bonus_minor > 0 THEN (
          SELECT b.id FROM ledger_accounts b WHERE b.account_key = r.bonus_key
        ) END AS bonus_account_id,
        CASE WHEN r.stake_bonus_minor > 0 THEN coalesce((
          SELECT b.balance_minor FROM ledger_accounts b WHERE b.account_key = r.bonus_key
        ), 0) ELSE 0 END AS bonus_balance,
        CASE
          WHEN u.id IS NULL OR u.ban_reason IS NOT NULL
            OR (r.kept AND u.primary_currency IS DISTINCT FROM r.primary_currency)
            OR (
              SELECT true FROM sessions se
              WHERE se.id = r.session_id AND se.user_id = r.user_id AND se.revoked_at IS NULL
                AND se.expires_at > r.at
              LIMIT 1
            ) IS NULL THEN 'session'
          WHEN row_number() OVER (PARTITION BY r.user_id ORDER BY r.idx) > 1 THEN 'stale'
          WHEN r.kept AND (r.bonus_percent IS NULL AND (
            SELECT true FROM user_bonuses ub
            WHERE ub.user_id = r.user_id AND ub.status IN ('active', 'pending')
            LIMIT 1
          ) OR (
            SELECT true FROM player_limits l
            WHERE l.user_id = r.user_id AND l.type IN ('wager', 'loss', 'session')
            LIMIT 1
          ) OR u.reality_check_minutes IS NOT NULL OR (
            SELECT true FROM player_exclusions x WHERE x.user_id = r.user_id
            LIMIT 1
          )) THEN 'bonus'
          WHEN r.existing AND (
            SELECT true FROM game_rounds g
            WHERE g.id = r.round_id AND g.user_id = r.user_id AND g.state = 'open'
            LIMIT 1
          ) IS NULL THEN 'stale'
          WHEN NOT r.existing AND (
            s.id IS NULL OR s.user_id <> r.user_id OR s.revealed_at IS NOT NULL
            OR s.next_nonce <> r.nonce OR s.client_seed <> r.client_seed
          ) THEN 'stale'
          WHEN r.kept AND (
            coalesce(m.balance_minor, 0) <> r.main_minor
            OR r.sheet IS DISTINCT FROM (
              SELECT coalesce(jsonb_object_agg(a.currency || ':' || a.kind, a.balance_minor::text), '{}')
              FROM ledger_accounts a WHERE a.user_id = r.user_id
            )
          ) THEN 'moved'
          -- the kept bonus (its row locked above) as it was read, or read again
          WHEN r.kept AND r.bonus_percent IS NOT NULL AND (
            kb.id IS NULL OR kb.user_id <> r.user_id OR kb.status <> 'active'
            OR kb.currency <> r.currency
            OR kb.wager_current_minor <> r.bonus_wager_current
            OR kb.wager_total_minor <> r.bonus_wager_total
            OR kb.freespins_left <> r.bonus_freespins_left
            OR kb.wager_max_bet_minor IS DISTINCT FROM r.bonus_max_bet
            OR r.bonus_percent <> CASE
              WHEN (SELECT true FROM bonus_offer_games w WHERE w.offer_id = kb.offer_id LIMIT 1) IS NULL
                THEN 100
              ELSE coalesce((
                SELECT w.percent FROM bonus_offer_games w
                WHERE w.offer_id = kb.offer_id AND w.game_id = r.game_id
              ), 0)
            END
          ) THEN 'moved'
          -- what only the general path does: the bonus ends (completed or lost), or is due to
          WHEN r.kept AND r.bonus_percent IS NOT NULL AND (
            kb.expires_at <= r.at
            OR (
              SELECT true FROM user_bonuses pb WHERE pb.user_id = r.user_id AND pb.status = 'pending'
              LIMIT 1
            )
            OR kb.freespins_left = 0 AND (
              kb.wager_current_minor + r.wager_minor >= kb.wager_total_minor
              OR r.stake_bonus_minor > 0 AND coalesce((
                SELECT b.balance_minor FROM ledger_accounts b WHERE b.account_key = r.bonus_key
              ), 0) - r.stake_bonus_minor + r.payout_bonus_minor <= 0
            )
          ) THEN 'bonus'
          WHEN h.id IS NULL THEN 'nohouse'
          WHEN coalesce(m.balance_minor, 0) < r.stake_main_minor
            OR r.stake_bonus_minor > 0 AND coalesce((
              SELECT b.balance_minor FROM ledger_accounts b WHERE b.account_key = r.bonus_key
            ), 0) < r.stake_bonus_minor THEN 'short'
          ELSE 'ready'
        END AS status
      FROM rounds r
      LEFT JOIN users u ON u.id = r.user_id
      LEFT JOIN fairness_seeds s ON s.id = r.seed_id
      LEFT JOIN ledger_accounts m ON m.account_key = r.main_key
      LEFT JOIN ledger_accounts h ON h.account_key = r.house_key
      LEFT JOIN user_bonuses kb ON r.kept AND r.bonus_percent IS NOT NULL AND kb.id = r.bonus_id
    ), keyed AS (
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
      SELECT c.scope, c.key, decode(c.request_hash, 'hex'), 200, c.response
      FROM checked c WHERE c.status = 'ready' AND c.scope IS NOT NULL
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING scope, key
    ), played AS (
      SELECT c.* FROM checked c LEFT JOIN keyed k ON k.scope = c.scope AND k.key = c.key
      WHERE c.status = 'ready' AND (c.scope IS NULL OR k.key IS NOT NULL)
    ), wagered AS (
      -- a kept bonus's wagering (the general path's is the bonus engine's, after this statement)
      UPDATE user_bonuses ub SET wager_current_minor = ub.wager_current_minor + p.wager_minor
      FROM played p WHERE p.wager_minor > 0 AND ub.id = p.bonus_id
    ), nonces AS (
      UPDATE fairness_seeds s SET next_nonce = p.nonce + 1
      FROM played p WHERE NOT p.existing AND s.id = p.seed_id
    ), movements AS (
      -- the stake out of the player's main and bonus money into the house; the payout back
      SELECT p.round_id, p.currency, p.main_id, p.bonus_account_id, p.house_id, m.*
      FROM played p CROSS JOIN LATERAL (
        VALUES
          ('bet',
            jsonb_build_object('gameId', p.game_id, 'roundId', p.round_id)
              || CASE WHEN p.bonus_id IS NULL THEN '{}'::jsonb
                 ELSE jsonb_build_object('bonusId', p.bonus_id, 'bonusMinor', p.bet_bonus_minor::text)
                 END,
            -p.stake_main_minor, -p.stake_bonus_minor),
          (CASE WHEN p.freespin THEN 'freespin_win' ELSE 'win' END,
            jsonb_build_object('roundId', p.round_id, 'multiplier', p.multiplier),
            p.payout_main_minor, p.payout_bonus_minor)
      ) AS m (type, metadata, main_minor, bonus_minor)
      WHERE m.main_minor <> 0 OR m.bonus_minor <> 0
    ), sides AS (
      SELECT mv.round_id, mv.type, mv.currency, side.account_id, side.amount_minor, side.player
      FROM movements mv CROSS JOIN LATERAL (
        VALUES
          (mv.main_id, mv.main_minor, true),
          (mv.bonus_account_id, mv.bonus_minor, true),
          (mv.house_id, -(mv.main_minor + mv.bonus_minor), false)
      ) AS side (account_id, amount_minor, player)
      WHERE side.amount_minor <> 0
    ), posted AS (
      -- the ledger's statement checks (ledger_postings_checked, ledger_transactions_checked) run
      -- at the end of this statement
      INSERT INTO ledger_transactions (type, external_reference, metadata)
      SELECT mv.type, mv.round_id::text, mv.metadata FROM movements mv
      RETURNING id, type, external_reference
    ), postings AS (
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
      SELECT t.id, s.account_id, s.currency, s.amount_minor
      FROM posted t JOIN sides s ON s.round_id::text = t.external_reference AND s.type = t.type
    ), balances AS (
      UPDATE ledger_accounts a
      SET balance_minor = a.balance_minor + d.delta_minor, updated_at = now()
      FROM (
        SELECT p.main_id AS account_id, p.payout_main_minor - p.stake_main_minor AS delta_minor
        FROM played p WHERE p.main_id IS NOT NULL
        UNION ALL
        SELECT p.bonus_account_id, p.payout_bonus_minor - p.stake_bonus_minor
        FROM played p WHERE p.bonus_account_id IS NOT NULL
      ) d
      WHERE a.id = d.account_id
    ), last_played AS (
      INSERT INTO game_last_played AS l (user_id, game_id, played_at)
      SELECT p.user_id, p.game_id, p.at FROM played p WHERE NOT p.existing
      ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = EXCLUDED.played_at
    ), stored AS (
      INSERT INTO game_rounds (
        id, user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor, payout_minor,
        multiplier, rtp, params, outcome, state, created_at, settled_at, bonus_id,
        bet_bonus_minor, freespin
      )
      SELECT p.round_id, p.user_id, p.game_id, p.seed_id, p.nonce, p.client_seed, p.currency,
        p.bet_minor, p.payout_main_minor + p.payout_bonus_minor, p.multiplier::numeric, p.rtp,
        p.params, p.outcome, p.state, p.at, CASE WHEN p.state = 'settled' THEN p.at END,
        p.bonus_id, p.bet_bonus_minor, p.freespin
      FROM played p WHERE NOT p.existing
    ), moved_on AS (
      UPDATE game_rounds g
      SET outcome = p.outcome, multiplier = p.multiplier::numeric, state = p.state,
        payout_minor = p.payout_main_minor + p.payout_bonus_minor,
        settled_at = CASE WHEN p.state = 'settled' THEN p.at END
      FROM played p WHERE p.existing AND g.id = p.round_id
    ), streams AS (
      -- realtime_append() (realtime/db/realtime_append.sql) for every played round's balance
      -- channel at once
      INSERT INTO realtime_streams AS s (channel, epoch, top_offset)
      SELECT p.balance_channel, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 1
      FROM played p WHERE p.balance_channel IS NOT NULL
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
        WHEN c.scope IS NOT NULL AND k.key IS NULL THEN 'key'
        ELSE 'played'
      END),
      array_agg(st.epoch),
      array_agg(st.top_offset),
      array_agg(CASE
        WHEN c.status <> 'short' THEN NULL
        WHEN c.main_balance < c.stake_main_minor
          THEN c.currency || ' ' || c.main_balance || ' ' || c.stake_main_minor
        ELSE c.currency || ' ' || c.bonus_balance || ' ' || c.stake_bonus_minor
      END),
      -- the played rounds that moved a player's money: their stakes and wins for the usage below
      array_agg(c.user_id) FILTER (WHERE u.counted),
      array_agg(c.currency) FILTER (WHERE u.counted),
      array_agg(now()) FILTER (WHERE u.counted),
      array_agg(c.stake_main_minor + c.stake_bonus_minor) FILTER (WHERE u.counted),
      array_agg(c.payout_main_minor + c.payout_bonus_minor) FILTER (WHERE u.counted)
    INTO v_idx, v_status, v_epoch, v_offset, v_detail,
      v_usage_user_ids, v_usage_currencies, v_usage_at, v_usage_staked, v_usage_won
    FROM checked c
    LEFT JOIN keyed k ON k.scope = c.scope AND k.key = c.key
    LEFT JOIN streams st
      ON c.status = 'ready' AND (c.scope IS NULL OR k.key IS NOT NULL)
        AND st.channel = c.balance_channel
    CROSS JOIN LATERAL (
      SELECT c.status = 'ready' AND (c.scope IS NULL OR k.key IS NOT NULL)
        AND (c.stake_main_minor + c.stake_bonus_minor > 0
          OR c.payout_main_minor + c.payout_bonus_minor > 0) AS counted
    ) u;
  END IF;
  v_setting := set_config('casino.usage_counted', coalesce(v_usage_counted, ''), true);

  -- The played rounds' stakes and wins, as the usage trigger would have counted them from their
  -- postings (players/protection/db/player_usage_add.sql): one row a round that moved a
  -- player's money (its stake, main and bonus, and its payout, main and bonus; the trigger's
  -- rows were its postings, summed the same way), at the ledger transactions' time (now()).
  IF v_usage_user_ids IS NOT NULL THEN
    PERFORM player_usage_add(
      v_usage_user_ids, v_usage_currencies, v_usage_at, v_usage_staked, v_usage_won
    );
  END IF;

  IF v_any_tournament THEN
    FOR v_round IN
      SELECT r.* FROM unnest(v_rounds) r
      JOIN unnest(v_idx, v_status) AS o (idx, status) ON o.idx = r.idx AND o.status = 'played'
      WHERE cardinality(r.tournament_ids) > 0
    LOOP
      PERFORM tournament_add_scores(
        v_round.user_id, v_round.at, 1, v_round.tournament_ids, v_round.tournament_scores, NULL
      );
    END LOOP;
  END IF;

  RETURN QUERY SELECT * FROM unnest(v_idx, v_status, v_epoch, v_offset, v_detail);
END;
$$;
