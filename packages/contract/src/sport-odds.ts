/**
 * Odds formats a player may choose: the feed and the server keep decimal odds as strings on the
 * ladder ("1.85"); the browser shows them as decimal, fractional ("17/20") or American ("-118").
 */

export const oddsFormats = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof oddsFormats)[number];

const decimalOddsPattern = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** Decimal odds in hundredths ("1.85" → 185); throws on anything that is not odds of 1.01 or more. */
function hundredthsOf(decimalOdds: string): number {
  const match = decimalOddsPattern.exec(decimalOdds);
  if (match === null) throw new Error(`not decimal odds: "${decimalOdds}"`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const hundredths = whole * 100 + fraction;
  if (hundredths < 101) throw new Error(`decimal odds below 1.01: "${decimalOdds}"`);
  return hundredths;
}

/**
 * The fractions bookmakers print for common prices instead of the exact one (1.91 is 10/11, not
 * 91/100; 1.67 is 4/6, 2.5 is 6/4 by the UK habit).
 */
const traditionalFractions: ReadonlyMap<number, string> = new Map([
  [105, '1/20'],
  [110, '1/10'],
  [111, '1/9'],
  [112, '1/8'],
  [114, '1/7'],
  [117, '1/6'],
  [118, '2/11'],
  [120, '1/5'],
  [122, '2/9'],
  [125, '1/4'],
  [129, '2/7'],
  [130, '3/10'],
  [133, '1/3'],
  [136, '4/11'],
  [140, '2/5'],
  [144, '4/9'],
  [147, '40/85'],
  [150, '1/2'],
  [153, '8/15'],
  [157, '4/7'],
  [160, '3/5'],
  [162, '8/13'],
  [167, '4/6'],
  [173, '8/11'],
  [175, '3/4'],
  [180, '4/5'],
  [183, '5/6'],
  [187, '7/8'],
  [190, '9/10'],
  [191, '10/11'],
  [195, '20/21'],
  [200, '1/1'],
  [205, '21/20'],
  [210, '11/10'],
  [220, '6/5'],
  [225, '5/4'],
  [238, '11/8'],
  [240, '7/5'],
  [250, '6/4'],
  [262, '13/8'],
  [263, '13/8'],
  [275, '7/4'],
  [288, '15/8'],
  [300, '2/1'],
  [325, '9/4'],
  [333, '7/3'],
  [350, '5/2'],
  [375, '11/4'],
  [400, '3/1'],
  [433, '10/3'],
  [450, '7/2'],
  [500, '4/1'],
  [550, '9/2'],
  [600, '5/1'],
  [650, '11/2'],
  [700, '6/1'],
  [750, '13/2'],
  [800, '7/1'],
  [850, '15/2'],
  [900, '8/1'],
  [1000, '9/1'],
  [1100, '10/1'],
]);

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** "1.85" → "17/20"; the usual fraction for common prices, else the exact one reduced. */
export function decimalToFractional(decimalOdds: string): string {
  const hundredths = hundredthsOf(decimalOdds);
  const traditional = traditionalFractions.get(hundredths);
  if (traditional !== undefined) return traditional;
  const profit = hundredths - 100;
  const divisor = greatestCommonDivisor(profit, 100);
  return `${profit / divisor}/${100 / divisor}`;
}

/** "2.50" → "+150", "1.50" → "-200", "2.00" → "+100" (the profit on 100, or the stake to win 100). */
export function decimalToAmerican(decimalOdds: string): string {
  const hundredths = hundredthsOf(decimalOdds);
  const profit = hundredths - 100;
  if (profit >= 100) return `+${profit}`;
  return `-${Math.round(10_000 / profit)}`;
}

/** Decimal odds as the player chose to see them. */
export function formatOdds(decimalOdds: string, format: OddsFormat): string {
  switch (format) {
    case 'decimal':
      return (hundredthsOf(decimalOdds) / 100).toFixed(2);
    case 'fractional':
      return decimalToFractional(decimalOdds);
    case 'american':
      return decimalToAmerican(decimalOdds);
  }
}
