// @vitest-environment happy-dom
import type { Balance } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { holdBalanceReveal, maxHoldMs } from '@/lib/balance-reveal';
import { initI18n } from '@/lib/i18n';
import { balanceQueryKey } from '../api/get-balance';
import { BalanceButton } from './balance-button';

function balance(value: string): Balance {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a display format, not a template literal
  const currency = { code: 'USD', displayFormat: '${amount}', icon: '/currencies/usd.svg' };
  return {
    total: { currency, primaryValue: value, primaryPrecision: 2 },
    fiat: { currency, primaryValue: value, primaryPrecision: 2, value },
    userBonuses: [],
  };
}

let queryClient: QueryClient;

beforeEach(() => {
  initI18n('en');
  setAuthToken('test-token');
  queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(balanceQueryKey, balance('100.00'));
  render(
    <QueryClientProvider client={queryClient}>
      <BalanceButton onOpenWallet={() => undefined} />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  clearAuthToken();
  vi.useRealTimers();
});

const shown = () => screen.getByTestId('header-balance-amount').textContent;

/** A new balance in the cache, its (batched, asynchronous) notification delivered. */
async function balanceArrives(value: string) {
  await act(async () => {
    queryClient.setQueryData(balanceQueryKey, balance(value));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

test('while a game holds the reveal, the header keeps the figure it showed; the release shows the new one', async () => {
  expect(shown()).toBe('$100.00');
  let release: () => void = () => undefined;
  act(() => {
    release = holdBalanceReveal();
  });
  // the round settled: the balance arrived, but the ball is still falling
  await balanceArrives('250.00');
  expect(shown()).toBe('$100.00');
  act(() => release());
  expect(shown()).toBe('$250.00');
  // a second release of the same hold changes nothing; without a hold updates show at once
  act(() => release());
  await balanceArrives('90.00');
  expect(shown()).toBe('$90.00');
});

test('a hold nobody releases lapses, so the balance never stays stale', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  act(() => {
    holdBalanceReveal();
  });
  act(() => {
    queryClient.setQueryData(balanceQueryKey, balance('42.00'));
    vi.advanceTimersByTime(0); // the query's batched notification
  });
  expect(shown()).toBe('$100.00');
  act(() => vi.advanceTimersByTime(maxHoldMs - 1));
  expect(shown()).toBe('$100.00');
  act(() => vi.advanceTimersByTime(1));
  expect(shown()).toBe('$42.00');
});
