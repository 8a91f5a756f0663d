// @vitest-environment happy-dom
import type { FiatPaymentMethod } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense, use } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { fiatConditionsQueryKey, useFiatConditions } from '../api/get-fiat-conditions';
import { MethodList } from './deposit-tab';
import { WalletDialog } from './wallet-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function method(id: string, priority: number): FiatPaymentMethod {
  const limits = {
    minAmount: '10',
    maxAmount: '1000',
    priority,
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

/** Six methods: more than the 4 slots a tablet-wide grid has, so the last one is "other (3)". */
const methods = ['a', 'b', 'c', 'd', 'e', 'last'].map((id, index) => method(id, index));
const conditionsPath = '/api/v2/wallet/orders/conditions';

/** `fetch` answering the methods list while `answer()` says so, else a 503; counts the calls. */
function mockConditions(answer: () => 'ok' | 'down') {
  const calls = { count: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path !== conditionsPath) {
        return new Response(JSON.stringify({ detail: 'not_found', message: 'Not found' }), {
          status: 404,
        });
      }
      calls.count += 1;
      return answer() === 'ok'
        ? new Response(JSON.stringify(methods), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ detail: 'unavailable', message: 'Down' }), {
            status: 503,
          });
    }),
  );
  return calls;
}

function renderWithApp(ui: ReactNode, path: string) {
  initI18n('en');
  setAuthToken('test-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

/**
 * Holds back every render of a withdraw-tab location until `release()`: what a busy device does
 * to the router, which renders a new location in a transition, after the URL has changed.
 */
function slowWithdrawRender() {
  let release = () => {};
  const rendered = new Promise<void>((resolve) => {
    release = resolve;
  });
  function Slow() {
    const { search } = useLocation();
    if (search.includes('wallet=withdraw')) use(rendered);
    return null;
  }
  return {
    element: (
      <Suspense fallback={null}>
        <Slow />
      </Suspense>
    ),
    release: () => act(async () => release()),
  };
}

describe('WalletDialog tabs', () => {
  it('shows the pressed tab at once: a click before the router renders lands in its list, which stays open', async () => {
    mockConditions(() => 'ok');
    const slow = slowWithdrawRender();
    renderWithApp(
      <>
        <WalletDialog fiatBalance={null} hasActiveBonuses={false} />
        {slow.element}
      </>,
      '/en/?wallet=deposit',
    );
    const wallet = await screen.findByTestId('wallet-modal');
    await within(wallet).findByTestId('wallet-methods-more');

    // Radix switches tabs on the press; the router's render of ?wallet=withdraw is still held
    await act(async () => {
      fireEvent.mouseDown(within(wallet).getByRole('tab', { name: 'Withdraw' }));
    });
    await act(async () => {
      fireEvent.click(within(wallet).getByTestId('wallet-methods-more'));
    });
    await slow.release();

    const withdraw = within(wallet).getByRole('tabpanel', { name: 'Withdraw' });
    expect(within(withdraw).getByTestId('wallet-method-last')).toBeTruthy();
    expect(within(withdraw).queryByTestId('wallet-methods-more')).toBeNull();
  });
});

function ConditionsStatus() {
  return <p>status: {useFiatConditions().status}</p>;
}

describe('MethodList', () => {
  it('keeps the expanded methods on screen when a background refetch fails', async () => {
    let server: 'ok' | 'down' = 'ok';
    const calls = mockConditions(() => server);
    const queryClient = renderWithApp(
      <>
        <MethodList side="sell" onSelect={() => {}} />
        <ConditionsStatus />
      </>,
      '/en/',
    );
    fireEvent.click(await screen.findByTestId('wallet-methods-more'));
    expect(screen.getByTestId('wallet-method-last')).toBeTruthy();

    server = 'down';
    await act(() => queryClient.refetchQueries({ queryKey: fiatConditionsQueryKey }));
    // the probe renders in the same commit as the list, so the list has seen the failure too
    await screen.findByText('status: error');
    expect(calls.count).toBe(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByTestId('wallet-method-last')).toBeTruthy();

    server = 'ok';
    await act(() => queryClient.refetchQueries({ queryKey: fiatConditionsQueryKey }));
    await screen.findByText('status: success');
    expect(calls.count).toBe(3);
    expect(screen.getByTestId('wallet-method-last')).toBeTruthy();
    expect(screen.queryByTestId('wallet-methods-more')).toBeNull();
  });

  it('offers a retry when the methods never loaded', async () => {
    mockConditions(() => 'down');
    renderWithApp(<MethodList side="buy" onSelect={() => {}} />, '/en/');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('wallet-methods-more')).toBeNull();
  });
});
