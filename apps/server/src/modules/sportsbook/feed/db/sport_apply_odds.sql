-- sport_apply_odds(): an odds_change whose version was just claimed (sport_apply_messages), on
-- the event's row lock. Every part is a register the newest version wins (migration 0031):
--   the event's state (status, score, clock, producer) takes the message where it holds an older
--   one; the event's version grows;
--   each market listed: its status register and its price register take the message's values
--   where they hold older versions (a market arriving active is shown suspended while a newer
--   bet stop covers it or its producer is down, `p_producer_down`);
--   the outcomes of a market whose price register the message won become the message's.
-- Nothing is rewritten that would not change: an outcome whose price, activity and position are
-- the message's keeps its row (no dead tuple, no WAL), and a market row is written only when one
-- of its versions moves (a version is part of its register: it must grow even when the value does
-- not, or an older message arriving late would win). Answers what a player could see change:
-- `changed_keys`, the markets created, whose shown status changed or with an outcome added,
-- removed or changed; `scoreboard_changed`, whether the newest status, score or clock changed.
--
-- `p_message`: {status, score, clock, producer, markets: [{key, type_id, specifiers, status,
-- outcomes: [{id, odds (decimal text or null), active, position}]}]}, each key once.
CREATE OR REPLACE FUNCTION sport_apply_odds(
  p_event_id bigint,
  p_version bigint,
  p_producer_down boolean,
  p_message jsonb,
  OUT changed_keys text[],
  OUT scoreboard_changed boolean
)
LANGUAGE plpgsql AS $$
DECLARE
  v_state_version bigint;
  v_version bigint;
  v_status text;
  v_score jsonb;
  v_clock jsonb;
BEGIN
  SELECT e.state_version, e.version, e.state_status, e.score, e.clock
  INTO v_state_version, v_version, v_status, v_score, v_clock
  FROM sport_events e WHERE e.id = p_event_id;

  scoreboard_changed := v_state_version < p_version
    AND (v_status, v_score, v_clock) IS DISTINCT FROM
        (p_message->>'status', p_message->'score', p_message->'clock');
  IF v_state_version < p_version THEN
    UPDATE sport_events SET
      state_status = p_message->>'status',
      score = p_message->'score',
      clock = p_message->'clock',
      producer = p_message->>'producer',
      state_version = p_version,
      version = greatest(version, p_version),
      updated_at = now()
    WHERE id = p_event_id;
  ELSIF v_version < p_version THEN
    UPDATE sport_events SET version = p_version, updated_at = now() WHERE id = p_event_id;
  END IF;

  WITH input AS (
    SELECT m.key, m.type_id, m.specifiers, m.status, m.outcomes
    FROM jsonb_to_recordset(p_message->'markets') AS m(
      key text, type_id integer, specifiers jsonb, status text, outcomes jsonb)
  ), shown AS (
    SELECT input.*,
      CASE WHEN input.status = 'active' AND (p_producer_down OR EXISTS (
          SELECT 1 FROM sport_bet_stops s
          WHERE s.event_id = p_event_id AND s.version > p_version
            AND (s.market_type_ids IS NULL OR input.type_id = ANY (s.market_type_ids))))
        THEN 'suspended' ELSE input.status END AS shown_status
    FROM input
  ), before AS (
    SELECT m.id, m.status FROM sport_markets m
    WHERE m.event_id = p_event_id AND m.key IN (SELECT key FROM input)
  ), upserted AS (
    INSERT INTO sport_markets AS m (event_id, type_id, specifiers, key, base_status,
      status_version, status, odds_version)
    SELECT p_event_id, type_id, specifiers, key, status, p_version, shown_status, p_version
    FROM shown
    ON CONFLICT (event_id, key) DO UPDATE SET
      base_status = CASE WHEN m.status_version < excluded.status_version
                         THEN excluded.base_status ELSE m.base_status END,
      status = CASE WHEN m.status_version < excluded.status_version
                    THEN excluded.status ELSE m.status END,
      status_version = greatest(m.status_version, excluded.status_version),
      odds_version = greatest(m.odds_version, excluded.odds_version)
      WHERE m.status_version < excluded.status_version OR m.odds_version < excluded.odds_version
    RETURNING m.id, m.key, m.status, m.odds_version
  ), fresh AS (
    SELECT upserted.id, upserted.key, shown.outcomes
    FROM upserted JOIN shown USING (key)
    WHERE upserted.odds_version = p_version
  ), incoming AS (
    SELECT fresh.id AS market_id, fresh.key, o.id AS outcome_id, o.odds::numeric AS odds,
      o.active, o.position
    FROM fresh, jsonb_to_recordset(fresh.outcomes) AS o(
      id text, odds text, active boolean, position integer)
  ), existing AS (
    -- the outcomes held, read through the markets' ids (an index lookup per market: the
    -- planner, not knowing how few markets a message names, would otherwise scan the table)
    SELECT o.market_id, o.outcome_id, o.odds, o.active, o.position
    FROM fresh JOIN sport_outcomes o ON o.market_id = fresh.id
  ), removed AS (
    DELETE FROM sport_outcomes o USING existing x JOIN fresh ON fresh.id = x.market_id
    WHERE o.market_id = x.market_id AND o.outcome_id = x.outcome_id
      AND NOT EXISTS (SELECT 1 FROM incoming i
                      WHERE i.market_id = x.market_id AND i.outcome_id = x.outcome_id)
    RETURNING fresh.key
  ), written AS (
    INSERT INTO sport_outcomes (market_id, outcome_id, odds, active, position)
    SELECT i.market_id, i.outcome_id, i.odds, i.active, i.position
    FROM incoming i
    LEFT JOIN existing x ON x.market_id = i.market_id AND x.outcome_id = i.outcome_id
    -- the price as text: 1.85 and 1.850 are one number but not one stored value
    WHERE x.market_id IS NULL
       OR (x.odds::text, x.active, x.position) IS DISTINCT FROM (i.odds::text, i.active, i.position)
    ON CONFLICT (market_id, outcome_id) DO UPDATE SET
      odds = excluded.odds, active = excluded.active, position = excluded.position
    RETURNING market_id
  )
  SELECT coalesce(array_agg(DISTINCT changed.key ORDER BY changed.key), '{}')
  INTO changed_keys
  FROM (
    SELECT upserted.key FROM upserted LEFT JOIN before USING (id)
    WHERE before.id IS NULL OR before.status IS DISTINCT FROM upserted.status
    UNION ALL
    SELECT key FROM removed
    UNION ALL
    SELECT fresh.key FROM fresh WHERE fresh.id IN (SELECT market_id FROM written)
  ) AS changed;
END;
$$;
