// @vitest-environment happy-dom
import type { FiatPaymentMethod } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { i18next, initI18n } from '@/lib/i18n';
import type { WalletViewName, WalletViewOf } from '../wallet-view';
import { WalletDialog } from './wallet-dialog';
import { type WalletViewContext, walletViewEntry, walletViewNames } from './wallet-views';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One view of every name; TypeScript asks for a new one when a view is registered. */
const sampleViews: { [Name in WalletViewName]: WalletViewOf<Name> } = {
  wallet: { name: 'wallet' },
  'fiat-deposit': { name: 'fiat-deposit', methodId: 'a' },
  'fiat-deposit-additional-details': {
    name: 'fiat-deposit-additional-details',
    methodId: 'a',
    amount: '100',
  },
  'fiat-deposit-details': {
    name: 'fiat-deposit-details',
    orderId: 'o1',
    methodId: 'a',
    isSubmitStep: false,
    order: null,
  },
  pending: { name: 'pending', type: 'deposit', orderId: 'o1' },
  error: { name: 'error', type: 'deposit', methodId: 'a' },
  'fiat-withdraw': { name: 'fiat-withdraw', methodId: 'a' },
  'crypto-deposit': { name: 'crypto-deposit', code: 'USDTTRC20' },
  'crypto-deposit-ton': { name: 'crypto-deposit-ton', code: 'TON' },
  'crypto-bot-deposit': { name: 'crypto-bot-deposit', code: null },
  'x-rocket': { name: 'x-rocket' },
  'crypto-withdraw': { name: 'crypto-withdraw', code: null, provider: 'cryptobot' },
  'withdraw-disabled': { name: 'withdraw-disabled' },
  'open-dispute': { name: 'open-dispute', orderId: 'o1' },
  wager: { name: 'wager' },
  'personal-data': { name: 'personal-data' },
};

function fakeContext(): WalletViewContext {
  return {
    show: vi.fn(),
    back: vi.fn(),
    toTab: vi.fn(),
    tab: 'deposit',
    selectTab: vi.fn(),
    renderTabHeader: undefined,
    fiatBalance: null,
    deposit: {
      start: vi.fn(),
      submitAmount: vi.fn(),
      create: vi.fn(),
      checkingMethodId: null,
      isCreating: false,
      isLongPending: false,
    },
    onDepositCompleted: vi.fn(),
    onOrderGone: vi.fn(),
    withdrawDraft: null,
    confirmWithdraw: vi.fn(),
    isWithdrawSubmitting: false,
    cryptoAddressError: null,
    clearCryptoAddressError: vi.fn(),
    cryptoMethods: undefined,
    messengerBuild: false,
    depositExtraTiles: [],
    withdrawExtraTiles: [],
    openCryptoGuide: vi.fn(),
    openProfile: vi.fn(),
  };
}

function renderWithApp(ui: ReactNode, path = '/en/') {
  initI18n('en');
  setAuthToken('test-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the wallet view registry', () => {
  it('has an entry, and a sample here, for every view', () => {
    expect([...walletViewNames].sort()).toEqual(Object.keys(sampleViews).sort());
  });

  it.each(walletViewNames)('renders the %s view as itself', (name) => {
    // the API never answers: every view must show itself while its data loads
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const view = sampleViews[name];
    const { View } = walletViewEntry(view);
    renderWithApp(<View view={view} context={fakeContext()} />);
    const shown = [...document.querySelectorAll('[data-testid^="wallet-view-"]')].map((element) =>
      element.getAttribute('data-testid'),
    );
    expect(shown).toEqual([`wallet-view-${name}`]);
  });

  it('titles every view in words, with the method once it is known', () => {
    initI18n('en');
    const t = i18next.getFixedT('en');
    for (const name of walletViewNames) {
      const view = sampleViews[name];
      const title = walletViewEntry(view).title?.(
        { t, fiatMethodName: 'Bank a', cryptoMethodName: 'Toncoin' },
        view,
      );
      if (title === undefined) continue;
      expect(title, name).not.toMatch(/wallet\.|^$/);
    }
    const title = (name: WalletViewName, fiat: string | null, crypto: string | null) =>
      walletViewEntry(sampleViews[name]).title?.(
        { t, fiatMethodName: fiat, cryptoMethodName: crypto },
        sampleViews[name],
      );
    expect(title('fiat-deposit', 'Bank a', null)).toBe('Deposit · Bank a');
    expect(title('fiat-deposit', null, null)).toBe('Deposit');
    expect(title('crypto-deposit-ton', null, 'Toncoin')).toBe('Deposit · Toncoin');
    expect(title('crypto-withdraw', null, 'Toncoin')).toBe('Withdraw · Crypto Bot');
  });
});

function method(id: string): FiatPaymentMethod {
  const limits = {
    minAmount: '10',
    maxAmount: '1000',
    priority: 0,
    externalDetailsFields: { required: [], optional: [] },
  };
  return {
    id,
    name: `Bank ${id}`,
    icon: '',
    iconBig: '',
    label: `Bank ${id}`,
    method: 'p2p',
    currency: 'USD',
    buy: { ...limits, multiplyOrdersAllowed: true },
    sell: { ...limits, levels: [], subbanks: [] },
  };
}

describe('WalletDialog views', () => {
  it('shows the view it is sent to under its title, and goes back to the tab it came from', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        new URL(input, 'http://localhost').pathname === '/api/v2/wallet/orders/conditions'
          ? new Response(JSON.stringify([method('a')]), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify({ detail: 'not_found', message: 'Not found' }), {
              status: 404,
            }),
      ),
    );
    renderWithApp(
      <WalletDialog fiatBalance={null} hasActiveBonuses={false} />,
      '/en/?wallet=withdraw',
    );
    const wallet = await screen.findByTestId('wallet-modal');
    await act(async () => {
      fireEvent.click(await within(wallet).findByTestId('wallet-method-a'));
    });

    expect(await within(wallet).findByTestId('wallet-view-fiat-withdraw')).toBeTruthy();
    expect(within(wallet).queryByTestId('wallet-view-wallet')).toBeNull();
    expect(within(wallet).getByRole('heading').textContent).toBe('Withdraw · Bank a');

    await act(async () => {
      fireEvent.click(within(wallet).getByTestId('wallet-back'));
    });
    expect(within(wallet).getByTestId('wallet-view-wallet')).toBeTruthy();
    expect(
      within(wallet).getByRole('tab', { name: 'Withdraw' }).getAttribute('aria-selected'),
    ).toBe('true');
  });
});
