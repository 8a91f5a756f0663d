-- Pre-match tickets are placed in batches (betting/db/sport_place_tickets.sql): the one-ticket
-- statement they replace goes.
DROP FUNCTION IF EXISTS sport_place_ticket_instant(jsonb, bigint[], bigint[], text[], numeric[],
  numeric[], boolean[], bigint, bigint[], jsonb, text, text, bytea, integer, jsonb, text, text,
  integer);
