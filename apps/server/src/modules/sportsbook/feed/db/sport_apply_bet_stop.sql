-- sport_apply_bet_stop(): a bet_stop whose version was just claimed (sport_apply_messages), on the
-- event's row lock. The stop is recorded (a market that an older message creates afterwards
-- arrives suspended: sport_apply_odds) and suspends the active markets of the listed types
-- (`p_market_type_ids`; null: every market) whose status register is older. Answers the keys of
-- the markets it suspended, the only ones a player sees change.
CREATE OR REPLACE FUNCTION sport_apply_bet_stop(
  p_event_id bigint,
  p_version bigint,
  p_market_type_ids integer[],
  OUT changed_keys text[]
)
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sport_events SET version = p_version, updated_at = now()
  WHERE id = p_event_id AND version < p_version;
  INSERT INTO sport_bet_stops (event_id, version, market_type_ids)
  VALUES (p_event_id, p_version, p_market_type_ids);
  WITH suspended AS (
    UPDATE sport_markets SET status = 'suspended'
    WHERE event_id = p_event_id AND status = 'active' AND status_version < p_version
      AND (p_market_type_ids IS NULL OR type_id = ANY (p_market_type_ids))
    RETURNING key
  )
  SELECT coalesce(array_agg(key ORDER BY key), '{}') INTO changed_keys FROM suspended;
END;
$$;
