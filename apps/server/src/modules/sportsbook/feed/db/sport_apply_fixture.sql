-- sport_apply_fixture(): a fixture_change (sport_apply_messages). The fixture register of an
-- event is its newest fixture by timestamp: an older or the same timestamp is 'stale' and writes
-- nothing (a feed, or the simulator after a restart, sending its fixtures again costs a read).
-- The sport must be in the catalog ('unknown_sport'); its category and tournament are created
-- or renamed, rows unchanged left alone. `changed`: whether a player could see the fixture
-- change (a new event, or any of its shown fields); a newer timestamp with the same fields moves
-- only the register.
--
-- `p_fixture`: {feedId, sportId, category: {id, name}, tournament: {id, name}, home: {id, name},
-- away: {id, name}, startsAt (ISO 8601), status, timestamp, producer}.
CREATE OR REPLACE FUNCTION sport_apply_fixture(
  p_fixture jsonb,
  OUT outcome text,
  OUT event_ref bigint,
  OUT sport_ref integer,
  OUT event_version bigint,
  OUT changed boolean
)
LANGUAGE plpgsql AS $$
DECLARE
  v_sport_id integer := (p_fixture->>'sportId')::integer;
  v_timestamp bigint := (p_fixture->>'timestamp')::bigint;
  v_starts_at timestamptz := (p_fixture->>'startsAt')::timestamptz;
  v_before sport_events%ROWTYPE;
BEGIN
  changed := false;
  PERFORM FROM sport_sports WHERE id = v_sport_id;
  IF NOT FOUND THEN
    outcome := 'unknown_sport';
    RETURN;
  END IF;
  SELECT * INTO v_before FROM sport_events WHERE feed_id = p_fixture->>'feedId' FOR UPDATE;
  IF FOUND AND v_before.fixture_timestamp >= v_timestamp THEN
    outcome := 'stale';
    RETURN;
  END IF;

  INSERT INTO sport_categories AS c (id, sport_id, name)
  VALUES (p_fixture->'category'->>'id', v_sport_id, p_fixture->'category'->>'name')
  ON CONFLICT (id) DO UPDATE SET name = excluded.name
    WHERE c.name IS DISTINCT FROM excluded.name;
  INSERT INTO sport_tournaments AS t (id, sport_id, category_id, name)
  VALUES (p_fixture->'tournament'->>'id', v_sport_id, p_fixture->'category'->>'id',
    p_fixture->'tournament'->>'name')
  ON CONFLICT (id) DO UPDATE SET name = excluded.name, category_id = excluded.category_id
    WHERE (t.name, t.category_id) IS DISTINCT FROM (excluded.name, excluded.category_id);

  INSERT INTO sport_events AS e (feed_id, sport_id, tournament_id, home_id, home_name,
    away_id, away_name, starts_at, fixture_status, fixture_timestamp, producer)
  VALUES (p_fixture->>'feedId', v_sport_id, p_fixture->'tournament'->>'id',
    p_fixture->'home'->>'id', p_fixture->'home'->>'name', p_fixture->'away'->>'id',
    p_fixture->'away'->>'name', v_starts_at, p_fixture->>'status', v_timestamp,
    p_fixture->>'producer')
  ON CONFLICT (feed_id) DO UPDATE SET
    sport_id = excluded.sport_id,
    tournament_id = excluded.tournament_id,
    home_id = excluded.home_id, home_name = excluded.home_name,
    away_id = excluded.away_id, away_name = excluded.away_name,
    starts_at = excluded.starts_at,
    fixture_status = excluded.fixture_status,
    fixture_timestamp = excluded.fixture_timestamp,
    producer = CASE WHEN e.state_version = 0 THEN excluded.producer ELSE e.producer END,
    updated_at = now()
    WHERE e.fixture_timestamp < excluded.fixture_timestamp
  RETURNING e.id, e.sport_id, e.version INTO event_ref, sport_ref, event_version;
  IF event_ref IS NULL THEN
    -- another transaction inserted or moved it meanwhile
    outcome := 'stale';
    RETURN;
  END IF;
  outcome := 'applied';
  changed := v_before.id IS NULL
    OR (v_before.sport_id, v_before.tournament_id, v_before.home_id, v_before.home_name,
        v_before.away_id, v_before.away_name, v_before.starts_at, v_before.fixture_status)
       IS DISTINCT FROM
       (v_sport_id, p_fixture->'tournament'->>'id', p_fixture->'home'->>'id',
        p_fixture->'home'->>'name', p_fixture->'away'->>'id', p_fixture->'away'->>'name',
        v_starts_at, p_fixture->>'status');
END;
$$;
