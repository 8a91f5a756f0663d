// @vitest-environment happy-dom
import type { SportEvent, SportMarket, SportTicket } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applySportTicket } from '../api/sport-bets';
import { BetSlip } from './bet-slip';
import { SlipProvider } from './slip-provider';
import { dispatchSlip } from './slip-store';
import { resetSlipPlacement } from './use-slip-placement';

// the live prices come from the event snapshot here; the channel itself is the realtime tests'
vi.mock('@/lib/realtime/realtime-provider', () => ({ useRealtimeChannel: () => undefined }));

const eventId = 41;
const marketId = 410;

function snapshot(status: SportMarket['status'], odds: string): SportEvent {
  return {
    id: eventId,
    sportId: 1,
    league: { id: 'l', name: 'League', category: { id: 'c', name: 'Country' } },
    home: { id: 'h', name: 'Northcliff FC' },
    away: { id: 'a', name: 'Aldmoor FC' },
    startsAt: '2030-01-01T12:00:00Z',
    status: 'live',
    score: null,
    clock: null,
    version: 5,
    markets: [
      {
        id: marketId,
        typeId: 1,
        name: '1x2',
        specifiers: {},
        status,
        outcomes: [{ id: '1', name: 'Northcliff FC', odds, active: true }],
      },
    ],
  };
}

function ticket(status: SportTicket['status'], odds: string): SportTicket {
  return {
    id: '3f1c2d9e-4b7a-4c1e-9d2f-0a1b2c3d4e5f',
    type: 'single',
    systemSize: null,
    lines: 1,
    status,
    reason: null,
    oddsChange: 'higher',
    currency: 'USD',
    stake: '5.00',
    odds,
    potentialPayout: '9.00',
    payout: null,
    cashedOut: '0.00',
    cashoutAvailable: false,
    placedAt: '2030-01-01T12:30:00Z',
    decidedAt: null,
    settledAt: null,
    legs: [],
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const posts: { key: string | null; body: { selections: { odds: string }[] } }[] = [];
let event = snapshot('active', '2.00');
let answers: Response[] = [];

beforeEach(() => {
  posts.length = 0;
  answers = [];
  event = snapshot('active', '2.00');
  resetSlipPlacement();
  dispatchSlip({ type: 'clear' });
  dispatchSlip({ type: 'setPolicy', policy: 'higher' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith(`/api/v2/sport/events/${eventId}`)) return json(200, event);
      if (url === '/api/v2/sport/bets' && init?.method === 'POST') {
        posts.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: JSON.parse(String(init.body)),
        });
        return answers.shift() ?? json(500, {});
      }
      return json(404, { detail: 'not_found', message: '', key: 'k', time: '' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSlip(signedIn = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/en/sportsbook']}>
        <SlipProvider currency="USD" signedIn={signedIn}>
          <BetSlip />
        </SlipProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

function pick() {
  act(() => {
    dispatchSlip({
      type: 'toggle',
      selection: {
        eventId,
        marketId,
        outcomeId: '1',
        sportId: 1,
        eventName: 'Northcliff FC v Aldmoor FC',
        marketName: '1x2',
        outcomeName: 'Northcliff FC',
        live: true,
        odds: '2.00',
      },
    });
  });
}

describe('the bet slip', () => {
  test('a guest builds a slip and is asked to sign in to place it', async () => {
    renderSlip(false);
    pick();
    expect(await screen.findByText('Northcliff FC')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in to place a bet' })).toBeTruthy();
  });

  test('a suspended market in the live prices marks the selection and blocks placement', async () => {
    event = snapshot('suspended', '2.00');
    renderSlip();
    pick();
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '5' } });
    await screen.findByText('Suspended');
    const place = screen.getByTestId('slip-place') as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    expect(screen.getByText(/A selection is suspended/)).toBeTruthy();
  });

  test('a selection that can no longer be backed shows no payout (its last price means nothing)', async () => {
    renderSlip();
    pick();
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '5' } });
    expect(screen.getByTestId('slip-potential-payout').textContent).toBe('$10.00');
    event = { ...snapshot('active', '2.00'), status: 'ended' };
    await act(async () => {
      dispatchSlip({ type: 'clear' });
    });
    pick();
    await screen.findByText('Unavailable');
    expect(screen.getByTestId('slip-potential-payout').textContent).toBe('—');
  });

  test("the book's refusal for a moved price keeps the slip and asks; the accepted price is placed under a new key and followed to acceptance", async () => {
    const queryClient = renderSlip();
    pick();
    // the live snapshot (2.00, as picked) is in before the slip is sent
    await waitFor(() => expect(queryClient.getQueryData(['sport', 'event', eventId])).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '5' } });
    answers.push(
      json(409, {
        detail: 'sport_odds_changed',
        message: 'odds changed',
        payload: { selections: [{ marketId, outcomeId: '1', odds: '1.80' }] },
        key: 'k1',
        time: '2030-01-01T12:30:00Z',
      }),
    );
    fireEvent.click(screen.getByTestId('slip-place'));
    await screen.findByText(/The odds have changed/);
    // the selection stays, with the book's price waiting for the player
    expect(screen.getAllByTestId('slip-selection')).toHaveLength(1);
    expect(screen.getByTestId('slip-odds').textContent).toBe('1.80');
    fireEvent.click(screen.getByTestId('slip-accept-changes'));

    answers.push(json(200, ticket('pending', '1.80')));
    fireEvent.click(await screen.findByTestId('slip-place'));
    await screen.findByText('Waiting for acceptance…');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body.selections[0]?.odds).toBe('2.00');
    expect(posts[1]?.body.selections[0]?.odds).toBe('1.80');
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.key).not.toBe(posts[0]?.key);

    // the ticket event on transaction# decides it
    act(() => applySportTicket(queryClient, ticket('accepted', '1.80')));
    await waitFor(() => expect(screen.getByText('Bet accepted')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Keep selections' })).toBeTruthy();
  });
});
