-- A manual balance adjustment awaiting a second operator can be rejected (by another operator, or
-- withdrawn by the one who asked): it leaves the approvals queue without touching the ledger.
-- Before, one the second operator could not apply (a debit the balance no longer covered) stayed
-- in the queue for good. modules/money/cashier/adjustments.service.ts `reject`.
ALTER TABLE balance_adjustments
  ADD COLUMN rejected_by uuid REFERENCES operators (id),
  ADD COLUMN rejected_at timestamptz,
  DROP CONSTRAINT balance_adjustments_status_check,
  ADD CONSTRAINT balance_adjustments_status_check
    CHECK (status IN ('awaiting_second_approval', 'applied', 'rejected')),
  ADD CONSTRAINT balance_adjustments_rejected CHECK (
    (status = 'rejected') = (rejected_by IS NOT NULL AND rejected_at IS NOT NULL)
  );
