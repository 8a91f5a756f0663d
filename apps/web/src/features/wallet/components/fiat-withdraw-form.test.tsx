// @vitest-environment happy-dom
import type { CreateSellOrderBody, FiatPaymentMethod } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { FiatWithdrawForm } from './fiat-withdraw-form';

beforeEach(() => {
  // no saved details: the form starts empty
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function method(
  overrides: Pick<FiatPaymentMethod, 'id' | 'name' | 'method'>,
  required: NonNullable<FiatPaymentMethod['sell']>['externalDetailsFields']['required'],
): FiatPaymentMethod {
  return {
    icon: '',
    iconBig: '',
    label: overrides.name,
    currency: 'RUB',
    buy: null,
    sell: {
      minAmount: '200',
      maxAmount: '15000',
      levels: [],
      subbanks: [],
      priority: 1,
      externalDetailsFields: { required, optional: [] },
    },
    ...overrides,
  };
}

function renderForm(subject: FiatPaymentMethod) {
  initI18n('en');
  setAuthToken('test-token');
  const onSubmit = vi.fn<(draft: CreateSellOrderBody) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <FiatWithdrawForm method={subject} balance={null} draft={null} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /withdraw/i }));
  });
}

describe('FiatWithdrawForm follows the withdrawal conditions', () => {
  it('asks Steam for the Steam login the conditions require, and sends it as the name', async () => {
    // the server's conditions for Steam: the name (the Steam login) is required
    const onSubmit = renderForm(
      method({ id: 'steam-rub', name: 'Steam', method: 'others' }, ['name']),
    );
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Steam login').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Steam login'), { target: { value: 'gabe_n' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      amount: '500',
      bankId: 'steam-rub',
      details: { name: 'gabe_n' },
    });
  });

  it('shows the fee with its unit and its rate', () => {
    const steam = method({ id: 'steam-rub', name: 'Steam', method: 'others' }, ['name']);
    renderForm({
      ...steam,
      sell: steam.sell && { ...steam.sell, levels: [{ from: '0', rate: '0.05' }] },
    });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    expect(screen.getByTestId('wallet-withdraw-fee').textContent).toBe('25.00 ₽');
    expect(screen.getByTestId('wallet-withdraw-fee-rate').textContent).toBe(' · 5%');
    expect(screen.getByRole('button', { name: 'Withdraw 500.00 ₽' })).toBeTruthy();
  });

  it('asks a p2p method for the card it pays out to, even when the operator listed nothing', async () => {
    const onSubmit = renderForm(method({ id: 'sber-rub', name: 'Sberbank', method: 'p2p' }, []));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Recipient name'), { target: { value: 'Anna' } });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Card number'), {
      target: { value: '4111 1111 1111 1111' },
    });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      amount: '500',
      bankId: 'sber-rub',
      details: { name: 'Anna', card: '4111111111111111' },
    });
  });

  it('needs no name for BLIK, only what its conditions list', async () => {
    const onSubmit = renderForm(
      method({ id: 'blik-pln', name: 'BLIK', method: 'blik' }, ['phone']),
    );
    expect(screen.queryByLabelText('Recipient name')).toBeNull();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+48501234567' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      amount: '500',
      bankId: 'blik-pln',
      details: { phone: '+48501234567' },
    });
  });
});
