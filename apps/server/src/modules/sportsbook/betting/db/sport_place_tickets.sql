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
-- read it.

CREATE OR REPLACE FUNCTION sport_place_tickets(
  p_tickets jsonb,
  p_fingerprint text,
  p_history_size integer
) RETURNS TABLE (idx integer, status text, epoch text, "offset" bigint, detail text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count integer := jsonb_array_length(p_tickets);
  v_status text[];
  v_detail text[];
  v_epoch text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_tickets)]);
  v_offset bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(p_tickets)]);
  v_item jsonb;
  v_leg jsonb;
  v_position integer;
  v_amount bigint;
  v_fits boolean;
  v_open jsonb := '{}';
  v_outcomes jsonb := '{}';
  v_placed integer[];
  v_short record;
  v_row record;
BEGIN
  IF sport_limits_fingerprint() IS DISTINCT FROM p_fingerprint THEN
    RETURN QUERY SELECT i::integer, 'limits'::text, NULL::text, NULL::bigint, NULL::text
      FROM generate_series(1, v_count) i;
    RETURN;
  END IF;

  PERFORM 1 FROM ledger_accounts a
  WHERE a.account_key IN (
    SELECT 'player:' || (t.value->'ticket'->>'userId') || ':' || (t.value->'ticket'->>'currency')
      || ':main'
    FROM jsonb_array_elements(p_tickets) t
  )
  ORDER BY a.id
  FOR UPDATE OF a;
  PERFORM 1 FROM sport_player_limits p
  WHERE p.user_id IN (
    SELECT (t.value->'ticket'->>'userId')::uuid FROM jsonb_array_elements(p_tickets) t
  )
  ORDER BY p.user_id
  FOR UPDATE OF p;
  INSERT INTO sport_liability AS l (market_id, outcome_id, event_id, liability_minor, limit_minor,
    tickets)
  SELECT DISTINCT ON (w.market_id, w.outcome_id) w.market_id, w.outcome_id, w.event_id, 0,
    w.limit_minor, 0
  FROM (
    SELECT (g.value->>'marketId')::bigint AS market_id, g.value->>'outcomeId' AS outcome_id,
      (g.value->>'eventId')::bigint AS event_id, (g.value->>'limit')::bigint AS limit_minor
    FROM jsonb_array_elements(p_tickets) t, jsonb_array_elements(t.value->'legs') g
  ) w
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
      SELECT (g.value->>'marketId')::bigint, g.value->>'outcomeId'
      FROM jsonb_array_elements(p_tickets) t, jsonb_array_elements(t.value->'legs') g
    )
    ORDER BY l.market_id, l.outcome_id
    FOR UPDATE OF l
  ) l;
  -- the players' open liability as it stands (locked above)
  SELECT coalesce(jsonb_object_agg(p.user_id, p.open_liability_minor), '{}') INTO v_open
  FROM sport_player_limits p
  WHERE p.user_id IN (
    SELECT (t.value->'ticket'->>'userId')::uuid FROM jsonb_array_elements(p_tickets) t
  );

  -- every check but the liability, for every ticket at once (the account rows are locked: the
  -- balances compared here hold until commit)
  WITH tickets AS (
    SELECT t.ordinality::integer AS position, t.value AS item, (t.value->'ticket') AS ticket,
      (t.value->'ticket'->>'userId')::uuid AS user_id, t.value->'ticket'->>'currency' AS currency,
      (t.value->'ticket'->>'mainMinor')::bigint AS stake_minor, (t.value->'ticket'->>'now')::timestamptz AS at
    FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t
  ), changed AS (
    SELECT c AS position FROM sport_selections_changed(
      ARRAY(SELECT t.ordinality::integer FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t,
        jsonb_array_elements(t.value->'legs') WITH ORDINALITY g ORDER BY t.ordinality, g.ordinality),
      ARRAY(SELECT (g.value->>'eventId')::bigint FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t,
        jsonb_array_elements(t.value->'legs') WITH ORDINALITY g ORDER BY t.ordinality, g.ordinality),
      ARRAY(SELECT (g.value->>'marketId')::bigint FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t,
        jsonb_array_elements(t.value->'legs') WITH ORDINALITY g ORDER BY t.ordinality, g.ordinality),
      ARRAY(SELECT g.value->>'outcomeId' FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t,
        jsonb_array_elements(t.value->'legs') WITH ORDINALITY g ORDER BY t.ordinality, g.ordinality),
      ARRAY(SELECT (g.value->>'odds')::numeric FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t,
        jsonb_array_elements(t.value->'legs') WITH ORDINALITY g ORDER BY t.ordinality, g.ordinality),
      ARRAY(SELECT false FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t,
        jsonb_array_elements(t.value->'legs') WITH ORDINALITY g ORDER BY t.ordinality, g.ordinality)
    ) c
  ), checked AS (
    SELECT t.position,
      CASE
        WHEN NOT EXISTS (
          SELECT 1 FROM users u JOIN sessions se ON se.user_id = u.id
          WHERE u.id = t.user_id AND u.ban_reason IS NULL AND u.primary_currency = t.currency
            AND se.id = (t.item->>'sessionId')::uuid AND se.revoked_at IS NULL
            AND se.expires_at > t.at
        ) THEN 'session'
        WHEN EXISTS (
          SELECT 1 FROM idempotency_keys k
          WHERE k.scope = t.item->>'scope' AND k.key = t.item->>'key'
        ) OR row_number() OVER (PARTITION BY t.item->>'scope', t.item->>'key' ORDER BY t.position) > 1
          THEN 'key'
        WHEN EXISTS (
          SELECT 1 FROM user_bonuses b
          WHERE b.user_id = t.user_id AND b.status IN ('active', 'pending')
        ) OR EXISTS (
          SELECT 1 FROM player_limits l
          WHERE l.user_id = t.user_id AND l.type IN ('wager', 'loss', 'session')
        ) OR EXISTS (
          SELECT 1 FROM users ru WHERE ru.id = t.user_id AND ru.reality_check_minutes IS NOT NULL
        ) THEN 'bonus'
        WHEN coalesce((SELECT p.bet_factor FROM sport_player_limits p WHERE p.user_id = t.user_id), 1)
          <> (t.item->>'betFactor')::numeric THEN 'stale'
        WHEN (t.item->'sheet') IS DISTINCT FROM (
          SELECT coalesce(jsonb_object_agg(a.currency || ':' || a.kind, a.balance_minor::text), '{}')
          FROM ledger_accounts a WHERE a.user_id = t.user_id
        ) OR row_number() OVER (PARTITION BY t.user_id ORDER BY t.position) > 1 THEN 'moved'
        WHEN t.position IN (SELECT c.position FROM changed c) THEN 'selection'
        WHEN coalesce((t.item->'sheet'->>(t.currency || ':main'))::bigint, 0) < t.stake_minor
          THEN 'short'
      END AS status,
      jsonb_build_object('currency', t.currency,
        'balanceMinor', coalesce(t.item->'sheet'->>(t.currency || ':main'), '0'),
        'debitMinor', t.stake_minor::text)::text AS short_detail
    FROM tickets t
  )
  SELECT array_agg(c.status ORDER BY c.position),
    array_agg(CASE WHEN c.status = 'short' THEN c.short_detail END ORDER BY c.position)
  INTO v_status, v_detail
  FROM checked c;

  -- the liability, ticket by ticket in the batch's order
  FOR v_item, v_position IN
    SELECT t.value, t.ordinality::integer FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t
    ORDER BY t.ordinality
  LOOP
    CONTINUE WHEN v_status[v_position] IS NOT NULL;
    v_amount := (v_item->'ticket'->>'liabilityMinor')::bigint;
    IF coalesce((v_open->>(v_item->'ticket'->>'userId'))::bigint, 0) + v_amount
        > (v_item->>'playerLimit')::bigint THEN
      v_status[v_position] := 'player';
      CONTINUE;
    END IF;
    v_fits := true;
    FOR v_leg IN SELECT g.value FROM jsonb_array_elements(v_item->'legs') g LOOP
      IF coalesce((v_outcomes->>((v_leg->>'marketId') || ':' || (v_leg->>'outcomeId')))::bigint, 0)
          + v_amount > (v_leg->>'limit')::bigint THEN
        v_fits := false;
      END IF;
    END LOOP;
    IF NOT v_fits THEN
      v_status[v_position] := 'market';
      CONTINUE;
    END IF;
    v_open := v_open || jsonb_build_object(v_item->'ticket'->>'userId',
      coalesce((v_open->>(v_item->'ticket'->>'userId'))::bigint, 0) + v_amount);
    FOR v_leg IN SELECT g.value FROM jsonb_array_elements(v_item->'legs') g LOOP
      v_outcomes := v_outcomes || jsonb_build_object(
        (v_leg->>'marketId') || ':' || (v_leg->>'outcomeId'),
        coalesce((v_outcomes->>((v_leg->>'marketId') || ':' || (v_leg->>'outcomeId')))::bigint, 0)
          + v_amount);
    END LOOP;
  END LOOP;

  -- the keys: one claimed meanwhile drops its ticket
  WITH claimed AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
    SELECT t.value->>'scope', t.value->>'key', decode(t.value->>'hash', 'hex'), 201,
      t.value->'response'
    FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t
    WHERE v_status[t.ordinality] IS NULL
    ORDER BY t.ordinality
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING scope, key
  )
  SELECT array_agg(t.ordinality::integer ORDER BY t.ordinality) INTO v_placed
  FROM jsonb_array_elements(p_tickets) WITH ORDINALITY t
  JOIN claimed c ON c.scope = t.value->>'scope' AND c.key = t.value->>'key'
  WHERE v_status[t.ordinality] IS NULL;
  FOR v_position IN SELECT i FROM generate_series(1, v_count) i LOOP
    IF v_status[v_position] IS NULL AND NOT v_position = ANY (coalesce(v_placed, '{}')) THEN
      v_status[v_position] := 'key';
    END IF;
  END LOOP;

  IF coalesce(cardinality(v_placed), 0) > 0 THEN
    -- the stakes to the house (the balances were checked under their locks: nothing is short)
    SELECT * INTO v_short FROM ledger_post_many(
      ARRAY(SELECT 'sport_stake'::text FROM unnest(v_placed) p ORDER BY p),
      ARRAY(SELECT 'sport_stake:' || (p_tickets->(p - 1)->'ticket'->>'id') FROM unnest(v_placed) p ORDER BY p),
      ARRAY(SELECT jsonb_build_object('ticketId', (p_tickets->(p - 1)->'ticket'->>'id')::uuid,
          'bonusId', p_tickets->(p - 1)->'ticket'->>'bonusId')
        FROM unnest(v_placed) p ORDER BY p),
      ARRAY(SELECT n FROM generate_series(1, cardinality(v_placed)) n, (VALUES (1), (2)) s(side) ORDER BY n, side),
      ARRAY(SELECT s.owner_type FROM generate_series(1, cardinality(v_placed)) n,
        (VALUES (1, 'platform'), (2, 'player')) s(side, owner_type) ORDER BY n, s.side),
      ARRAY(SELECT CASE WHEN s.side = 2 THEN (p_tickets->(v_placed[n] - 1)->'ticket'->>'userId')::uuid END
        FROM generate_series(1, cardinality(v_placed)) n, (VALUES (1), (2)) s(side) ORDER BY n, s.side),
      ARRAY(SELECT p_tickets->(v_placed[n] - 1)->'ticket'->>'currency'
        FROM generate_series(1, cardinality(v_placed)) n, (VALUES (1), (2)) s(side) ORDER BY n, s.side),
      ARRAY(SELECT s.kind FROM generate_series(1, cardinality(v_placed)) n,
        (VALUES (1, 'house'), (2, 'main')) s(side, kind) ORDER BY n, s.side),
      ARRAY(SELECT CASE WHEN s.side = 1 THEN 1 ELSE -1 END
          * (p_tickets->(v_placed[n] - 1)->'ticket'->>'mainMinor')::bigint
        FROM generate_series(1, cardinality(v_placed)) n, (VALUES (1), (2)) s(side) ORDER BY n, s.side)
    ) m WHERE m.idx IS NULL;
    IF FOUND THEN
      RAISE EXCEPTION 'sport_place_tickets: a checked stake came out short (%)', v_short.short_currency;
    END IF;

    INSERT INTO sport_tickets (id, user_id, type, system_size, folds, lines, status, odds_change,
      currency, stake_minor, bonus_stake_minor, bonus_id, placed_stake_minor,
      potential_payout_minor, odds, live, accept_after, placed_at, decided_at, liability_minor,
      hold_id)
    SELECT (k->>'id')::uuid, (k->>'userId')::uuid, k->>'type', k->>'systemSize',
      ARRAY(SELECT jsonb_array_elements_text(k->'folds')::smallint), (k->>'lines')::integer,
      'accepted', k->>'oddsChange', k->>'currency', (k->>'mainMinor')::bigint, 0, NULL,
      (k->>'mainMinor')::bigint, (k->>'potentialPayoutMinor')::bigint, (k->>'odds')::numeric,
      false, NULL, (k->>'now')::timestamptz, (k->>'now')::timestamptz,
      (k->>'liabilityMinor')::bigint, NULL
    FROM unnest(v_placed) p, LATERAL (SELECT p_tickets->(p - 1)->'ticket' AS k) x;
    INSERT INTO sport_ticket_legs (ticket_id, position, event_id, market_id, outcome_id, odds, live)
    SELECT (p_tickets->(p - 1)->'ticket'->>'id')::uuid, (g.ordinality - 1)::smallint,
      (g.value->>'eventId')::bigint, (g.value->>'marketId')::bigint, g.value->>'outcomeId',
      (g.value->>'odds')::numeric, false
    FROM unnest(v_placed) p, jsonb_array_elements(p_tickets->(p - 1)->'legs') WITH ORDINALITY g;

    FOR v_row IN
      SELECT a.idx, a.epoch, a."offset" FROM realtime_append_many(
        ARRAY(SELECT p_tickets->(p - 1)->>'channel' FROM unnest(v_placed) WITH ORDINALITY u(p, n) ORDER BY n),
        ARRAY(SELECT p_tickets->(p - 1)->>'publication' FROM unnest(v_placed) WITH ORDINALITY u(p, n) ORDER BY n),
        p_history_size) a
    LOOP
      v_epoch[v_placed[v_row.idx]] := v_row.epoch;
      v_offset[v_placed[v_row.idx]] := v_row."offset";
    END LOOP;

    UPDATE sport_liability l
    SET liability_minor = l.liability_minor + r.amount, tickets = l.tickets + r.count,
      limit_minor = r.limit_minor
    FROM (
      SELECT (g.value->>'marketId')::bigint AS market_id, g.value->>'outcomeId' AS outcome_id,
        sum((p_tickets->(p - 1)->'ticket'->>'liabilityMinor')::bigint) AS amount,
        count(*)::integer AS count, (array_agg((g.value->>'limit')::bigint ORDER BY p DESC))[1] AS limit_minor
      FROM unnest(v_placed) p, jsonb_array_elements(p_tickets->(p - 1)->'legs') g
      GROUP BY 1, 2
    ) r
    WHERE l.market_id = r.market_id AND l.outcome_id = r.outcome_id;
    INSERT INTO sport_player_limits AS pl (user_id, open_liability_minor)
    SELECT (p_tickets->(p - 1)->'ticket'->>'userId')::uuid,
      sum((p_tickets->(p - 1)->'ticket'->>'liabilityMinor')::bigint)
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
