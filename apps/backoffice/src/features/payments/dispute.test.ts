import type { BackofficeOrder } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { disputeClaim } from './dispute.ts';

function disputed(dispute: Record<string, unknown>): BackofficeOrder {
  return { currency: 'KZT', amount: '5000.00', dispute } as unknown as BackofficeOrder;
}

describe('disputeClaim', () => {
  it('takes the amount a CHANGE_INVOICE dispute says was sent', () => {
    expect(disputeClaim(disputed({ acceptOption: 'CHANGE_INVOICE', amount: '4000' }))).toEqual({
      option: 'CHANGE_INVOICE',
      amount: '4000',
    });
  });

  it('has no amount for a REPAY dispute, nor for a missing or malformed one', () => {
    expect(disputeClaim(disputed({ acceptOption: 'REPAY', amount: '4000' })).amount).toBeNull();
    expect(disputeClaim(disputed({ acceptOption: 'CHANGE_INVOICE' })).amount).toBeNull();
    expect(
      disputeClaim(disputed({ acceptOption: 'CHANGE_INVOICE', amount: 4000 })).amount,
    ).toBeNull();
    expect(disputeClaim({ dispute: null } as unknown as BackofficeOrder)).toEqual({
      option: null,
      amount: null,
    });
  });
});
