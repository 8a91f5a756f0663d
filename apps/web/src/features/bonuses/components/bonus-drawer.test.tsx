// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  conditions,
  currentLocation,
  dailyStatus,
  mockApi,
  offer,
  renderWithApp,
} from '../test-support';
import { BonusDrawer } from './bonus-drawer';

const welcomeOffers = [
  offer('w1', { isClaimed: true, conditions: { minDepositNumber: 1, amountMultiplier: 1 } }),
  offer('w2', { conditions: { minDepositNumber: 2, amountMultiplier: 0.75, maxAmount: '300.00' } }),
  offer('w3', { conditions: { minDepositNumber: 3, amountMultiplier: 0.5 } }),
  offer('w4-few', {
    conditions: { minDepositNumber: 4, amountMultiplier: 0.5, freespinsCount: 50 },
  }),
  offer('w4', { conditions: { minDepositNumber: 4, amountMultiplier: 0.5, freespinsCount: 100 } }),
  offer('personal', {
    isPersonal: true,
    conditions: { minDepositNumber: 2, amountMultiplier: 2, personalId: 'p-1' },
  }),
];
const settings = {
  isWelcomeEnabledFiat: true,
  isWelcomeEnabledCrypto: false,
  preferredFiat: { id: null, isEnabled: false },
  preferredCrypto: { id: null, isEnabled: false },
};
const everydayOffer = offer('everyday', {
  conditions: {
    type: 'everyday',
    minDepositNumber: null,
    amountMultiplier: 0.05,
    wager: 10,
    deadlineHours: 24,
    maxAmount: '100.00',
  },
});

function renderDrawer(options: { signedIn?: boolean } = {}) {
  const onDeposit = vi.fn();
  const onSignUp = vi.fn();
  const view = renderWithApp(
    <BonusDrawer
      onDeposit={onDeposit}
      onSignUp={onSignUp}
      wheelTile={<div data-testid="wheel-tile">wheel</div>}
    />,
    { path: '/en/bonuses?bonus10=', ...options },
  );
  return { ...view, onDeposit, onSignUp };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the bonus drawer', () => {
  it('stays closed without the bonus10 parameter', () => {
    mockApi({});
    renderWithApp(<BonusDrawer onDeposit={vi.fn()} onSignUp={vi.fn()} />, { path: '/en/' });
    expect(screen.queryByTestId('bonus-drawer')).toBeNull();
  });

  it('shows a guest the welcome variant with the wheel tile and a sign-up step, marking nothing', async () => {
    const requests = mockApi({});
    const { onSignUp } = renderDrawer({ signedIn: false });
    const drawer = await screen.findByTestId('bonus-drawer-welcome');
    expect(within(drawer).getByTestId('wheel-tile')).toBeTruthy();
    expect(within(drawer).queryByTestId('welcome-steps')).toBeNull();
    expect(within(drawer).getByTestId('bonus-drawer-everyday').textContent).toContain('+5%');
    expect(within(drawer).getByTestId('bonus-video')).toBeTruthy();
    expect(within(drawer).getByTestId('bonus-faq')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('bonus-drawer-sign-up'));
    expect(onSignUp).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(0);
  });

  it('shows the welcome steps below four deposits: claimed, available, then disabled', async () => {
    const requests = mockApi({
      'GET /api/v2/bonuses/daily': dailyStatus({ countDeposit: 1, isShowModal: true }),
      'GET /api/v2/bonuses': { items: welcomeOffers, settings },
      'PUT /api/v2/bonuses/daily/show': { lastShowModalAt: '2026-03-14T10:00:00.000Z' },
    });
    const { onDeposit } = renderDrawer();
    const steps = await screen.findByTestId('welcome-steps');
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual([
      'claimed',
      'available',
      'disabled',
      'disabled',
    ]);
    // non-personal only: step 2 is the 75 % offer, not the personal 200 %
    const second = screen.getByTestId('welcome-step-2');
    expect(second.textContent).toContain('+75%');
    expect(second.textContent).toContain('up to $300.00');
    expect(second.getAttribute('aria-current')).toBe('step');
    // the fourth deposit keeps the offer with the most free spins
    expect(screen.getByTestId('welcome-step-4').textContent).toContain('+100 free spins');
    expect(screen.getByTestId('welcome-step-1').textContent).toContain('Received');
    expect(screen.getByTestId('welcome-step-3').textContent).toContain('After deposit 2');
    // only the available step offers a deposit
    fireEvent.click(within(second).getByRole('button', { name: 'Deposit' }));
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(within(screen.getByTestId('welcome-step-3')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('bonus-drawer-wheel-tile')).toBeTruthy();
    expect(screen.getByTestId('bonus-loyalty-settings')).toBeTruthy();
    // opened signed in: recorded as shown
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'PUT' && request.path === '/api/v2/bonuses/daily/show',
        ),
      ).toBe(true),
    );
  });

  it('after deposit 2 missed step 2’s minimum, shows step 2 available: the step the server grants next', async () => {
    // what GET /api/v2/bonuses answers then: step 1 received, step 2 the next deposit's
    // (isCurrent), and the daily status counts two deposits
    mockApi({
      'GET /api/v2/bonuses/daily': dailyStatus({ countDeposit: 2 }),
      'GET /api/v2/bonuses': {
        items: [
          offer('w1', { isClaimed: true, conditions: { minDepositNumber: 1 } }),
          offer('w2', {
            isCurrent: true,
            conditions: { minDepositNumber: 2, amountMultiplier: 0.75, minDeposit: '50.00' },
          }),
          offer('w3', { conditions: { minDepositNumber: 3, amountMultiplier: 0.5 } }),
          offer('w4', { conditions: { minDepositNumber: 4, amountMultiplier: 0.25 } }),
        ],
        settings,
      },
      'PUT /api/v2/bonuses/daily/show': { lastShowModalAt: '2026-03-14T10:00:00.000Z' },
    });
    renderDrawer();
    const steps = await screen.findByTestId('welcome-steps');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-state')),
    ).toEqual(['claimed', 'available', 'disabled', 'disabled']);
    const second = screen.getByTestId('welcome-step-2');
    expect(second.getAttribute('aria-current')).toBe('step');
    expect(second.textContent).toContain('Available now');
    expect(second.textContent).toContain('+75%');
    expect(second.textContent).toContain('from $50.00');
    expect(within(second).getByRole('button', { name: 'Deposit' })).toBeTruthy();
    expect(within(screen.getByTestId('welcome-step-3')).queryByRole('button')).toBeNull();
  });

  it('shows only the first step not received as available, and none before its deposit number', async () => {
    mockApi({
      'GET /api/v2/bonuses/daily': dailyStatus({ countDeposit: 1 }),
      'GET /api/v2/bonuses': {
        items: [
          offer('w1', { isClaimed: true, conditions: { minDepositNumber: 1 } }),
          offer('w3', { conditions: { minDepositNumber: 3, amountMultiplier: 0.5 } }),
        ],
        settings,
      },
      'PUT /api/v2/bonuses/daily/show': { lastShowModalAt: '2026-03-14T10:00:00.000Z' },
    });
    renderDrawer();
    const steps = await screen.findByTestId('welcome-steps');
    // no offer for deposit 2: the next deposit (the second) receives nothing, step 3 waits
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-state')),
    ).toEqual(['claimed', 'disabled']);
    expect(within(steps).queryByRole('button', { name: 'Deposit' })).toBeNull();
  });

  it('shows the everyday variant from the fourth deposit: banner, use, conditions, period, FAQ', async () => {
    let usedAt: string | null = null;
    const requests = mockApi({
      'GET /api/v2/bonuses/daily': () =>
        dailyStatus({
          countDeposit: 4,
          isAvailable: usedAt === null,
          usedAt,
          offer: everydayOffer,
        }),
      'PUT /api/v2/bonuses/daily/show': { lastShowModalAt: '2026-03-14T10:00:00.000Z' },
      'POST /api/v2/bonuses/daily/use': () => {
        usedAt = new Date().toISOString();
        return dailyStatus({ countDeposit: 4, isAvailable: false, usedAt, offer: everydayOffer });
      },
    });
    renderDrawer();
    const variant = await screen.findByTestId('bonus-drawer-everyday-variant');
    expect(within(variant).getByTestId('daily-bonus-percent').textContent).toBe('+5%');
    expect(within(variant).getByTestId('bonus-condition-wager').textContent).toContain('×10');
    expect(within(variant).getByTestId('bonus-condition-deadline').textContent).toContain('24 h');
    expect(within(variant).getByTestId('daily-bonus-period').textContent).toContain('UTC');
    expect(within(variant).getByTestId('bonus-faq')).toBeTruthy();
    expect(screen.queryByTestId('bonus-drawer-welcome')).toBeNull();
    expect(screen.queryByTestId('wheel-tile')).toBeNull();

    fireEvent.click(within(variant).getByTestId('daily-bonus-use'));
    const used = await screen.findByTestId('daily-bonus-used');
    expect(within(used).getByRole('timer')).toBeTruthy();
    expect(screen.queryByTestId('daily-bonus-use')).toBeNull();
    const use = requests.find((request) => request.path === '/api/v2/bonuses/daily/use');
    expect(use?.method).toBe('POST');
    expect(use?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts down to the next UTC midnight when today’s bonus is used', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-14T21:30:00.000Z') });
    mockApi({
      'GET /api/v2/bonuses/daily': dailyStatus({
        countDeposit: 7,
        usedAt: '2026-03-14T08:00:00.000Z',
        offer: everydayOffer,
      }),
      'PUT /api/v2/bonuses/daily/show': { lastShowModalAt: '2026-03-14T21:30:00.000Z' },
    });
    renderDrawer();
    const used = await screen.findByTestId('daily-bonus-used');
    expect(screen.queryByTestId('daily-bonus-use')).toBeNull();
    // 21:30 UTC → 2 h 30 min to midnight (a second may pass while rendering)
    const digits = within(used)
      .getByRole('timer')
      .textContent?.replace(/[^0-9]+/g, ' ')
      .trim();
    expect(digits).toMatch(/^00 02 (30 00|29 5\d)$/);
  });

  it('uses the everyday offer’s own percent on the banner', async () => {
    mockApi({
      'GET /api/v2/bonuses/daily': dailyStatus({
        countDeposit: 5,
        isAvailable: true,
        offer: offer('everyday', {
          conditions: conditions({ type: 'everyday', amountMultiplier: 0.07 }),
        }),
      }),
      'PUT /api/v2/bonuses/daily/show': { lastShowModalAt: '2026-03-14T10:00:00.000Z' },
    });
    renderDrawer();
    expect((await screen.findByTestId('daily-bonus-percent')).textContent).toBe('+7%');
    expect(screen.getByTestId('daily-bonus-use')).toBeTruthy();
  });

  it('closes by removing the parameter', async () => {
    mockApi({});
    renderDrawer({ signedIn: false });
    await screen.findByTestId('bonus-drawer');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('bonus-drawer')).toBeNull());
    expect(currentLocation()).toBe('/en/bonuses');
  });
});
