import type { TransactionHistoryItem } from '@casino/contract';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  canCancelWithdrawal,
  canOpenDispute,
  groupHistoryByDay,
  historyStatusIcon,
  isNearBottom,
  opensOrderPage,
  paymentDetailLabel,
} from './history';

function item(id: string, timestamp: string, overrides: Partial<TransactionHistoryItem> = {}) {
  return {
    id,
    type: 'buy',
    status: 'completed',
    timestamp,
    externalId: null,
    address: null,
    paymentDetails: {},
    originalAmount: { value: '100.00', currency: { code: 'RUB', displayFormat: '{amount} ₽' } },
    senderBank: null,
    fee: null,
    cancellableUntil: null,
    ...overrides,
  } satisfies TransactionHistoryItem;
}

describe('groupHistoryByDay', () => {
  it('groups consecutive items of the same local day, keeping the order', () => {
    const items = [
      item('a', new Date(2026, 10, 21, 18, 30).toISOString()),
      item('b', new Date(2026, 10, 21, 0, 5).toISOString()),
      item('c', new Date(2026, 10, 20, 23, 59).toISOString()),
    ];
    const days = groupHistoryByDay(items);
    expect(days.map((day) => [day.day, day.items.map((entry) => entry.id)])).toEqual([
      ['2026-11-21', ['a', 'b']],
      ['2026-11-20', ['c']],
    ]);
    expect(format(new Date(items[0]?.timestamp ?? ''), 'dd MMMM, HH:mm')).toBe(
      '21 November, 18:30',
    );
  });

  it('returns no days for no items', () => {
    expect(groupHistoryByDay([])).toEqual([]);
  });
});

describe('history rules', () => {
  it('maps statuses to the spec icons', () => {
    expect(historyStatusIcon('completed')).toBe('check');
    expect(historyStatusIcon('refund')).toBe('check');
    expect(historyStatusIcon('pending')).toBe('clock');
    expect(historyStatusIcon('wait_for_confirmation')).toBe('info');
    expect(historyStatusIcon('declined')).toBe('cross');
    expect(historyStatusIcon('timeouted')).toBe('cross');
    expect(historyStatusIcon('disputed')).toBe('cross');
  });

  it('offers a dispute on buy items that are timeouted, pending, declined or waiting for confirmation', () => {
    expect(canOpenDispute({ type: 'buy', status: 'timeouted' })).toBe(true);
    expect(canOpenDispute({ type: 'buy', status: 'wait_for_confirmation' })).toBe(true);
    expect(canOpenDispute({ type: 'buy', status: 'completed' })).toBe(false);
    expect(canOpenDispute({ type: 'sell', status: 'declined' })).toBe(false);
  });

  it('lets a pending withdrawal be cancelled until cancellableUntil', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const pending = { type: 'sell' as const, status: 'pending' as const };
    expect(canCancelWithdrawal({ ...pending, cancellableUntil: '2026-11-21T10:05:00Z' }, now)).toBe(
      true,
    );
    expect(canCancelWithdrawal({ ...pending, cancellableUntil: '2026-11-21T09:59:00Z' }, now)).toBe(
      false,
    );
    expect(canCancelWithdrawal({ ...pending, cancellableUntil: null }, now)).toBe(false);
    expect(
      canCancelWithdrawal(
        { type: 'buy', status: 'pending', cancellableUntil: '2026-11-22T00:00:00Z' },
        now,
      ),
    ).toBe(false);
  });

  it('reopens the order page only for a waiting deposit', () => {
    expect(opensOrderPage({ type: 'buy', status: 'waiting' })).toBe(true);
    expect(opensOrderPage({ type: 'buy', status: 'pending' })).toBe(false);
  });

  it('loads the next page within 40 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isNearBottom({ scrollTop: 559, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });
});

describe('paymentDetailLabel', () => {
  it('names the details the wallet knows with its own words', () => {
    expect(paymentDetailLabel('method').key).toBe('wallet.history_item.method');
    expect(paymentDetailLabel('memo').key).toBe('wallet.crypto.memo');
    expect(paymentDetailLabel('provider').key).toBe('wallet.history_item.provider');
    expect(paymentDetailLabel('card').key).toBe('wallet.fields.card');
  });

  it('falls back to a capitalised, readable name, never the raw identifier', () => {
    expect(paymentDetailLabel('method').fallback).toBe('Method');
    expect(paymentDetailLabel('account_ref').fallback).toBe('Account ref');
  });
});
