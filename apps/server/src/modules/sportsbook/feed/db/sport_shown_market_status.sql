-- sport_shown_market_status(): a market's status as players see it — the one rule, used by the
-- catalog's market projection (feed/catalog.repository.ts) and by betting's checks of a
-- selection (betting/db/): an operator's hold of the market or of its event shows an active
-- market suspended; a settled, cancelled, deactivated or handed-over market shows what the feed
-- says. (A producer that went down suspended its markets in the feed's own status.)

CREATE OR REPLACE FUNCTION sport_shown_market_status(
  p_status text,
  p_market_held boolean,
  p_event_held boolean
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_status = 'active' AND (p_market_held OR p_event_held)
              THEN 'suspended' ELSE p_status END
$$;
