-- sport_place_tickets(): the pre-match tickets ready at one moment, placed by ONE statement, its
-- own transaction (SportBetting's batcher, the way the casino's instant rounds are settled by
-- settle_rounds). Each ticket was priced by its process from what it keeps — the player's
-- context (primary currency, balances, bet factor, no open bonus), the operators' limits, the
-- prices the player asked for — and is applied only if all of that still holds here; each is
-- checked and applied on its own, so a ticket refused never refuses its neighbours. Answers one
-- row per ticket, in the batch's order:
--   'placed'    applied: its idempotency record with the answer, the stake to the house
--               (`sport_stake`, `sport_stake:{ticketId}`), the ticket and its legs
--               (sport_place_ticket), the `balance#` publication (epoch, offset: its position)
--               and the liability reserved (sport_liability_reserve)
--   'limits'    the operators' limits or cash-out switch moved since the process read them
--               (sport_limits_fingerprint): every ticket of the batch is priced again
--   'session'   the request's session is revoked or expired, the player banned, or the primary
--               currency is no longer the ticket's (checked first: the caller answers from a
--               fresh read of the session)
--   'bonus'     the player has an active or pending bonus, a responsible-gambling wager, loss or
--               session limit or a reality-check interval (the general path plans the stake and
--               checks them under its lock)
--   'stale'     the player's bet factor is no longer the one the ticket was priced with
--   'moved'     a balance of the player ("CUR:kind" → minor units) is no longer the one kept
--               (the publication was computed from them)
--   'key'       the request's idempotency key is claimed (by an earlier request, or an earlier
--               ticket of this batch with the same key)
--   'selection' a selection is no longer as priced: its event started or ended, its market is
--               not active as players see it, its outcome inactive, its price another (the
--               general path reads it and refuses, or prices it anew under the player's policy)
--   'short'     the main balance cannot pay the stake (detail: the short account as JSON)
--   'player' / 'market'  the player's / a market outcome's liability limit would be passed
-- Every check is made for the whole batch at once under the locks below (so it holds until the
-- commit), and only the tickets that pass every check are written: each step once for all of
-- them — the idempotency records (a key claimed meanwhile drops its ticket), the stakes in one
-- ledger_post_many() call, the tickets and their legs, the publications in one
-- realtime_append_many() call and the liability counters in one statement per table. The
-- liability is decided ticket by ticket in the batch's order (a ticket that would pass a limit is
-- refused and counts for nothing), as concurrent one-ticket reservations would be.
--
-- Rows are locked in one order by every writer: first the batch's player accounts by id (as
-- ledger_post() and settlement lock accounts), then the players' liability rows by player, then
-- the outcomes' liability rows by (market, outcome) (missing ones created empty first, in that
-- order), so two batches, a batch and the general path, or a batch and settlement cannot deadlock
-- on them; a deadlock elsewhere fails the whole statement, which the caller runs again.
-- `p_tickets`: JSON array of {ticket (sport_place_ticket's p_ticket), legs: [{eventId, marketId,
-- outcomeId, odds, limit}], playerLimit, sessionId, betFactor, sheet, scope, key, hash (hex),
-- response, channel, publication}; `p_fingerprint`: sport_limits_fingerprint() as the process
-- read it. The JSON is read once, at the start, into typed arrays (one element per ticket, and one
-- per leg naming its ticket by position); every statement after works on those arrays, never on
-- the JSON again (each re-read of it cost a JSON walk per statement: about a fifth of this
-- function's CPU time).
--
-- The function's statements use their generic plans (plan_cache_mode), as settle_rounds' do:
-- PL/pgSQL otherwise plans the checks statement, the ledger's movements and
-- realtime_append_many again on most calls once batches shrink under load (a custom plan for a
-- short array looks cheaper than the generic one), about 1 ms each. Lookups go by index
-- (enable_seqscan off) whatever the tables' sizes were when the generic plan was made.

CREATE OR REPLACE FUNCTION sport_place_tickets(
  p_tickets jsonb,
  p_fingerprint text,
  p_history_size integer
) RETURNS TABLE (idx integer, status text, epoch text, "offset" bigint, detail text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_count integer := jsonb_array_length(p_tickets);
  v_status text[];
  v_detail text[];
  v_epoch text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_tickets)]);
  v_offset bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(p_tickets)]);
  -- the batch read once: one element per ticket, in the batch's order
  t_ticket jsonb[];
  t_id uuid[];
  t_user uuid[];
  t_currency text[];
  t_stake bigint[];
  t_liability bigint[];
  t_player_limit bigint[];
  t_session uuid[];
  t_now timestamptz[];
  t_factor numeric[];
  t_sheet jsonb[];
  t_scope text[];
  t_key text[];
  t_hash bytea[];
  t_response jsonb[];
  t_channel text[];
  t_publication text[];
  t_type text[];
  t_system_size text[];
  t_folds text[];
  t_lines integer[];
  t_odds_change text[];
  t_payout bigint[];
  t_odds numeric[];
  -- and one element per leg, in the batch's order then the ticket's
  g_ticket integer[];
  g_position smallint[];
  g_event bigint[];
  g_market bigint[];
  g_outcome text[];
  g_odds numeric[];
  g_limit bigint[];
  v_first integer;
  v_last integer;
  v_leg integer;
  v_position integer;
  v_amount bigint;
  v_fits boolean;
  v_open jsonb := '{}';
  v_outcomes jsonb := '{}';
  v_placed integer[];
  -- the stakes as ledger_post_many takes them
  m_types text[];
  m_references text[];
  m_metadata jsonb[];
  m_positions integer[];
  m_owner_types text[];
  m_user_ids uuid[];
  m_currencies text[];
  m_kinds text[];
  m_amounts bigint[];
  v_short record;
  v_row record;
BEGIN
  IF sport_limits_fingerprint() IS DISTINCT FROM p_fingerprint THEN
    RETURN QUERY SELECT i::integer, 'limits'::text, NULL::text, NULL::bigint, NULL::text
      FROM generate_series(1, v_count) i;
    RETURN;
  END IF;

  SELECT array_agg(t.ticket ORDER BY t.n), array_agg((t.ticket->>'id')::uuid ORDER BY t.n),
    array_agg((t.ticket->>'userId')::uuid ORDER BY t.n),
    array_agg(t.ticket->>'currency' ORDER BY t.n),
    array_agg((t.ticket->>'mainMinor')::bigint ORDER BY t.n),
    array_agg((t.ticket->>'liabilityMinor')::bigint ORDER BY t.n),
    array_agg(t."playerLimit" ORDER BY t.n), array_agg(t."sessionId" ORDER BY t.n),
    array_agg((t.ticket->>'now')::timestamptz ORDER BY t.n), array_agg(t."betFactor" ORDER BY t.n),
    array_agg(t.sheet ORDER BY t.n), array_agg(t.scope ORDER BY t.n), array_agg(t.key ORDER BY t.n),
    array_agg(decode(t.hash, 'hex') ORDER BY t.n), array_agg(t.response ORDER BY t.n),
    array_agg(t.channel ORDER BY t.n), array_agg(t.publication ORDER BY t.n),
    array_agg(t.ticket->>'type' ORDER BY t.n), array_agg(t.ticket->>'systemSize' ORDER BY t.n),
    array_agg(translate((t.ticket->'folds')::text, '[]', '{}') ORDER BY t.n),
    array_agg((t.ticket->>'lines')::integer ORDER BY t.n),
    array_agg(t.ticket->>'oddsChange' ORDER BY t.n),
    array_agg((t.ticket->>'potentialPayoutMinor')::bigint ORDER BY t.n),
    array_agg((t.ticket->>'odds')::numeric ORDER BY t.n)
  INTO t_ticket, t_id, t_user, t_currency, t_stake, t_liability, t_player_limit, t_session, t_now,
    t_factor, t_sheet, t_scope, t_key, t_hash, t_response, t_channel, t_publication, t_type,
    t_system_size, t_folds, t_lines, t_odds_change, t_payout, t_odds
  FROM ROWS FROM (jsonb_to_recordset(p_tickets) AS (ticket jsonb, "playerLimit" bigint,
    "sessionId" uuid, "betFactor" numeric, sheet jsonb, scope text, key text, hash text,
    response jsonb, channel text, publication text)) WITH ORDINALITY AS t (ticket, "playerLimit",
    "sessionId", "betFactor", sheet, scope, key, hash, response, channel, publication, n);
  SELECT array_agg(t.n::integer ORDER BY t.n, g.n), array_agg((g.n - 1)::smallint ORDER BY t.n, g.n),
    array_agg(g."eventId" ORDER BY t.n, g.n), array_agg(g."marketId" ORDER BY t.n, g.n),
    array_agg(g."outcomeId" ORDER BY t.n, g.n), array_agg(g.odds ORDER BY t.n, g.n),
    array_agg(g."limit" ORDER BY t.n, g.n)
  INTO g_ticket, g_position, g_event, g_market, g_outcome, g_odds, g_limit
  FROM jsonb_array_elements(p_tickets) WITH ORDINALITY AS t (value, n),
    ROWS FROM (jsonb_to_recordset(t.value->'legs') AS ("eventId" bigint, "marketId" bigint,
      "outcomeId" text, odds numeric, "limit" bigint)) WITH ORDINALITY
      AS g ("eventId", "marketId", "outcomeId", odds, "limit", n);

  PERFORM 1 FROM ledger_accounts a
  WHERE a.account_key IN (
    SELECT 'player:' || w.user_id || ':' || w.currency || ':main'
    FROM unnest(t_user, t_currency) AS w (user_id, currency)
  )
  ORDER BY a.id
  FOR UPDATE OF a;
  PERFORM 1 FROM sport_player_limits p
  WHERE p.user_id = ANY (t_user)
  ORDER BY p.user_id
  FOR UPDATE OF p;
  INSERT INTO sport_liability AS l (market_id, outcome_id, event_id, liability_minor, limit_minor,
    tickets)
  SELECT DISTINCT ON (w.market_id, w.outcome_id) w.market_id, w.outcome_id, w.event_id, 0,
    w.limit_minor, 0
  FROM unnest(g_market, g_outcome, g_event, g_limit) AS w (market_id, outcome_id, event_id, limit_minor)
  WHERE NOT EXISTS (
    SELECT 1 FROM sport_liability e WHERE e.market_id = w.market_id AND e.outcome_id = w.outcome_id
  )
  ORDER BY w.market_id, w.outcome_id
  ON CONFLICT (market_id, outcome_id) DO NOTHING;
  -- the outcomes' liability as it stands, their rows locked
  SELECT coalesce(jsonb_object_agg(l.market_id || ':' || l.outcome_id, l.liability_minor), '{}')
  INTO v_outcomes
  FROM (
    SELECT l.market_id, l.outcome_id, l.liability_minor FROM sport_liability l
    WHERE (l.market_id, l.outcome_id) IN (
      SELECT w.market_id, w.outcome_id FROM unnest(g_market, g_outcome) AS w (market_id, outcome_id)
    )
    ORDER BY l.market_id, l.outcome_id
    FOR UPDATE OF l
  ) l;
  -- the players' open liability as it stands (locked above)
  SELECT coalesce(jsonb_object_agg(p.user_id, p.open_liability_minor), '{}') INTO v_open
  FROM sport_player_limits p
  WHERE p.user_id = ANY (t_user);

  -- every check but the liability, for every ticket at once (the account rows are locked: the
  -- balances compared here hold until commit). Each probe is a scalar subquery (one index lookup
  -- per ticket), never an EXISTS: for an EXISTS the planner may instead hash every matching row of
  -- the table once per call (an alternative it prefers when the connection's generic plan is made
  -- while the table is small) and keep that plan while the table grows. Under the sport-bets
  -- bench this statement hashed the whole users, bonuses, limits and exclusions tables on every
  -- batch, and in one run a text-keyed table of thousands of rows (this statement 27 % of
  -- PostgreSQL's CPU instead of 7 %).
  WITH tickets AS (
    SELECT t.position::integer AS position, t.user_id, t.currency, t.stake_minor, t.at, t.session_id,
      t.bet_factor, t.sheet, t.scope, t.key
    FROM unnest(t_user, t_currency, t_stake, t_now, t_session, t_factor, t_sheet, t_scope, t_key)
      WITH ORDINALITY AS t (user_id, currency, stake_minor, at, session_id, bet_factor, sheet, scope,
        key, position)
  ), changed AS (
    SELECT c AS position FROM sport_selections_changed(g_ticket, g_event, g_market, g_outcome,
      g_odds, array_fill(false, ARRAY[cardinality(g_ticket)])) c
  ), checked AS (
    SELECT t.position,
      CASE
        WHEN (
          SELECT true FROM users u JOIN sessions se ON se.user_id = u.id
          WHERE u.id = t.user_id AND u.ban_reason IS NULL AND u.primary_currency = t.currency
            AND se.id = t.session_id AND se.revoked_at IS NULL AND se.expires_at > t.at
          LIMIT 1
        ) IS NULL THEN 'session'
        WHEN (
          SELECT true FROM idempotency_keys k WHERE k.scope = t.scope AND k.key = t.key LIMIT 1
        ) OR row_number() OVER (PARTITION BY t.scope, t.key ORDER BY t.position) > 1
          THEN 'key'
        WHEN (
          SELECT true FROM user_bonuses b
          WHERE b.user_id = t.user_id AND b.status IN ('active', 'pending')
          LIMIT 1
        ) OR (
          SELECT true FROM player_limits l
          WHERE l.user_id = t.user_id AND l.type IN ('wager', 'loss', 'session')
          LIMIT 1
        ) OR (
          SELECT true FROM player_exclusions x WHERE x.user_id = t.user_id LIMIT 1
        ) OR (
          SELECT ru.reality_check_minutes IS NOT NULL FROM users ru WHERE ru.id = t.user_id
        ) THEN 'bonus'
        WHEN coalesce((SELECT p.bet_factor FROM sport_player_limits p WHERE p.user_id = t.user_id), 1)
          <> t.bet_factor THEN 'stale'
        WHEN t.sheet IS DISTINCT FROM (
          SELECT coalesce(jsonb_object_agg(a.currency || ':' || a.kind, a.balance_minor::text), '{}')
          FROM ledger_accounts a WHERE a.user_id = t.user_id
        ) OR row_number() OVER (PARTITION BY t.user_id ORDER BY t.position) > 1 THEN 'moved'
        WHEN t.position IN (SELECT c.position FROM changed c) THEN 'selection'
        WHEN coalesce((t.sheet->>(t.currency || ':main'))::bigint, 0) < t.stake_minor
          THEN 'short'
      END AS status,
      t.currency, t.sheet, t.stake_minor
    FROM tickets t
  )
  SELECT array_agg(c.status ORDER BY c.position),
    array_agg(CASE WHEN c.status = 'short' THEN jsonb_build_object('currency', c.currency,
        'balanceMinor', coalesce(c.sheet->>(c.currency || ':main'), '0'),
        'debitMinor', c.stake_minor::text)::text END ORDER BY c.position)
  INTO v_status, v_detail
  FROM checked c;

  -- the liability, ticket by ticket in the batch's order (each ticket's legs are the run of
  -- g_ticket equal to its position)
  v_leg := 1;
  FOR v_position IN 1 .. v_count LOOP
    v_first := v_leg;
    WHILE v_leg <= cardinality(g_ticket) AND g_ticket[v_leg] = v_position LOOP
      v_leg := v_leg + 1;
    END LOOP;
    v_last := v_leg - 1;
    CONTINUE WHEN v_status[v_position] IS NOT NULL;
    v_amount := t_liability[v_position];
    IF coalesce((v_open->>(t_user[v_position]::text))::bigint, 0) + v_amount
        > t_player_limit[v_position] THEN
      v_status[v_position] := 'player';
      CONTINUE;
    END IF;
    v_fits := true;
    FOR i IN v_first .. v_last LOOP
      IF coalesce((v_outcomes->>(g_market[i] || ':' || g_outcome[i]))::bigint, 0) + v_amount
          > g_limit[i] THEN
        v_fits := false;
      END IF;
    END LOOP;
    IF NOT v_fits THEN
      v_status[v_position] := 'market';
      CONTINUE;
    END IF;
    v_open := v_open || jsonb_build_object(t_user[v_position]::text,
      coalesce((v_open->>(t_user[v_position]::text))::bigint, 0) + v_amount);
    FOR i IN v_first .. v_last LOOP
      v_outcomes := v_outcomes || jsonb_build_object(g_market[i] || ':' || g_outcome[i],
        coalesce((v_outcomes->>(g_market[i] || ':' || g_outcome[i]))::bigint, 0) + v_amount);
    END LOOP;
  END LOOP;

  -- the keys: one claimed meanwhile drops its ticket
  WITH claimed AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
    SELECT t.scope, t.key, t.hash, 201, t.response
    FROM unnest(t_scope, t_key, t_hash, t_response) WITH ORDINALITY AS t (scope, key, hash, response, n)
    WHERE v_status[t.n] IS NULL
    ORDER BY t.n
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING scope, key
  )
  SELECT array_agg(t.n::integer ORDER BY t.n) INTO v_placed
  FROM unnest(t_scope, t_key) WITH ORDINALITY AS t (scope, key, n)
  JOIN claimed c ON c.scope = t.scope AND c.key = t.key
  WHERE v_status[t.n] IS NULL;
  FOR v_position IN 1 .. v_count LOOP
    IF v_status[v_position] IS NULL AND NOT v_position = ANY (coalesce(v_placed, '{}')) THEN
      v_status[v_position] := 'key';
    END IF;
  END LOOP;

  IF coalesce(cardinality(v_placed), 0) > 0 THEN
    -- the stakes to the house (the balances were checked under their locks: nothing is short)
    -- the movements (one per placed ticket) and their postings (the house's, then the player's)
    -- as ledger_post_many's parallel arrays, built here so that its call is a plain one
    SELECT array_agg('sport_stake'::text ORDER BY u.n), array_agg('sport_stake:' || t_id[u.p] ORDER BY u.n),
      array_agg(jsonb_build_object('ticketId', t_id[u.p], 'bonusId', t_ticket[u.p]->>'bonusId')
        ORDER BY u.n)
    INTO m_types, m_references, m_metadata
    FROM unnest(v_placed) WITH ORDINALITY AS u (p, n);
    SELECT array_agg(u.n::integer ORDER BY u.n, s.side), array_agg(s.owner_type ORDER BY u.n, s.side),
      array_agg(CASE WHEN s.side = 2 THEN t_user[u.p] END ORDER BY u.n, s.side),
      array_agg(t_currency[u.p] ORDER BY u.n, s.side), array_agg(s.kind ORDER BY u.n, s.side),
      array_agg(s.sign * t_stake[u.p] ORDER BY u.n, s.side)
    INTO m_positions, m_owner_types, m_user_ids, m_currencies, m_kinds, m_amounts
    FROM unnest(v_placed) WITH ORDINALITY AS u (p, n),
      (VALUES (1, 'platform', 'house', 1), (2, 'player', 'main', -1)) AS s (side, owner_type, kind, sign);
    SELECT * INTO v_short FROM ledger_post_many(m_types, m_references, m_metadata, m_positions,
      m_owner_types, m_user_ids, m_currencies, m_kinds, m_amounts) m
    WHERE m.idx IS NULL;
    IF FOUND THEN
      RAISE EXCEPTION 'sport_place_tickets: a checked stake came out short (%)', v_short.short_currency;
    END IF;

    INSERT INTO sport_tickets (id, user_id, type, system_size, folds, lines, status, odds_change,
      currency, stake_minor, bonus_stake_minor, bonus_id, placed_stake_minor,
      potential_payout_minor, odds, live, accept_after, placed_at, decided_at, liability_minor,
      hold_id)
    SELECT t_id[p], t_user[p], t_type[p], t_system_size[p], t_folds[p]::smallint[], t_lines[p],
      'accepted', t_odds_change[p], t_currency[p], t_stake[p], 0, NULL, t_stake[p], t_payout[p],
      t_odds[p], false, NULL, t_now[p], t_now[p], t_liability[p], NULL
    FROM unnest(v_placed) p;
    INSERT INTO sport_ticket_legs (ticket_id, position, event_id, market_id, outcome_id, odds, live)
    SELECT t_id[g.ticket], g.position, g.event_id, g.market_id, g.outcome_id,
      g.odds, false
    FROM unnest(g_ticket, g_position, g_event, g_market, g_outcome, g_odds)
      AS g (ticket, position, event_id, market_id, outcome_id, odds)
    WHERE g.ticket = ANY (v_placed);

    FOR v_row IN
      SELECT a.idx, a.epoch, a."offset" FROM realtime_append_many(
        ARRAY(SELECT t_channel[p] FROM unnest(v_placed) p),
        ARRAY(SELECT t_publication[p] FROM unnest(v_placed) p),
        p_history_size) a
    LOOP
      v_epoch[v_placed[v_row.idx]] := v_row.epoch;
      v_offset[v_placed[v_row.idx]] := v_row."offset";
    END LOOP;

    UPDATE sport_liability l
    SET liability_minor = l.liability_minor + r.amount, tickets = l.tickets + r.count,
      limit_minor = r.limit_minor
    FROM (
      SELECT g.market_id, g.outcome_id, sum(t_liability[g.ticket]) AS amount,
        count(*)::integer AS count, (array_agg(g.limit_minor ORDER BY g.ticket DESC))[1] AS limit_minor
      FROM unnest(g_ticket, g_market, g_outcome, g_limit) AS g (ticket, market_id, outcome_id, limit_minor)
      WHERE g.ticket = ANY (v_placed)
      GROUP BY 1, 2
    ) r
    WHERE l.market_id = r.market_id AND l.outcome_id = r.outcome_id;
    INSERT INTO sport_player_limits AS pl (user_id, open_liability_minor)
    SELECT t_user[p], sum(t_liability[p])
    FROM unnest(v_placed) p
    GROUP BY 1
    ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE
      SET open_liability_minor = pl.open_liability_minor + excluded.open_liability_minor;
  END IF;

  RETURN QUERY SELECT i::integer, coalesce(v_status[i], 'placed'), v_epoch[i], v_offset[i], v_detail[i]
    FROM generate_series(1, v_count) i;
END;
$$;
