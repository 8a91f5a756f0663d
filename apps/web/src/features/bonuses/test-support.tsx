import type { DailyBonusStatus, UserBonus } from '@casino/contract';
import { conditions } from '@casino/contract/bonus-fixtures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';

/** Test data and a render helper for the bonus screens: real router, query cache and i18n. */

export { conditions, offer } from '@casino/contract/bonus-fixtures';

export function userBonus(overrides: Partial<UserBonus> = {}): UserBonus {
  return {
    id: 'bonus-1',
    offerId: 'welcome-1',
    title: 'Welcome bonus: deposit 1',
    type: 'welcome',
    status: 'active',
    currency: 'USD',
    amount: '100.00',
    balance: '87.20',
    wager: { current: '875.00', total: '3500.00' },
    wagerMaxBet: '5.00',
    freespins: { left: 30, total: 50, amount: '0.20' },
    convertedAmount: null,
    conditions: conditions(),
    createdAt: '2026-03-14T10:00:00.000Z',
    activatedAt: '2026-03-14T10:00:00.000Z',
    expiresAt: '2099-03-17T10:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

export function dailyStatus(overrides: Partial<DailyBonusStatus> = {}): DailyBonusStatus {
  return {
    countDeposit: 0,
    isAvailable: false,
    isShowModal: false,
    lastShowModalAt: null,
    usedAt: null,
    nextAt: '2099-01-01T00:00:00.000Z',
    offer: null,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Route = (request: RecordedRequest) => unknown;

/**
 * Replaces `fetch` with answers per "METHOD /path" (query strings ignored); unknown calls answer
 * 404 in the API's error shape. Returns every request made, for assertions.
 */
export function mockApi(routes: Record<string, Route | object>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const request: RecordedRequest = {
        method,
        path: url.pathname,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = routes[`${method} ${url.pathname}`];
      if (route === undefined) {
        return new Response(
          JSON.stringify({ detail: 'not_found', message: 'Not found', key: 'k', time: 't' }),
          { status: 404 },
        );
      }
      const body = typeof route === 'function' ? (route as Route)(request) : route;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

let lastLocation = '';
function LocationProbe() {
  const location = useLocation();
  lastLocation = `${location.pathname}${location.search}`;
  return null;
}

/** The current router location of the last render, e.g. "/en/?bonus10=". */
export function currentLocation(): string {
  return lastLocation;
}

export function renderWithApp(
  ui: ReactNode,
  { path = '/en/', signedIn = true }: { path?: string; signedIn?: boolean } = {},
) {
  initI18n('en');
  if (signedIn) setAuthToken('test-token');
  else clearAuthToken();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Tooltip.Provider>
          {ui}
          <LocationProbe />
        </Tooltip.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
