import type { BackofficeOrder } from '@casino/contract';

/**
 * What the player asked in the dispute: with CHANGE_INVOICE the amount they say they sent (to be
 * credited instead of the order's); with REPAY the player asks for the payment back.
 */
export function disputeClaim(order: BackofficeOrder): {
  option: string | null;
  amount: string | null;
} {
  const dispute = order.dispute ?? {};
  const option = typeof dispute.acceptOption === 'string' ? dispute.acceptOption : null;
  const amount =
    option === 'CHANGE_INVOICE' && typeof dispute.amount === 'string' && dispute.amount !== ''
      ? dispute.amount
      : null;
  return { option, amount };
}
