-- sport_place_ticket() no longer reserves the liability (the placement reserves it last, apart:
-- betting/db/sport_place_ticket.sql), so it no longer takes the legs' market limits: its earlier
-- signature goes; the module file creates the new one.
DROP FUNCTION IF EXISTS sport_place_ticket(jsonb, bigint[], bigint[], text[], numeric[], numeric[],
  boolean[], bigint[]);
