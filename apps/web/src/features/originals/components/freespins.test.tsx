// @vitest-environment happy-dom
import type { Round, UserBonus } from '@casino/contract';
import { conditions } from '@casino/contract/bonus-fixtures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { freespinOfferFor } from '../freespins';
import type { OriginalSession } from '../hooks/use-round-play';
import { LimboGame } from './limbo-game';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session: OriginalSession = {
  kind: 'original',
  game: {
    id: 'limbo-1',
    imageUrl: '/limbo.png',
    title: 'Limbo',
    provider: { id: 'originals', name: 'Originals' },
    isFavorite: false,
    blacklists: [],
    labelType: null,
  },
  engine: 'limbo',
  variant: {},
  rtp: '0.9900',
  limits: { currency: 'USD', minBet: '0.10', maxBet: '1000.00', maxPayout: '100000.00' },
};

function bonus(overrides: Partial<UserBonus> = {}): UserBonus {
  return {
    id: '6f1c2b1e-4d3a-4b8e-9a51-0c7d2e5f8a10',
    offerId: 'promo-1',
    title: 'Free spins',
    type: 'promo_freespins',
    status: 'active',
    currency: 'USD',
    amount: '0.00',
    balance: '0.00',
    wager: { current: '0.00', total: '0.00' },
    wagerMaxBet: null,
    freespins: { left: 2, total: 10, amount: '0.2' },
    convertedAmount: null,
    conditions: conditions(),
    createdAt: '2026-03-14T10:00:00.000Z',
    activatedAt: '2026-03-14T10:00:00.000Z',
    expiresAt: '2099-03-17T10:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

function round(bet: string): Round {
  return {
    id: crypto.randomUUID(),
    gameId: session.game.id,
    engine: 'limbo',
    state: 'settled',
    currency: 'USD',
    bet,
    payout: '0.00',
    multiplier: '0.0000',
    rtp: '0.9900',
    params: { target: 2 },
    outcome: { result: 1.5 },
    clientSeed: 'seed',
    nonce: 1,
    serverSeedHash: 'hash',
    serverSeed: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    settledAt: '2026-03-14T10:00:00.000Z',
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A server with `bonuses` (read on every call) that takes a spin per free-spin round. */
function mockServer(bonuses: UserBonus[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (method === 'GET' && path === '/api/v2/bonuses/user') return json({ items: bonuses });
      if (method === 'POST' && path === `/api/v2/games/${session.game.id}/rounds`) {
        const spent = bonuses.find((item) => item.id === body.freespinBonusId);
        if (spent) spent.freespins = { ...spent.freespins, left: spent.freespins.left - 1 };
        return json(round(body.bet));
      }
      return new Response(
        JSON.stringify({ detail: 'not_found', message: 'Not found', key: 'k', time: 't' }),
        { status: 404 },
      );
    }),
  );
  return calls;
}

function renderGame({ signedIn = true }: { signedIn?: boolean } = {}) {
  initI18n('en');
  if (signedIn) setAuthToken('test-token');
  else clearAuthToken();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LimboGame session={session} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const betInput = () => screen.getByLabelText('Bet amount') as HTMLInputElement;
const rounds = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('free spins on an original', () => {
  it('fixes the stake to the spin, sends the bonus, counts down and goes when none are left', async () => {
    const calls = mockServer([bonus()]);
    renderGame();
    const toggle = await screen.findByTestId('original-freespins');
    expect(screen.getByTestId('original-freespins-left').textContent).toBe('Free spins: 2 left');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(betInput().value).toBe('0.10');
    expect(betInput().readOnly).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(betInput().value).toBe('0.20');
    expect(betInput().readOnly).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Double the bet' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByTestId('original-play'));
    await waitFor(() =>
      expect(screen.getByTestId('original-freespins-left').textContent).toBe('Free spins: 1 left'),
    );
    expect(rounds(calls)[0]?.body).toEqual({
      bet: '0.20',
      params: { target: 2 },
      freespinBonusId: bonus().id,
    });

    const play = screen.getByTestId('original-play') as HTMLButtonElement;
    await waitFor(() => expect(play.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(play);
    await waitFor(() => expect(screen.queryByTestId('original-freespins')).toBeNull());
    expect(rounds(calls)).toHaveLength(2);
    expect(rounds(calls)[1]?.body).toMatchObject({ freespinBonusId: bonus().id });
    // the typed stake is back, and the next round is paid from the balance
    expect(betInput().value).toBe('0.10');
    expect(betInput().readOnly).toBe(false);
    await waitFor(() => expect(play.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(play);
    await waitFor(() => expect(rounds(calls)).toHaveLength(3));
    expect(rounds(calls)[2]?.body).toEqual({ bet: '0.10', params: { target: 2 } });
  });

  it('plays for money while the switch is off', async () => {
    const calls = mockServer([bonus()]);
    renderGame();
    await screen.findByTestId('original-freespins');
    fireEvent.click(screen.getByTestId('original-play'));
    await waitFor(() => expect(rounds(calls)).toHaveLength(1));
    expect(rounds(calls)[0]?.body).toEqual({ bet: '0.10', params: { target: 2 } });
  });

  it('shows no switch for a bonus of other games, and asks nothing of a guest', async () => {
    const calls = mockServer([
      bonus({
        conditions: conditions({
          gamesWagers: [{ gameId: 'slot-7', title: 'Slot', percent: 100 }],
        }),
      }),
    ]);
    renderGame();
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/v2/bonuses/user')).toBe(true),
    );
    expect(screen.queryByTestId('original-freespins')).toBeNull();

    cleanup();
    const guestCalls = mockServer([bonus()]);
    renderGame({ signedIn: false });
    expect(guestCalls.some((call) => call.path === '/api/v2/bonuses/user')).toBe(false);
    expect(screen.queryByTestId('original-freespins')).toBeNull();
  });
});

describe('the bonus whose free spins a game accepts', () => {
  const game = 'limbo-1';

  it('takes an active bonus with spins left, in the currency, covering the game', () => {
    expect(freespinOfferFor([bonus()], game, 'USD')).toEqual({
      bonusId: bonus().id,
      left: 2,
      amount: '0.20',
    });
    const listed = bonus({
      conditions: conditions({ gamesWagers: [{ gameId: game, title: 'Limbo', percent: 50 }] }),
    });
    expect(freespinOfferFor([listed], game, 'USD')?.bonusId).toBe(bonus().id);
    expect(freespinOfferFor([bonus({ conditions: null })], game, 'USD')?.left).toBe(2);
  });

  it('skips pending, spent, other-currency and other-game bonuses', () => {
    const skipped = [
      bonus({ id: 'pending', status: 'pending' }),
      bonus({ id: 'spent', freespins: { left: 0, total: 10, amount: '0.20' } }),
      bonus({ id: 'eur', currency: 'EUR' }),
      bonus({
        id: 'other',
        conditions: conditions({
          gamesWagers: [{ gameId: 'dice-1', title: 'Dice', percent: 100 }],
        }),
      }),
    ];
    expect(freespinOfferFor(skipped, game, 'USD')).toBeNull();
    expect(freespinOfferFor([...skipped, bonus({ id: 'last' })], game, 'USD')?.bonusId).toBe(
      'last',
    );
  });
});

describe('a stake above the wagered bonus’s maximum bet', () => {
  it('is explained beside the bet field with the cap the server gave', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://localhost').pathname;
        if ((init.method ?? 'GET') === 'POST' && path.endsWith('/rounds')) {
          return new Response(
            JSON.stringify({
              detail: 'bonus_max_bet_exceeded',
              message: 'The stake is above the bonus’s maximum bet.',
              payload: { maxBet: '5.00', currency: 'USD' },
              key: 'k',
              time: '2026-03-14T10:00:00.000Z',
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          );
        }
        if (path === '/api/v2/bonuses/user') {
          return new Response(JSON.stringify({ items: [] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Response(
          JSON.stringify({ detail: 'not_found', message: 'Not found', key: 'k', time: 't' }),
          { status: 404 },
        );
      }),
    );
    renderGame();
    fireEvent.change(betInput(), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('original-play'));
    const message = await screen.findByRole('alert');
    expect(message.id).toBe('original-bet-error');
    expect(message.textContent).toBe(
      'While a bonus is being wagered, a bet may not exceed 5.00 USD.',
    );
  });
});
