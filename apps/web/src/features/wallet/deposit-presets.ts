import { defaultDepositAmount, filterAmountPresets } from '@casino/contract';

/**
 * Quick amounts offered above the deposit field, in whole units of the method's currency. The
 * method's limits decide which of them show (wallet spec §5 "Presets are filtered").
 */
const presetsByCurrency: Readonly<Record<string, readonly string[]>> = {
  RUB: ['500', '1000', '2000', '5000', '10000'],
  UAH: ['200', '500', '1000', '2000', '5000'],
  KZT: ['2000', '5000', '10000', '20000', '50000'],
  UZS: ['50000', '100000', '200000', '500000', '1000000'],
  AZN: ['10', '20', '50', '100', '200'],
  PLN: ['20', '50', '100', '200', '500'],
  IDR: ['50000', '100000', '200000', '500000', '1000000'],
  INR: ['500', '1000', '2000', '5000', '10000'],
  USD: ['10', '20', '50', '100', '200'],
  EUR: ['10', '20', '50', '100', '200'],
};

export interface DepositAmountSetup {
  presets: string[];
  defaultAmount: string;
}

export function depositAmountSetup(limits: {
  minAmount: string;
  maxAmount: string;
  currency: string;
}): DepositAmountSetup {
  const all = presetsByCurrency[limits.currency] ?? [];
  return {
    presets: filterAmountPresets(all, limits),
    defaultAmount: defaultDepositAmount(all, limits),
  };
}

/**
 * What the money input keeps of what was typed or pasted: digits, and a decimal point or comma,
 * which the form then refuses (fiat deposits are whole units). Dropping the separator instead
 * turned 12.34 into 1234: a hundred times the amount meant.
 */
export function amountInput(value: string): string {
  return value.replace(/[^\d.,]/g, '').replace(/^0+(?=\d)/, '');
}

/** Whether an amount as typed has a fractional part (a decimal point or comma). */
export function hasFraction(value: string): boolean {
  return /[.,]/.test(value);
}
