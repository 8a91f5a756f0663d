-- Triggers of ledger_postings: immutable (ledger_is_immutable), and every statement's new
-- postings reference what exists and balance their transactions (ledger_postings_checked).

CREATE OR REPLACE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_is_immutable();

CREATE OR REPLACE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_immutable();

CREATE OR REPLACE TRIGGER ledger_postings_checked AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_checked();

-- Every statement's stakes and wins counted per player and hour for the responsible-gambling
-- limits, and the player's play session (players/protection/db/player_usage_record.sql).
CREATE OR REPLACE TRIGGER ledger_postings_player_usage AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION player_usage_record();
