// @vitest-environment happy-dom
import type { CreateSellOrderBody, FiatPaymentMethod } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../../lib/auth-token';
import { initI18n } from '../../../lib/i18n';
import { FiatWithdrawForm } from './fiat-withdraw-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The demo Steam method: a payout to a Steam account, whose login is its required `name`. */
const steam: FiatPaymentMethod = {
  id: 'steam-rub',
  name: 'Steam',
  icon: '/methods/steam.svg',
  iconBig: '/methods/steam-big.svg',
  label: 'Steam',
  method: 'others',
  currency: 'RUB',
  buy: null,
  sell: {
    minAmount: '200',
    maxAmount: '15000',
    priority: 10,
    levels: [{ from: '0', rate: '0.05' }],
    subbanks: [],
    externalDetailsFields: { required: ['name'], optional: [] },
  },
};

function renderForm(onSubmit: (draft: CreateSellOrderBody) => void) {
  initI18n('en');
  setAuthToken('test-token');
  // no saved details for the method
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <FiatWithdrawForm
          method={steam}
          balance={{ value: '1000.00', currency: 'RUB' }}
          draft={null}
          onSubmit={onSubmit}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Steam withdrawal form', () => {
  it('asks for the Steam login the method requires and sends it as the name', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const login = screen.getByLabelText('Steam login');
    // no separate recipient name: Steam does not need one (spec §5)
    expect(screen.queryByLabelText('Recipient name')).toBeNull();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    expect(screen.getByTestId('wallet-withdraw-fee').textContent).toBe('25.00 ₽');
    expect(screen.getByTestId('wallet-withdraw-fee-rate').textContent).toBe(' · 5%');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw 500.00 ₽' }));
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required')).toBeTruthy();

    fireEvent.change(login, { target: { value: 'ivan_petrov_91' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw 500.00 ₽' }));
    });
    expect(onSubmit).toHaveBeenCalledWith({
      amount: '500',
      bankId: 'steam-rub',
      details: { name: 'ivan_petrov_91' },
    });
  });
});
