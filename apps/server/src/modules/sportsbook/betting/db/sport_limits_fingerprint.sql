-- sport_limits_fingerprint(): what a process that keeps the operators' betting settings
-- (SportBetting's settings cache: every sport_bet_limits row and the cash-out switch) priced a
-- ticket with, as one text. The batch placement (sport_place_tickets.sql) compares it with the
-- one the process read its settings with, so a ticket priced with settings an operator has
-- changed since (in any process) is never placed: it is priced again.

CREATE OR REPLACE FUNCTION sport_limits_fingerprint() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT md5(
    coalesce((
      SELECT string_agg(concat_ws('/', b.sport_id, b.market_type_id, b.min_stake_minor,
          b.max_stake_minor, b.max_payout_minor, b.market_liability_minor, b.bet_delay_ms,
          b.player_liability_minor), ';'
        ORDER BY coalesce(b.sport_id, 0), coalesce(b.market_type_id, 0))
      FROM sport_bet_limits b
    ), '') || '|' || coalesce((SELECT c.enabled::text FROM sport_cashout_settings c), 'none')
  )
$$;
