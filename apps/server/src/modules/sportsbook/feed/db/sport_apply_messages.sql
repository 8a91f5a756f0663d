-- sport_apply_messages(): the odds feed's messages applied in order, in the caller's transaction,
-- in one round trip (FeedIngestion.applyBatch; heartbeats are applied apart). Each message keeps
-- its own semantics, the registers of migration 0031:
--   a fixture_change: sport_apply_fixture;
--   a versioned message (odds_change, bet_stop, bet_settlement, bet_cancel, rollbacks): its
--   event is locked (messages of one event apply one at a time) and its version recorded in
--   sport_applied_versions: 'unknown_event' without the event, 'duplicate' when the version was
--   already applied (dropped: nothing else is written); otherwise the message is applied by
--   sport_apply_odds, sport_apply_bet_stop or sport_apply_verdict.
-- One row per message, in order (`idx` from 0): `outcome` ('applied', 'duplicate', 'stale',
-- 'unknown_event', 'unknown_sport'); for an applied one its event, sport, the event's version
-- before and after, the keys of the markets a player sees change and whether the event's own
-- fields (scoreboard, fixture) changed — what the live publications are told.
--
-- `p_messages`: [{kind: 'fixture_change', ...sport_apply_fixture's} | {kind: 'odds_change',
-- feedId, version, producer, ...sport_apply_odds's} | {kind: 'bet_stop', feedId, version,
-- market_type_ids} | {kind: 'verdict', feedId, version, verdict, markets}].
CREATE OR REPLACE FUNCTION sport_apply_messages(p_messages jsonb, p_received_at timestamptz)
RETURNS TABLE (
  idx integer,
  outcome text,
  event_ref bigint,
  sport_ref integer,
  previous_version bigint,
  new_version bigint,
  changed_keys text[],
  state_changed boolean
)
LANGUAGE plpgsql AS $$
DECLARE
  v_message jsonb;
  v_kind text;
  v_version bigint;
  v_producer_down boolean;
BEGIN
  idx := -1;
  FOR v_message IN SELECT value FROM jsonb_array_elements(p_messages) LOOP
    idx := idx + 1;
    v_kind := v_message->>'kind';
    event_ref := NULL;
    sport_ref := NULL;
    previous_version := NULL;
    new_version := NULL;
    changed_keys := '{}';
    state_changed := false;

    IF v_kind = 'fixture_change' THEN
      SELECT f.outcome, f.event_ref, f.sport_ref, f.event_version, f.event_version, f.changed
      INTO outcome, event_ref, sport_ref, previous_version, new_version, state_changed
      FROM sport_apply_fixture(v_message) AS f;
      RETURN NEXT;
      CONTINUE;
    END IF;

    v_version := (v_message->>'version')::bigint;
    SELECT e.id, e.sport_id, e.version INTO event_ref, sport_ref, previous_version
    FROM sport_events e WHERE e.feed_id = v_message->>'feedId'
    FOR UPDATE;
    IF NOT FOUND THEN
      outcome := 'unknown_event';
      event_ref := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    INSERT INTO sport_applied_versions AS a (event_id, version)
    VALUES (event_ref, v_version)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      outcome := 'duplicate';
      RETURN NEXT;
      CONTINUE;
    END IF;
    outcome := 'applied';
    new_version := greatest(previous_version, v_version);

    CASE v_kind
      WHEN 'odds_change' THEN
        SELECT p.down_since IS NOT NULL INTO v_producer_down
        FROM sport_producers p WHERE p.id = v_message->>'producer';
        SELECT o.changed_keys, o.scoreboard_changed INTO changed_keys, state_changed
        FROM sport_apply_odds(event_ref, v_version, coalesce(v_producer_down, false), v_message)
          AS o;
      WHEN 'bet_stop' THEN
        SELECT s.changed_keys INTO changed_keys
        FROM sport_apply_bet_stop(event_ref, v_version,
          CASE WHEN jsonb_typeof(v_message->'market_type_ids') = 'array'
               THEN ARRAY(SELECT jsonb_array_elements_text(v_message->'market_type_ids'))::integer[]
          END) AS s;
      WHEN 'verdict' THEN
        SELECT v.changed_keys INTO changed_keys
        FROM sport_apply_verdict(event_ref, v_version, v_message->'verdict',
          v_message->'markets', p_received_at) AS v;
      ELSE
        RAISE EXCEPTION 'sport_apply_messages: unknown message kind %', v_kind;
    END CASE;
    RETURN NEXT;
  END LOOP;
END;
$$;
