-- Sport in the promotions and the operators' manual settlement (issue 20): bonus offers whose
-- wagering counts sport tickets (promotions/bonuses), tournaments that score sport tickets
-- (promotions/tournaments), and markets settled by an operator with a reason
-- (sportsbook/betting/manual-settlement*.ts).

-- What a settled sport ticket's stake counts for the wagering of the bonus it played on, in
-- percent (0: sport does not count; the games' contributions are bonus_offer_games).
ALTER TABLE bonus_offers
  ADD COLUMN sport_percent integer NOT NULL DEFAULT 0 CHECK (sport_percent BETWEEN 0 AND 100);

-- What each settlement of a ticket (its generation) added to its bonus's wagering, so that a
-- taken-back settlement takes exactly that back (whatever the offer's percent is by then).
CREATE TABLE bonus_sport_contributions (
  -- 'sport:{ticketId}:{generation}'
  reference text PRIMARY KEY CHECK (char_length(reference) BETWEEN 1 AND 200),
  bonus_id uuid NOT NULL REFERENCES user_bonuses (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0)
);

-- A tournament whose scores count settled sport tickets too (its games list still decides
-- which rounds count).
ALTER TABLE tournaments ADD COLUMN scores_sport boolean NOT NULL DEFAULT false;

-- The best multiplier of the plays that cannot be taken back (no reference): a taken-back
-- ticket in a 'best_multiplier' tournament leaves the larger of this and the other standing
-- contributions (tournament_score_contributions).
ALTER TABLE tournament_scores ADD COLUMN plain_best numeric(38, 4) NOT NULL DEFAULT 0;
UPDATE tournament_scores s SET plain_best = s.score
FROM tournaments t WHERE t.id = s.tournament_id AND t.scoring = 'best_multiplier';

-- A market an operator settled (or voided) by hand. While a row exists the operator's decision
-- is the market's: every leg on it takes the operator's results, whatever the feed sends later
-- (the feed's results keep being stored underneath), until the operator unsettles it, which
-- gives the market back to the feed's decision.
CREATE TABLE sport_operator_markets (
  market_id bigint PRIMARY KEY REFERENCES sport_markets (id) ON DELETE CASCADE,
  -- every outcome void (refunds)
  voided boolean NOT NULL,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  operator_id uuid NOT NULL,
  settled_at timestamptz NOT NULL
);

-- The operator's result per outcome; an outcome of an operator-settled market with no row here
-- is lost (a voided market has none: every outcome is void).
CREATE TABLE sport_operator_results (
  market_id bigint NOT NULL REFERENCES sport_operator_markets (market_id) ON DELETE CASCADE,
  outcome_id text NOT NULL,
  result text NOT NULL CHECK (result IN ('won', 'lost')),
  void_factor numeric(3, 2) NOT NULL CHECK (void_factor IN (0, 0.5, 1)),
  dead_heat_factor numeric(12, 8) NOT NULL CHECK (dead_heat_factor > 0 AND dead_heat_factor <= 1),
  PRIMARY KEY (market_id, outcome_id)
);
