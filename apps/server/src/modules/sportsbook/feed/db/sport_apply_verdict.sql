-- sport_apply_verdict(): a bet_settlement, bet_cancel or one of their rollbacks whose version was
-- just claimed (sport_apply_messages), on the event's row lock. For each market it names, the
-- status register and the result register (a settlement, its rollback) or the cancellation
-- register (a cancellation, its rollback) take the message where they hold older versions; a
-- settlement whose result register it won replaces the outcomes' results (a rollback names no
-- outcome: it clears them); the market's history keeps the message whatever its version (a late
-- message is still part of the record). Answers the keys of the markets a player sees change
-- (created, or their shown status changed: results are not shown).
--
-- `p_verdict`: {kind, base_status, register ('result' | 'cancel'), certainty, cancel_from,
-- cancel_to, cancel_reason, detail}; `p_markets`: [{key, type_id, specifiers, outcomes: [{id,
-- result, void_factor, dead_heat_factor}]}], each key once.
CREATE OR REPLACE FUNCTION sport_apply_verdict(
  p_event_id bigint,
  p_version bigint,
  p_verdict jsonb,
  p_markets jsonb,
  p_received_at timestamptz,
  OUT changed_keys text[]
)
LANGUAGE plpgsql AS $$
DECLARE
  v_kind text := p_verdict->>'kind';
  v_base_status text := p_verdict->>'base_status';
BEGIN
  UPDATE sport_events SET version = p_version, updated_at = now()
  WHERE id = p_event_id AND version < p_version;

  IF p_verdict->>'register' = 'result' THEN
    WITH input AS (
      SELECT m.key, m.type_id, m.specifiers, m.outcomes
      FROM jsonb_to_recordset(p_markets) AS m(key text, type_id integer, specifiers jsonb,
        outcomes jsonb)
    ), before AS (
      SELECT m.id, m.status FROM sport_markets m
      WHERE m.event_id = p_event_id AND m.key IN (SELECT key FROM input)
    ), upserted AS (
      INSERT INTO sport_markets AS m (event_id, type_id, specifiers, key, base_status,
        status_version, status, result_version, certainty)
      SELECT p_event_id, type_id, specifiers, key, v_base_status, p_version, v_base_status,
        p_version, (p_verdict->>'certainty')::smallint
      FROM input
      ON CONFLICT (event_id, key) DO UPDATE SET
        base_status = CASE WHEN m.status_version < excluded.status_version
                           THEN excluded.base_status ELSE m.base_status END,
        status = CASE WHEN m.status_version < excluded.status_version
                      THEN excluded.status ELSE m.status END,
        status_version = greatest(m.status_version, excluded.status_version),
        result_version = greatest(m.result_version, excluded.result_version),
        certainty = CASE WHEN m.result_version < excluded.result_version
                         THEN excluded.certainty ELSE m.certainty END
      RETURNING m.id, m.key, m.status, m.result_version
    ), history AS (
      INSERT INTO sport_market_history (market_id, version, kind, detail, received_at)
      SELECT upserted.id, p_version, v_kind, p_verdict->'detail', p_received_at FROM upserted
      ON CONFLICT DO NOTHING
    ), fresh AS (
      SELECT upserted.id, input.outcomes
      FROM upserted JOIN input USING (key)
      WHERE upserted.result_version = p_version
    ), removed AS (
      DELETE FROM sport_outcome_results r USING fresh
      WHERE r.market_id = fresh.id
        AND NOT fresh.outcomes @> jsonb_build_array(jsonb_build_object('id', r.outcome_id))
    ), results AS (
      INSERT INTO sport_outcome_results (market_id, outcome_id, result, void_factor,
        dead_heat_factor)
      SELECT fresh.id, o.id, o.result, o.void_factor, o.dead_heat_factor
      FROM fresh, jsonb_to_recordset(fresh.outcomes) AS o(
        id text, result text, void_factor numeric, dead_heat_factor numeric)
      ON CONFLICT (market_id, outcome_id) DO UPDATE SET result = excluded.result,
        void_factor = excluded.void_factor, dead_heat_factor = excluded.dead_heat_factor
    )
    SELECT coalesce(array_agg(upserted.key ORDER BY upserted.key), '{}') INTO changed_keys
    FROM upserted LEFT JOIN before USING (id)
    WHERE before.id IS NULL OR before.status IS DISTINCT FROM upserted.status;
  ELSE
    WITH input AS (
      SELECT m.key, m.type_id, m.specifiers
      FROM jsonb_to_recordset(p_markets) AS m(key text, type_id integer, specifiers jsonb)
    ), before AS (
      SELECT m.id, m.status FROM sport_markets m
      WHERE m.event_id = p_event_id AND m.key IN (SELECT key FROM input)
    ), upserted AS (
      INSERT INTO sport_markets AS m (event_id, type_id, specifiers, key, base_status,
        status_version, status, cancel_version, cancelled, cancel_from, cancel_to, cancel_reason)
      SELECT p_event_id, type_id, specifiers, key, v_base_status, p_version, v_base_status,
        p_version, v_kind = 'bet_cancel', (p_verdict->>'cancel_from')::timestamptz,
        (p_verdict->>'cancel_to')::timestamptz, p_verdict->>'cancel_reason'
      FROM input
      ON CONFLICT (event_id, key) DO UPDATE SET
        base_status = CASE WHEN m.status_version < excluded.status_version
                           THEN excluded.base_status ELSE m.base_status END,
        status = CASE WHEN m.status_version < excluded.status_version
                      THEN excluded.status ELSE m.status END,
        status_version = greatest(m.status_version, excluded.status_version),
        cancel_version = greatest(m.cancel_version, excluded.cancel_version),
        cancelled = CASE WHEN m.cancel_version < excluded.cancel_version
                         THEN excluded.cancelled ELSE m.cancelled END,
        cancel_from = CASE WHEN m.cancel_version < excluded.cancel_version
                           THEN excluded.cancel_from ELSE m.cancel_from END,
        cancel_to = CASE WHEN m.cancel_version < excluded.cancel_version
                         THEN excluded.cancel_to ELSE m.cancel_to END,
        cancel_reason = CASE WHEN m.cancel_version < excluded.cancel_version
                             THEN excluded.cancel_reason ELSE m.cancel_reason END
      RETURNING m.id, m.key, m.status
    ), history AS (
      INSERT INTO sport_market_history (market_id, version, kind, detail, received_at)
      SELECT upserted.id, p_version, v_kind, p_verdict->'detail', p_received_at FROM upserted
      ON CONFLICT DO NOTHING
    )
    SELECT coalesce(array_agg(upserted.key ORDER BY upserted.key), '{}') INTO changed_keys
    FROM upserted LEFT JOIN before USING (id)
    WHERE before.id IS NULL OR before.status IS DISTINCT FROM upserted.status;
  END IF;
END;
$$;
