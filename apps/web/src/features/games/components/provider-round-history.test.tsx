// @vitest-environment happy-dom
import type { ProviderRound } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { initI18n, switchLanguage } from '@/lib/i18n';
import { formatRoundAmount, ProviderRoundHistory } from './provider-round-history';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const gameId = 'aggregator-slot';

function round(overrides: Partial<ProviderRound>): ProviderRound {
  return {
    id: 'round-1',
    gameId,
    currency: 'USD',
    bet: '1.00',
    payout: '0.00',
    freeBet: false,
    state: 'settled',
    createdAt: '2026-03-14T10:00:00.000Z',
    settledAt: '2026-03-14T10:00:01.000Z',
    ...overrides,
  };
}

function serve(items: ProviderRound[], counted = { total: items.length, totalCapped: false }) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      paths.push(`${url.pathname}${url.search}`);
      return new Response(
        JSON.stringify({
          items,
          meta: { offset: 0, limit: 20, ...counted, nextCursor: 'next' },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return paths;
}

async function renderHistory(language: 'en' | 'ru' = 'en') {
  initI18n();
  await switchLanguage(language);
  setAuthToken('test-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ProviderRoundHistory gameId={gameId} />
    </QueryClientProvider>,
  );
}

describe('the round history of a provider game', () => {
  it('marks the free bet, shows each round’s state and amounts, and keeps round ids as text', async () => {
    const paths = serve([
      round({ id: 'open-1', state: 'open', bet: '2.00', settledAt: null }),
      round({ id: '<img src=x onerror=alert(1)>', freeBet: true, bet: '5.00', payout: '12.00' }),
      round({ id: 'cancelled-1', state: 'rolled_back', bet: '3.00', settledAt: null }),
    ]);
    await renderHistory();
    const rows = await screen.findAllByTestId('provider-round-item');
    expect(paths).toEqual([`/api/v2/games/${gameId}/provider-rounds?limit=20&offset=0`]);
    expect(screen.getByText('Rounds: 3')).toBeTruthy();
    const [open, free, cancelled] = rows.map((row) => within(row));
    expect(open?.getByText('In progress')).toBeTruthy();
    expect(open?.queryByTestId('free-bet-badge')).toBeNull();
    expect(free?.getByTestId('free-bet-badge').textContent).toBe('Free bet');
    expect(free?.getByText('Round <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(free?.getByText('$12.00')).toBeTruthy();
    expect(cancelled?.getByText('Cancelled, stake refunded')).toBeTruthy();
    // the provider's text never becomes markup
    expect(document.querySelector('img')).toBeNull();
  });

  it('reads in Russian and says when there is nothing yet', async () => {
    serve([round({ freeBet: true })]);
    await renderHistory('ru');
    expect((await screen.findByTestId('free-bet-badge')).textContent).toBe('Фрибет');
    cleanup();
    serve([]);
    await renderHistory();
    expect(
      await screen.findByText('Your rounds of this game appear here once you play.'),
    ).toBeTruthy();
  });

  it('says a long history’s count is a lower bound when the server counted only that far', async () => {
    serve([round({})], { total: 1000, totalCapped: true });
    await renderHistory();
    expect(await screen.findByText('Rounds: 1000+')).toBeTruthy();
    cleanup();
    serve([round({})], { total: 1000, totalCapped: false });
    await renderHistory('ru');
    expect(await screen.findByText('Раундов: 1000')).toBeTruthy();
  });

  it('formats amounts in the currency’s format without rounding them', () => {
    expect(formatRoundAmount('1234.5', 'USD')).toBe('$1,234.5');
    expect(formatRoundAmount('0.00012345', 'BTC')).toMatch(/0\.00012345/);
  });
});
