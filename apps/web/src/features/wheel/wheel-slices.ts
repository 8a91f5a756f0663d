import {
  applyDisplayFormat,
  currencyDefinition,
  formatMoney,
  formatWheelPrizeLabel,
  isZeroWheelAmount,
  type WheelPrize,
  type WheelSpinResult,
} from '@casino/contract';

export type SliceTone = 'top' | 'even' | 'odd' | 'empty';

export interface WheelSlice {
  key: string;
  label: string;
  tone: SliceTone;
  /** credited as a bonus (the 'other' balance) rather than main money */
  isBonus: boolean;
}

/** An amount in its currency's display format: '$25', '1.5k ₽'; unknown codes follow the figure. */
export function formatPrizeAmount(amount: string, currency: string, short: boolean): string {
  if (!short) return formatMoney(amount, currency);
  const figure = formatWheelPrizeLabel(amount);
  const definition = currencyDefinition(currency);
  return definition
    ? applyDisplayFormat(definition.displayFormat, figure)
    : `${figure} ${currency}`;
}

function amountValue(amount: string): number {
  return Number(amount);
}

/**
 * The drawn slices of prizes already in display order: short labels, the biggest prize in gold,
 * no-prize slices dark, the rest alternating.
 */
export function wheelSlices(prizes: readonly WheelPrize[]): WheelSlice[] {
  const top = Math.max(0, ...prizes.map((prize) => amountValue(prize.amount)));
  return prizes.map((prize, index) => {
    const zero = isZeroWheelAmount(prize.amount);
    let tone: SliceTone = index % 2 === 0 ? 'even' : 'odd';
    if (zero) tone = 'empty';
    else if (top > 0 && amountValue(prize.amount) === top) tone = 'top';
    return {
      // a short list repeats on the logged-out wheel, so the position keeps keys unique
      key: `${index}-${prize.id}`,
      label: formatPrizeAmount(prize.amount, prize.currency, true),
      tone,
      isBonus: prize.balanceType === 'other' && !zero,
    };
  });
}

/**
 * The slice a spin result lands on: the won prize by id, else the first slice of the same amount
 * and balance, else none (the wheel then stops between slices rather than point at a wrong one).
 */
export function sliceIndexForResult(
  prizes: readonly WheelPrize[],
  result: Pick<WheelSpinResult, 'prizeId' | 'amount' | 'balanceType'>,
): number | null {
  const byId = prizes.findIndex((prize) => prize.id === result.prizeId);
  if (byId >= 0) return byId;
  const byAmount = prizes.findIndex(
    (prize) =>
      prize.balanceType === result.balanceType && Number(prize.amount) === Number(result.amount),
  );
  return byAmount >= 0 ? byAmount : null;
}
