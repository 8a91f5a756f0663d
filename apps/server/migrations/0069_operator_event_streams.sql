-- Issue 20 (the sport-bets ratio): the operators' live feed announces a placed sport ticket only
-- while some operator's stream is open in some server process. Each process with open streams
-- keeps a row here (refreshed well before it expires; deleted when its last stream closes) and
-- says so on the `backoffice_streams` channel; every process reads the rows once when it starts
-- listening (and again after a lost connection) and then follows the channel in memory, so no
-- placement reads this table. A process that stops without closing its streams leaves a row
-- that simply expires.
CREATE TABLE operator_event_streams (
  process_id uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
