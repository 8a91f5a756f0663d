-- Every money movement's stakes and wins counted for the responsible-gambling limits and the
-- player's play session (player_usage_add.sql holds the rules and the tables), by a statement
-- trigger on ledger_postings (money/ledger/db/ledger_postings.triggers.sql) in the transaction of
-- the movement, so every bet path counts (originals, provider bets, sport tickets) without a
-- check of its own.
--
-- Stakes: out of main or bonus money by `bet`, `provider_bet`, `sport_stake` (a
-- `provider_rollback` gives one back), an in-play ticket's `hold` into bet_hold (`hold_void`
-- gives it back); wins: into main or bonus money by the win types, a sport settlement taken back
-- (`sport_unsettle`) counting negative. Times are the ledger transaction's (the database's).
--
-- settle_rounds (money/wagering/db/settle_rounds.sql) counts its rounds' stakes and wins itself,
-- through player_usage_add, with the same result: it sets `casino.usage_counted` to 'on' for
-- its one statement that posts, and this trigger stands aside while it is.
CREATE OR REPLACE FUNCTION player_usage_record() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_user_ids uuid[];
  v_currencies text[];
  v_at timestamptz[];
  v_staked bigint[];
  v_won bigint[];
BEGIN
  IF current_setting('casino.usage_counted', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(m.user_id), array_agg(m.currency), array_agg(m.at), array_agg(m.staked),
    array_agg(m.won)
  INTO v_user_ids, v_currencies, v_at, v_staked, v_won
  FROM (
    SELECT a.user_id, a.currency, t.created_at AS at,
      CASE
        WHEN a.kind IN ('main', 'bonus')
          AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback')
          THEN -p.amount_minor
        WHEN a.kind = 'bet_hold' AND t.type IN ('hold', 'hold_void') THEN p.amount_minor
        ELSE 0 END AS staked,
      CASE
        WHEN a.kind IN ('main', 'bonus') AND t.type IN ('win', 'freespin_win', 'provider_win',
          'sport_win', 'sport_refund', 'sport_cashout', 'sport_unsettle')
          THEN p.amount_minor
        ELSE 0 END AS won
    FROM new_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_type = 'player' AND a.kind IN ('main', 'bonus', 'bet_hold')
      AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback', 'hold',
        'hold_void', 'win', 'freespin_win', 'provider_win', 'sport_win', 'sport_refund',
        'sport_cashout', 'sport_unsettle')
  ) m;
  IF v_user_ids IS NOT NULL THEN
    PERFORM player_usage_add(v_user_ids, v_currencies, v_at, v_staked, v_won);
  END IF;
  RETURN NULL;
END;
$$;
