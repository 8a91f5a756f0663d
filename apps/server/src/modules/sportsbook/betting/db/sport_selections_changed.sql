-- sport_selections_changed(): which of the tickets (by position) name a selection that is no
-- longer as the ticket was priced — the event no longer open or not as live as it was, the
-- market not active as players see it (feed/db/sport_shown_market_status.sql), the outcome gone
-- or inactive, or its price (an operator's over the feed's) another. One rule for the one-ticket
-- placement (sport_place_ticket.sql) and the batch (sport_place_tickets.sql): each leg is one
-- element of the parallel arrays, `p_positions` naming its ticket. (PL/pgSQL: its body is only
-- checked when run, as the feed's sport_shown_market_status may be created after it.)

CREATE OR REPLACE FUNCTION sport_selections_changed(
  p_positions integer[],
  p_event_ids bigint[],
  p_market_ids bigint[],
  p_outcome_ids text[],
  p_odds numeric[],
  p_live boolean[]
) RETURNS SETOF integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT DISTINCT w.position
  FROM unnest(p_positions, p_event_ids, p_market_ids, p_outcome_ids, p_odds, p_live)
    AS w(position, event_id, market_id, outcome_id, odds, live)
  LEFT JOIN sport_markets m ON m.id = w.market_id AND m.event_id = w.event_id
  LEFT JOIN sport_events e ON e.id = m.event_id
  LEFT JOIN sport_outcomes o ON o.market_id = m.id AND o.outcome_id = w.outcome_id
  WHERE o.market_id IS NULL
     OR e.status NOT IN ('not_started', 'live') OR (e.status = 'live') <> w.live
     OR sport_shown_market_status(m.status, m.operator_suspended, e.operator_suspended) <> 'active'
     OR NOT o.active OR coalesce(o.operator_odds, o.odds) IS DISTINCT FROM w.odds;
END;
$$;
