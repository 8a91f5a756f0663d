// @vitest-environment happy-dom
import type { FiatPaymentMethod } from '@casino/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { FiatDepositForm } from './fiat-deposit-form';

afterEach(cleanup);

const card: FiatPaymentMethod = {
  id: 'visa-mastercard-usd',
  name: 'Visa / Mastercard',
  method: 'p2p',
  icon: '',
  iconBig: '',
  label: 'Visa / Mastercard',
  currency: 'USD',
  buy: {
    minAmount: '10',
    maxAmount: '5000',
    priority: 1,
    multiplyOrdersAllowed: false,
    externalDetailsFields: { required: [], optional: [] },
  },
  sell: null,
};

function renderForm() {
  initI18n('en');
  const onContinue = vi.fn<(amount: string) => void>();
  render(<FiatDepositForm method={card} onContinue={onContinue} isSubmitting={false} />);
  return onContinue;
}

async function type(value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value } });
  });
}

async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByLabelText('Amount').closest('form') as HTMLFormElement);
  });
}

describe('FiatDepositForm takes whole amounts', () => {
  it('refuses 12.34 with its reason instead of reading it as 1234', async () => {
    const onContinue = renderForm();
    await type('12.34');
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '12.34');
    await submit();
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.getByText('Whole amounts only, without cents')).toBeTruthy();
  });

  it('sends a whole amount, spaces and the currency sign dropped', async () => {
    const onContinue = renderForm();
    await type('1 500 $');
    await submit();
    expect(onContinue).toHaveBeenCalledWith('1500');
  });
});
