import type { Leaderboard, TournamentDetail } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';

/** Test data and a render helper for the tournament screens: real router, query cache, i18n. */

const hourMs = 60 * 60 * 1000;

export function tournament(overrides: Partial<TournamentDetail> = {}): TournamentDetail {
  return {
    id: 'spring-cup',
    vip_players_only: false,
    descriptions: {
      en: {
        name: 'Spring Cup',
        description: 'Wager to win.',
        image: '/tournaments/originals-race.svg',
      },
      ru: {
        name: 'Весенний кубок',
        description: 'Ставьте и побеждайте.',
        image: '/tournaments/originals-race.svg',
      },
    },
    startsAt: new Date(Date.now() - hourMs).toISOString(),
    endsAt: new Date(Date.now() + 26 * hourMs).toISOString(),
    status: 'running',
    scoring: 'wagered',
    currency: 'USD',
    prizes: [
      { place: 1, amount: '500.00' },
      { place: 2, amount: '250.00' },
      { place: 3, amount: '100.00' },
    ],
    prizePool: '850.00',
    games: [],
    allGames: true,
    ...overrides,
  };
}

export function leaderboard(overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    items: [
      { place: 1, name: 'jo***n', score: '1520.00', prize: '500.00', isMe: false },
      { place: 2, name: 'me***e', score: '980.50', prize: '250.00', isMe: true },
      { place: 3, name: 'an***a', score: '75.00', prize: '100.00', isMe: false },
    ],
    me: { place: 2, score: '980.50' },
    meta: { offset: 0, limit: 30, total: 45 },
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
}

type Handler = (request: RecordedRequest) => unknown;

/**
 * Replaces `fetch` with answers per "METHOD /path" (query strings recorded, not matched); unknown
 * calls answer 404 not_found. Returns every request made.
 */
export function mockApi(routes: Record<string, Handler | object>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const request = {
        method: init.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
      };
      requests.push(request);
      const route = routes[`${request.method} ${url.pathname}`];
      if (route === undefined) {
        return new Response(
          JSON.stringify({ detail: 'not_found', message: 'Not found', key: 'k', time: 't' }),
          { status: 404 },
        );
      }
      const body = typeof route === 'function' ? (route as Handler)(request) : route;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

/** Renders `ui` at `path` under the app's locale routes (`/:locale/tournaments/:id` too). */
export function renderWithApp(
  ui: ReactNode,
  { path = '/en/tournaments', signedIn = true }: { path?: string; signedIn?: boolean } = {},
) {
  // English texts; the path's locale picks the tournaments' own texts
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
          <Routes>
            <Route path=":locale/tournaments" element={ui} />
            <Route path=":locale/tournaments/:id" element={ui} />
          </Routes>
        </Tooltip.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
