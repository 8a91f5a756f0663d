-- A fiat order in another currency than the player's primary one: what moved on the player's
-- balance, in which currency, and at which rate (units of the balance currency per unit of the
-- order currency). Deposit: the credited amount converted into the primary currency (rounded
-- down). Withdrawal: amount + fee held from the primary balance (rounded up). All NULL when the
-- order's currency was the balance currency.
ALTER TABLE fiat_orders
  ADD COLUMN balance_currency text CHECK (balance_currency ~ '^[A-Z]{2,10}$'),
  ADD COLUMN balance_amount_minor bigint CHECK (balance_amount_minor >= 0),
  ADD COLUMN exchange_rate text CHECK (exchange_rate ~ '^(0|[1-9][0-9]{0,17})(\.[0-9]{1,20})?$'),
  ADD CONSTRAINT fiat_orders_exchange_complete CHECK (
    (balance_currency IS NULL) = (balance_amount_minor IS NULL)
    AND (balance_currency IS NULL) = (exchange_rate IS NULL)
  ),
  ADD CONSTRAINT fiat_orders_exchange_other_currency CHECK (balance_currency <> currency);
