import {
  type CryptoMethod,
  type CryptoMethodCode,
  cryptoBonusLabel,
  formatMinorToDecimal,
  parseDecimalToMinor,
} from '@casino/contract';

/** Withdrawals list only the methods the operator allows paying out (wallet spec §3). */
export function cryptoMethodsForSide(
  methods: readonly CryptoMethod[],
  side: 'buy' | 'sell',
): CryptoMethod[] {
  return side === 'buy' ? [...methods] : methods.filter((method) => method.withdrawAllowed);
}

/** Spec §9: '+5%' when the method carries a deposit bonus, else null. */
export function cryptoDepositBonusBadge(
  method: Pick<CryptoMethod, 'depositBonusAvailable' | 'depositBonus'>,
): string | null {
  return method.depositBonusAvailable && method.depositBonus > 0
    ? cryptoBonusLabel(method.depositBonus)
    : null;
}

/**
 * A decimal string at exactly `precision` decimals. Extra decimals round up: a minimum shown at
 * the method's precision must never read below the real one.
 */
export function formatCryptoAmount(value: string, precision: number): string {
  const [, fraction = ''] = value.split('.');
  const scale = Math.max(fraction.length, precision);
  const minor = parseDecimalToMinor(value, scale);
  if (minor === null) return value;
  const step = 10n ** BigInt(scale - precision);
  const rounded = (minor + step - 1n) / step;
  return formatMinorToDecimal(rounded, precision);
}

/** The amount as typed, in units of the method's precision; null when it is not a plain decimal. */
export function parseCryptoAmount(value: string, precision: number): bigint | null {
  return parseDecimalToMinor(value.trim(), precision);
}

/** Keeps what may become a decimal: digits and one separator (a comma counts as the point). */
export function decimalInput(value: string, precision: number): string {
  const normalized = value.replace(',', '.').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = normalized.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  if (rest.length === 0 || precision === 0) return trimmedWhole;
  return `${trimmedWhole || '0'}.${rest.join('').slice(0, precision)}`;
}

export interface FieldProblem {
  message: string;
  params?: Record<string, string>;
}

/** Spec §5: required unless the crypto-bot pays out; then the method's address format. */
export function cryptoAddressProblem(
  address: string,
  method: Pick<CryptoMethod, 'addressFormat'>,
): FieldProblem | null {
  const value = address.trim();
  if (value === '') return { message: 'Validation.required' };
  let format: RegExp;
  try {
    format = new RegExp(method.addressFormat);
  } catch {
    // A pattern the browser cannot compile is left to the server, which checks every address.
    return null;
  }
  return format.test(value) ? null : { message: 'Validation.invalid_address' };
}

export interface CryptoAmountLimits {
  minAmount: string;
  maxAmount: string;
}

/**
 * Spec §5 "Crypto withdraw": the amount lies within the fee lookup's minAmount and maxAmount at
 * the method's precision (messages with amount and currency).
 */
export function cryptoAmountProblem(
  amount: string,
  limits: CryptoAmountLimits,
  method: Pick<CryptoMethod, 'precision' | 'asset'>,
): FieldProblem | null {
  const value = parseCryptoAmount(amount, method.precision);
  if (value === null || value <= 0n) return { message: 'Validation.invalid_amount' };
  const minimumText = formatCryptoAmount(limits.minAmount, method.precision);
  const minimum = parseDecimalToMinor(minimumText, method.precision);
  if (minimum !== null && value < minimum) {
    return {
      message: 'Validation.minimum_amount',
      params: { amount: minimumText, currency: method.asset },
    };
  }
  const maximum = truncatedMinor(limits.maxAmount, method.precision);
  if (maximum !== null && value > maximum) {
    return {
      message: 'Validation.maximum_amount',
      params: {
        amount: formatMinorToDecimal(maximum, method.precision),
        currency: method.asset,
      },
    };
  }
  return null;
}

/** A maximum with more decimals than the precision rounds down: never offer more than there is. */
function truncatedMinor(value: string, precision: number): bigint | null {
  const [whole = '', fraction = ''] = value.split('.');
  return parseDecimalToMinor(
    fraction.length > precision ? `${whole}.${fraction.slice(0, precision)}` : value,
    precision,
  );
}

/** Spec §9: TON and the jettons a TON wallet can send (USDT on TON, NOT) top up via the wallet. */
export function paysWithTonWallet(
  method: Pick<CryptoMethod, 'code' | 'additionalProviders'>,
  tonWalletMethods: readonly CryptoMethodCode[],
): boolean {
  return (
    method.additionalProviders.includes('ton_connect') && tonWalletMethods.includes(method.code)
  );
}

/** The crypto-bot deposit and withdrawal exist for methods that name it as a provider. */
export function paysWithCryptoBot(method: Pick<CryptoMethod, 'additionalProviders'>): boolean {
  return method.additionalProviders.includes('cryptobot');
}
