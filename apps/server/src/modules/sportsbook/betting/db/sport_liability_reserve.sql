-- sport_liability_reserve(): reserves a ticket's liability (`p_amount_minor`, base currency:
-- potential payout − stake) on the player's open liability and on every leg's market outcome, or
-- nothing. Each counter is raised by one guarded upsert whose WHERE re-checks the limit on the
-- row it locks, so concurrent tickets never take a counter above its limit; the outcomes are
-- taken in (market, outcome) order so two tickets never deadlock on them. When one counter
-- would pass its limit the ones already raised are lowered again under the locks still held:
-- answers 'player' or 'market' (nothing reserved) or 'reserved'.

CREATE OR REPLACE FUNCTION sport_liability_reserve(
  p_user_id uuid,
  p_amount_minor bigint,
  p_player_limit_minor bigint,
  p_event_ids bigint[],
  p_market_ids bigint[],
  p_outcome_ids text[],
  p_market_limits bigint[]
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_markets bigint[];
  v_outcomes text[];
BEGIN
  IF p_amount_minor > p_player_limit_minor THEN
    RETURN 'player';
  END IF;
  INSERT INTO sport_player_limits AS p (user_id, open_liability_minor)
  VALUES (p_user_id, p_amount_minor)
  ON CONFLICT (user_id) DO UPDATE
    SET open_liability_minor = p.open_liability_minor + excluded.open_liability_minor
    WHERE p.open_liability_minor + excluded.open_liability_minor <= p_player_limit_minor;
  IF NOT FOUND THEN
    RETURN 'player';
  END IF;

  WITH raised AS (
    INSERT INTO sport_liability AS l (market_id, outcome_id, event_id, liability_minor, limit_minor, tickets)
    SELECT w.market_id, w.outcome_id, w.event_id, p_amount_minor, w.limit_minor, 1
    FROM unnest(p_market_ids, p_outcome_ids, p_event_ids, p_market_limits)
      AS w(market_id, outcome_id, event_id, limit_minor)
    WHERE p_amount_minor <= w.limit_minor
    ORDER BY w.market_id, w.outcome_id
    ON CONFLICT (market_id, outcome_id) DO UPDATE
      SET liability_minor = l.liability_minor + excluded.liability_minor,
          limit_minor = excluded.limit_minor, tickets = l.tickets + 1
      WHERE l.liability_minor + excluded.liability_minor <= excluded.limit_minor
    RETURNING l.market_id, l.outcome_id
  )
  SELECT array_agg(r.market_id), array_agg(r.outcome_id) INTO v_markets, v_outcomes FROM raised r;
  IF coalesce(cardinality(v_markets), 0) = cardinality(p_market_ids) THEN
    RETURN 'reserved';
  END IF;
  IF v_markets IS NOT NULL THEN
    UPDATE sport_liability l
    SET liability_minor = l.liability_minor - p_amount_minor, tickets = l.tickets - 1
    FROM unnest(v_markets, v_outcomes) AS r(market_id, outcome_id)
    WHERE l.market_id = r.market_id AND l.outcome_id = r.outcome_id;
  END IF;
  UPDATE sport_player_limits SET open_liability_minor = open_liability_minor - p_amount_minor
  WHERE user_id = p_user_id;
  RETURN 'market';
END;
$$;
