-- Back office payments (issue 24): the operator's reason of a declined fiat order, shown in the
-- queues and the order's history. (The queues' lists use fiat_orders_status_idx and, by player,
-- fiat_orders_user_idx.)
ALTER TABLE fiat_orders
  ADD COLUMN decline_reason text CHECK (char_length(decline_reason) BETWEEN 1 AND 500);
