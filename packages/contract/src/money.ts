/**
 * Currencies the platform keeps accounts in. `scale` is the ledger scale: amounts are integer
 * minor units (`bigint`) with that many decimal places, and decimal strings on the wire.
 */
export interface CurrencyDefinition {
  code: string;
  name: string;
  scale: number;
  isFiat: boolean;
  /** how an amount is shown; `{amount}` is replaced by the formatted number */
  displayFormat: string;
}

export const currencies = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a display format, not a template literal
  { code: 'USD', name: 'US dollar', scale: 2, isFiat: true, displayFormat: '${amount}' },
  { code: 'EUR', name: 'Euro', scale: 2, isFiat: true, displayFormat: '€{amount}' },
  { code: 'RUB', name: 'Russian ruble', scale: 2, isFiat: true, displayFormat: '{amount} ₽' },
  { code: 'KZT', name: 'Kazakhstani tenge', scale: 2, isFiat: true, displayFormat: '{amount} ₸' },
  { code: 'UAH', name: 'Ukrainian hryvnia', scale: 2, isFiat: true, displayFormat: '{amount} ₴' },
  { code: 'UZS', name: 'Uzbekistani som', scale: 2, isFiat: true, displayFormat: '{amount} soʻm' },
  { code: 'AZN', name: 'Azerbaijani manat', scale: 2, isFiat: true, displayFormat: '{amount} ₼' },
  { code: 'PLN', name: 'Polish złoty', scale: 2, isFiat: true, displayFormat: '{amount} zł' },
  { code: 'IDR', name: 'Indonesian rupiah', scale: 2, isFiat: true, displayFormat: 'Rp {amount}' },
  { code: 'INR', name: 'Indian rupee', scale: 2, isFiat: true, displayFormat: '₹{amount}' },
  { code: 'BTC', name: 'Bitcoin', scale: 8, isFiat: false, displayFormat: '{amount} BTC' },
  { code: 'LTC', name: 'Litecoin', scale: 8, isFiat: false, displayFormat: '{amount} LTC' },
  { code: 'ETH', name: 'Ether', scale: 9, isFiat: false, displayFormat: '{amount} ETH' },
  { code: 'USDT', name: 'Tether', scale: 6, isFiat: false, displayFormat: '{amount} USDT' },
  { code: 'USDC', name: 'USD Coin', scale: 6, isFiat: false, displayFormat: '{amount} USDC' },
  { code: 'TON', name: 'Toncoin', scale: 9, isFiat: false, displayFormat: '{amount} TON' },
  { code: 'TRX', name: 'TRON', scale: 6, isFiat: false, displayFormat: '{amount} TRX' },
  { code: 'SOL', name: 'Solana', scale: 9, isFiat: false, displayFormat: '{amount} SOL' },
  { code: 'NOT', name: 'Notcoin', scale: 9, isFiat: false, displayFormat: '{amount} NOT' },
] as const satisfies readonly CurrencyDefinition[];

export type CurrencyCode = (typeof currencies)[number]['code'];
export const currencyCodes = currencies.map((currency) => currency.code) as [
  CurrencyCode,
  ...CurrencyCode[],
];

/** Currencies a player may choose as primary (the balance popover's switch). */
export const primaryCurrencyCodes = currencies
  .filter((currency) => currency.isFiat)
  .map((currency) => currency.code);

/** Whether `value` is one of the platform's currency codes (`currencyCodeSchema`, without zod). */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return (currencyCodes as readonly string[]).includes(value);
}

export function currencyDefinition(code: string): CurrencyDefinition | undefined {
  return currencies.find((currency) => currency.code === code);
}

/** The scale a screen reads an amount at when its currency is not listed: cents. */
export const unlistedCurrencyScale = 2;

/**
 * A currency's ledger scale: how many decimal places its minor units keep (USD 2, BTC 8, ETH 9).
 * A code that is not listed is an error (RangeError), since money must never be read at a
 * guessed scale; a screen that has to show whatever the server sent passes `fallback`, the
 * scale to use for a code it does not know.
 */
export function currencyScale(code: string, fallback?: number): number {
  const definition = currencyDefinition(code);
  if (definition) return definition.scale;
  if (fallback !== undefined) return fallback;
  throw new RangeError(`unknown currency ${code}`);
}

/** A decimal money string: digits, no leading zero, an optional fraction. */
export const decimalPattern = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/** Largest amount in minor units the platform accepts anywhere (fits PostgreSQL BIGINT). */
export const maxMinorUnits = 9_223_372_036_854_775_807n;

/**
 * Parses a plain non-negative decimal string ("12", "12.5", "0.000001") into minor units of the
 * given scale. Returns null for anything else: signs, exponents, spaces, more decimals than the
 * scale, or values beyond BIGINT.
 */
export function parseDecimalToMinor(value: string, scale: number): bigint | null {
  const match = decimalPattern.exec(value);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return null;
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return minor > maxMinorUnits ? null : minor;
}

/** Minor units to a decimal string with exactly `scale` decimals ("1234" at scale 2 → "12.34"). */
export function formatMinorToDecimal(minor: bigint, scale: number): string {
  if (!Number.isInteger(scale) || scale < 0) {
    throw new RangeError(`scale must be a whole number of digits, got ${scale}`);
  }
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const digits = absolute.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Puts a formatted number into a currency's display format ("{amount} ₽" → "1 200.00 ₽"). */
export function applyDisplayFormat(displayFormat: string, amount: string): string {
  return displayFormat.replace('{amount}', amount);
}
