import { type CurrencyCode, currencyDefinition } from './money.ts';

/**
 * How many decimals a player sees of an amount in each currency. The ledger keeps more (USDT 6,
 * TON 9: see `currencies`), which is right for the books and noise on a screen ("20.000000 USDT").
 * Fiat shows its cents; a crypto coin shows what its default wallet method shows (the operator's
 * crypto methods start from these precisions).
 */
const displayPrecisions: Record<CurrencyCode, number> = {
  USD: 2,
  EUR: 2,
  RUB: 2,
  KZT: 2,
  UAH: 2,
  UZS: 2,
  AZN: 2,
  PLN: 2,
  IDR: 2,
  INR: 2,
  BTC: 8,
  LTC: 6,
  ETH: 6,
  USDT: 2,
  USDC: 2,
  TON: 2,
  TRX: 2,
  SOL: 4,
  NOT: 2,
};

/** Decimals shown for an amount in the currency; an unknown code gets two. */
export function displayPrecision(currency: string): number {
  return Object.hasOwn(displayPrecisions, currency)
    ? displayPrecisions[currency as CurrencyCode]
    : 2;
}

const signedDecimalPattern = /^([-−+]?)(\d+)(?:\.(\d+))?$/;

export interface FormatAmountOptions {
  /** decimals always shown; the currency's display precision unless given (a method's own) */
  precision?: number;
  /** 'always' puts "+" before a positive amount (history lines); zero never gets a sign */
  sign?: 'auto' | 'always';
}

/**
 * A decimal string as a player reads it: thousands grouped with commas, at least `precision`
 * decimals, and any further non-zero decimal up to `maxDecimals` (the ledger scale) kept. A
 * ledger amount is never rounded, so what is shown is the exact amount ("20.000000" → "20.00",
 * "12.345678" → "12.345678", "1234.5" → "1,234.50"); digits past the scale, which no ledger
 * amount has, are cut, never rounded up. A negative amount takes a true minus sign. Text that is
 * not a decimal comes back unchanged.
 */
export function formatAmount(
  value: string,
  precision: number,
  options: { maxDecimals?: number; sign?: 'auto' | 'always' } = {},
) {
  const match = signedDecimalPattern.exec(value.trim());
  if (!match) return value;
  const maxDecimals = Math.max(precision, options.maxDecimals ?? Number.POSITIVE_INFINITY);
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').slice(0, maxDecimals).replace(/0+$/, '');
  const decimals = fraction.length > precision ? fraction : fraction.padEnd(precision, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(whole + fraction);
  const negative = (match[1] === '-' || match[1] === '−') && !isZero;
  const prefix = negative ? '−' : options.sign === 'always' && !isZero ? '+' : '';
  return `${prefix}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/**
 * An amount with its currency, the one way money is shown in the app: "$1,234.50",
 * "1,500.00 ₽", "−20.00 USDT", "0.00012345 BTC". The sign goes before the whole figure
 * ("−$20.00", "+$100.00"); an unknown code follows the figure.
 */
export function formatMoney(
  value: string,
  currency: string,
  options: FormatAmountOptions = {},
): string {
  const definition = currencyDefinition(currency);
  const precision = options.precision ?? displayPrecision(currency);
  const amount = formatAmount(value, precision, {
    maxDecimals: definition?.scale ?? precision,
    sign: options.sign,
  });
  const sign = amount.startsWith('−') || amount.startsWith('+') ? amount.charAt(0) : '';
  const figure = sign ? amount.slice(1) : amount;
  return definition
    ? `${sign}${definition.displayFormat.replace('{amount}', figure)}`
    : `${sign}${figure} ${currency}`;
}

/**
 * A rate as a percentage: "0.025" → "2.5%", "0.03" → "3%". Fees carry their unit, so a rate is
 * never shown as a bare number. Exact on the decimal digits (no float).
 */
export function formatPercentRate(rate: string): string {
  const match = signedDecimalPattern.exec(rate.trim());
  if (!match) return rate;
  const whole = match[2] ?? '0';
  const fraction = match[3] ?? '';
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const split = whole.length + 2;
  const percentWhole = digits.slice(0, split).replace(/^0+(?=\d)/, '');
  const percentFraction = digits.slice(split).replace(/0+$/, '');
  const negative = match[1] === '-' || match[1] === '−';
  return `${negative ? '−' : ''}${percentWhole}${percentFraction ? `.${percentFraction}` : ''}%`;
}

/**
 * A range of amounts in one currency, the unit written once where the format allows:
 * "500 – 100,000 ₽", "$10 – $2,000" (a prefix symbol belongs to each figure).
 */
export function formatMoneyRange(
  min: string,
  max: string,
  currency: string,
  options: Pick<FormatAmountOptions, 'precision'> = {},
): string {
  const definition = currencyDefinition(currency);
  const upper = formatMoney(max, currency, options);
  const unitFollows = definition ? definition.displayFormat.startsWith('{amount}') : true;
  const lower = unitFollows
    ? formatAmount(min, options.precision ?? displayPrecision(currency), {
        maxDecimals: definition?.scale,
      })
    : formatMoney(min, currency, options);
  return `${lower} – ${upper}`;
}
