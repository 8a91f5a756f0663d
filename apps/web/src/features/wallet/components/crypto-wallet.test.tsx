// @vitest-environment happy-dom
import type { CryptoMethod } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { MethodList } from './deposit-tab';
import { WalletDialog } from './wallet-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function cryptoMethod(overrides: Partial<CryptoMethod>): CryptoMethod {
  return {
    code: 'USDTTRC20',
    asset: 'USDT',
    networkId: 'tron',
    network: 'Tron',
    name: 'USDT',
    precision: 2,
    icon: '/crypto/usdt.svg',
    iconBig: '/crypto/usdt.svg',
    isFiat: false,
    displayFormat: '{amount} USDT',
    minDepositAmount: '10',
    minWithdrawAmount: '20',
    addressFormat: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    withdrawAllowed: true,
    depositBonusAvailable: false,
    depositBonus: 0,
    valuePresets: [],
    additionalProviders: [],
    memoSupported: false,
    confirmations: 20,
    rate: '1',
    ...overrides,
  };
}

const methods: CryptoMethod[] = [
  cryptoMethod({ depositBonusAvailable: true, depositBonus: 0.05 }),
  cryptoMethod({
    code: 'TON',
    asset: 'TON',
    networkId: 'ton',
    network: 'Toncoin',
    name: 'Toncoin',
    precision: 4,
    icon: '/crypto/ton.svg',
    iconBig: '/crypto/ton.svg',
    addressFormat: '^(?:[EU]Q[A-Za-z0-9_-]{46}|-?\\d:[0-9a-fA-F]{64})$',
    minDepositAmount: '0.5',
    memoSupported: true,
    additionalProviders: ['ton_connect'],
  }),
  cryptoMethod({ code: 'NOT', asset: 'NOT', name: 'Notcoin', withdrawAllowed: false }),
];

interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };

/** `fetch` answering the wallet's API from `routes` ("POST /path"); records every call. */
function mockApi(routes: Record<string, (call: Call) => Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = route
        ? route(call)
        : { status: 404, body: { detail: 'not_found', message: 'Not found', key: 'k', time: 't' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const ok = (body: unknown): Answer => ({ status: 200, body });

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderWithApp(ui: ReactNode, path: string) {
  initI18n('en');
  setAuthToken('test-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Search />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const baseRoutes = {
  'GET /api/v2/wallet/orders/conditions': () => ok([]),
  'GET /api/v1/wallet/currencies/crypto': () => ok(methods),
};

describe('crypto methods in the wallet tabs', () => {
  it('shows the crypto group with coin, network and the deposit bonus badge', async () => {
    mockApi(baseRoutes);
    renderWithApp(<MethodList side="buy" onSelect={() => {}} onSelectCrypto={() => {}} />, '/en/');
    const tile = await screen.findByTestId('crypto-method-USDTTRC20');
    expect(tile.textContent).toContain('Tron');
    expect(tile.textContent).toContain('+5%');
    expect(screen.getByTestId('crypto-method-NOT')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Crypto' })).toBeTruthy();
  });

  it('lists only the methods that allow withdrawals on the withdraw tab, without bonuses', async () => {
    mockApi(baseRoutes);
    renderWithApp(<MethodList side="sell" onSelect={() => {}} onSelectCrypto={() => {}} />, '/en/');
    const tile = await screen.findByTestId('crypto-method-USDTTRC20');
    expect(tile.textContent).not.toContain('+5%');
    expect(screen.queryByTestId('crypto-method-NOT')).toBeNull();
  });
});

describe('crypto deposit view', () => {
  it('shows the address, the memo with its warning, the minimum at the method precision and the QR code', async () => {
    const calls = mockApi({
      ...baseRoutes,
      'POST /api/v1/wallet/txns/deposit': () =>
        ok({
          currency: 'TON',
          network: 'Toncoin',
          address: 'UQBvI0aFLnw2QbZgjMPCLRdtRHxhUyinQudg6sdiohIwg5jL',
          memo: '418204',
          minAmount: '0.5',
          redirectUrl: null,
        }),
    });
    renderWithApp(
      <WalletDialog fiatBalance={null} hasActiveBonuses={false} />,
      '/en/?wallet=deposit',
    );
    const wallet = await screen.findByTestId('wallet-modal');
    fireEvent.click(await within(wallet).findByTestId('crypto-method-TON'));

    const view = await within(wallet).findByTestId('wallet-view-crypto-deposit');
    expect((await within(view).findByTestId('crypto-deposit-address')).textContent).toBe(
      'UQBvI0aFLnw2QbZgjMPCLRdtRHxhUyinQudg6sdiohIwg5jL',
    );
    expect(within(view).getByTestId('crypto-deposit-memo').textContent).toBe('418204');
    expect(within(view).getByTestId('crypto-deposit-memo-warning').textContent).toContain(
      'Toncoin',
    );
    expect(within(view).getByTestId('crypto-deposit-min').textContent).toBe('0.5000 TON');
    expect(within(view).getByTestId('crypto-deposit-qr')).toBeTruthy();
    expect(within(view).getByTestId('crypto-deposit-ton-wallet')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ currency: 'TON' });

    // "How to buy crypto?" opens the guide through the URL, the wallet stays where it was
    fireEvent.click(within(view).getByTestId('crypto-how-to-buy'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('guide=crypto'));
    expect(screen.getByTestId('search').textContent).toContain('wallet=deposit');

    // back goes to the deposit tab
    fireEvent.click(within(wallet).getByTestId('wallet-back'));
    expect(await within(wallet).findByTestId('wallet-view-wallet')).toBeTruthy();
  });
});

describe('crypto withdraw form', () => {
  const goodAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  async function openWithdraw(routes: Record<string, (call: Call) => Answer>) {
    const calls = mockApi({
      ...baseRoutes,
      'GET /api/v1/wallet/addresses/USDTTRC20': () => ok(['TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf']),
      'GET /api/v1/wallet/currencies/USDTTRC20/withdraw_fee': () =>
        ok({ fee: '1', minAmount: '20', maxAmount: '99' }),
      'GET /api/v2/wallet/wager': () => ok({ enabled: true, verificationRequired: false }),
      ...routes,
    });
    renderWithApp(
      <WalletDialog fiatBalance={null} hasActiveBonuses={false} />,
      '/en/?wallet=withdraw',
    );
    const wallet = await screen.findByTestId('wallet-modal');
    fireEvent.click(await within(wallet).findByTestId('crypto-method-USDTTRC20'));
    const view = await within(wallet).findByTestId('wallet-view-crypto-withdraw');
    return { calls, view };
  }

  const submit = (view: HTMLElement) =>
    within(view).getByTestId('crypto-withdraw-submit') as HTMLButtonElement;

  it('checks the address format, then the amount against the fee lookup once it has returned', async () => {
    const { calls, view } = await openWithdraw({});
    const address = within(view).getByTestId('crypto-withdraw-address');
    fireEvent.change(address, { target: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } });
    fireEvent.blur(address);
    expect(within(view).getByText('This address does not match the network format')).toBeTruthy();
    expect(submit(view).disabled).toBe(true);

    // a recent address fills the field
    fireEvent.click(await within(view).findByTestId('crypto-withdraw-recent-0'));
    expect((address as HTMLInputElement).value).toBe('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    fireEvent.change(address, { target: { value: goodAddress } });

    fireEvent.change(within(view).getByTestId('crypto-withdraw-amount'), {
      target: { value: '10' },
    });
    // the lookup for this amount has not returned yet: nothing is judged, nothing can be sent
    expect(within(view).queryByText(/minimum amount/)).toBeNull();
    expect(submit(view).disabled).toBe(true);
    expect(
      await within(view).findByText('The minimum amount is 20.00 USDT', {}, { timeout: 2000 }),
    ).toBeTruthy();
    expect(
      calls.some((call) => call.path.endsWith('/withdraw_fee') && call.search === '?amount=10'),
    ).toBe(true);
    expect(within(view).getByTestId('crypto-withdraw-fee').textContent).toBe('1.00 USDT');

    fireEvent.change(within(view).getByTestId('crypto-withdraw-amount'), {
      target: { value: '50' },
    });
    expect(submit(view).disabled).toBe(true);
    await waitFor(() => expect(submit(view).disabled).toBe(false), { timeout: 2000 });
    expect(within(view).getByTestId('crypto-withdraw-total').textContent).toBe('51.00 USDT');
  });

  it('shows the address the server refuses beside the field, then sends a good one to pending', async () => {
    let answer: Answer = {
      status: 400,
      body: { detail: 'error_invalid_address', message: 'Invalid', key: 'k', time: 't' },
    };
    const { calls, view } = await openWithdraw({
      'POST /api/v1/wallet/txns/withdraw': () => answer,
    });
    fireEvent.change(within(view).getByTestId('crypto-withdraw-address'), {
      target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
    });
    fireEvent.change(within(view).getByTestId('crypto-withdraw-amount'), {
      target: { value: '50' },
    });
    await waitFor(() => expect(submit(view).disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit(view));
    const confirm = await screen.findByTestId('wallet-withdraw-confirm');
    expect(confirm.textContent).toContain('50.00 USDT');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    });
    expect(await within(view).findByText(/^Invalid address/)).toBeTruthy();
    expect(screen.queryByTestId('wallet-withdraw-confirm')).toBeNull();
    expect(submit(view).disabled).toBe(true);

    answer = ok({
      id: 'w1',
      status: 'pending',
      currency: 'USDTTRC20',
      amount: '50',
      fee: '1',
      address: goodAddress,
      memo: null,
      provider: null,
      held: { value: '51.00', currency: 'USD' },
      cancellableUntil: null,
      createdAt: new Date().toISOString(),
    });
    fireEvent.change(within(view).getByTestId('crypto-withdraw-address'), {
      target: { value: goodAddress },
    });
    expect(within(view).queryByText(/^Invalid address/)).toBeNull();
    await waitFor(() => expect(submit(view).disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit(view));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByTestId('wallet-withdraw-confirm')).getByRole('button', {
          name: 'Withdraw',
        }),
      );
    });
    expect(await screen.findByTestId('wallet-view-pending')).toBeTruthy();
    const sent = calls.filter((call) => call.method === 'POST' && call.path.endsWith('/withdraw'));
    expect(sent.at(-1)?.body).toEqual({
      currency: 'USDTTRC20',
      amount: '50',
      address: goodAddress,
    });
  });
});
