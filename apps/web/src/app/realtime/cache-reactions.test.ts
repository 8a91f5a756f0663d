import type { Balance, Billing, Profile, TransactionEvent } from '@casino/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { balanceQueryKey } from '@/features/balance/api/get-balance';
import { billingQueryKey } from '@/features/profile/api/get-billing';
import { meQueryKey } from '@/features/profile/api/get-me';
import { buyOrderQueryKey } from '@/features/wallet/api/get-buy-order';
import { fiatConditionsQueryKey } from '@/features/wallet/api/get-fiat-conditions';
import { transactionsQueryKey } from '@/features/wallet/api/get-transactions';
import { bonusesQueryKeyPrefix, wheelQueryKeyPrefix } from '@/lib/query-keys';
import { applyBalanceEvent, applyTransactionEvent, tournamentWinMessage } from './cache-reactions';

const profile = { globalId: '7', hasDeposits: false, isVip: false } as Profile;
const billing: Billing = { countDeposit: 2, sumDeposits: '150.00' };

function money(value: string) {
  return {
    currency: { code: 'USD', displayFormat: '$ {amount}', icon: 'usd' },
    primaryValue: value,
    primaryPrecision: 2,
  };
}
const balance = (value: string): Balance => ({
  total: money(value),
  fiat: { ...money(value), value },
  userBonuses: [],
});

function seededClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(meQueryKey, profile);
  client.setQueryData(billingQueryKey, billing);
  client.setQueryData(balanceQueryKey, balance('10.00'));
  client.setQueryData(transactionsQueryKey, { pages: [], pageParams: [] });
  client.setQueryData(buyOrderQueryKey('order-1'), { id: 'order-1' });
  client.setQueryData(fiatConditionsQueryKey, []);
  client.setQueryData([...wheelQueryKeyPrefix, 'status'], { isAvailable: true });
  client.setQueryData([...bonusesQueryKeyPrefix, 'active'], []);
  return client;
}

const isStale = (client: QueryClient, queryKey: readonly unknown[]) =>
  client.getQueryState(queryKey)?.isInvalidated ?? false;

function transaction(overrides: Partial<TransactionEvent>): TransactionEvent {
  return {
    id: 'order-1',
    type: 'buy',
    status: 'completed',
    amount: '100.00',
    currency: 'USD',
    timestamp: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

describe('applyTransactionEvent', () => {
  it('on a completed buy marks deposits, counts one more deposit and refreshes wallet and wheel', () => {
    const client = seededClient();
    expect(applyTransactionEvent(client, transaction({}))).toBe(true);

    expect(client.getQueryData<Profile>(meQueryKey)?.hasDeposits).toBe(true);
    expect(client.getQueryData<Billing>(billingQueryKey)).toEqual({
      countDeposit: 3,
      sumDeposits: '150.00',
    });
    expect(isStale(client, transactionsQueryKey)).toBe(true);
    expect(isStale(client, buyOrderQueryKey('order-1'))).toBe(true);
    expect(isStale(client, [...wheelQueryKeyPrefix, 'status'])).toBe(true);
    // unrelated wallet data stays as it is
    expect(isStale(client, fiatConditionsQueryKey)).toBe(false);
    expect(isStale(client, balanceQueryKey)).toBe(false);
  });

  it('counts a crypto deposit too, but not a completed withdrawal', () => {
    const client = seededClient();
    applyTransactionEvent(client, transaction({ type: 'deposit' }));
    expect(client.getQueryData<Billing>(billingQueryKey)?.countDeposit).toBe(3);
    applyTransactionEvent(client, transaction({ type: 'sell' }));
    applyTransactionEvent(client, transaction({ type: 'withdraw' }));
    expect(client.getQueryData<Billing>(billingQueryKey)?.countDeposit).toBe(3);
  });

  it('ignores statuses other than completed', () => {
    const client = seededClient();
    expect(applyTransactionEvent(client, transaction({ status: 'declined' }))).toBe(false);
    expect(client.getQueryData<Profile>(meQueryKey)?.hasDeposits).toBe(false);
    expect(client.getQueryData<Billing>(billingQueryKey)?.countDeposit).toBe(2);
    expect(isStale(client, transactionsQueryKey)).toBe(false);
  });

  it('leaves queries that were never loaded empty', () => {
    const client = new QueryClient();
    applyTransactionEvent(client, transaction({}));
    expect(client.getQueryData(meQueryKey)).toBeUndefined();
    expect(client.getQueryData(billingQueryKey)).toBeUndefined();
  });
});

describe('applyBalanceEvent', () => {
  it('replaces the cached balance and refreshes bonus data only', () => {
    const client = seededClient();
    applyBalanceEvent(client, balance('110.00'));
    expect(client.getQueryData(balanceQueryKey)).toEqual(balance('110.00'));
    expect(isStale(client, balanceQueryKey)).toBe(false);
    expect(isStale(client, [...bonusesQueryKeyPrefix, 'active'])).toBe(true);
    expect(isStale(client, transactionsQueryKey)).toBe(false);
  });
});

describe('tournamentWinMessage', () => {
  it('names the tournament, the place and the prize with its currency', () => {
    expect(
      tournamentWinMessage({
        type: 'win',
        tournamentId: 't-1',
        name: 'Autumn Cup',
        place: 2,
        prize: { value: '250.000000', currency: 'USDT' },
      }),
    ).toEqual({
      key: 'Tournaments.win_text',
      params: { name: 'Autumn Cup', place: 2, prize: '250.00 USDT' },
    });
  });
});
