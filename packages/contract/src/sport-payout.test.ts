import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullCoverBets, ticketLines } from './sport-bet-rules.ts';
import {
  legFactor,
  potentialPayoutMinor,
  settledLegStatus,
  settleTicket,
  type TicketLeg,
} from './sport-payout.ts';

/**
 * An independent evaluator: reduced rationals, lines enumerated as bit masks (not the
 * implementation's recursive combinations), leg factors from the result's definition, and
 * "decided" as "no way the open legs could still end changes any line's exact value".
 */
class Rational {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint, d = 1n) {
    this.n = n;
    this.d = d;
  }
  times(other: Rational): Rational {
    return new Rational(this.n * other.n, this.d * other.d);
  }
  plus(other: Rational): Rational {
    return new Rational(this.n * other.d + other.n * this.d, this.d * other.d);
  }
  minus(other: Rational): Rational {
    return new Rational(this.n * other.d - other.n * this.d, this.d * other.d);
  }
  floor(): bigint {
    return this.n / this.d;
  }
  equals(other: Rational): boolean {
    return this.n * other.d === other.n * this.d;
  }
}

/** A leg as the generator draws it: odds in 1/10⁴, void in halves, dead heat in 1/10⁸. */
interface DrawnLeg {
  oddsUnits: number;
  open: boolean;
  won: boolean;
  voidHalves: 0 | 1 | 2;
  deadHeatUnits: number;
}

const one = new Rational(1n);

function referenceFactor(leg: DrawnLeg, won: boolean): Rational {
  const v = new Rational(BigInt(leg.voidHalves), 2n);
  if (!won) return v;
  const odds = new Rational(BigInt(leg.oddsUnits), 10_000n);
  const deadHeat = new Rational(BigInt(leg.deadHeatUnits), 100_000_000n);
  return v.plus(one.minus(v).times(odds).times(deadHeat));
}

function masksOf(n: number, folds: readonly number[]): number[] {
  const masks: number[] = [];
  for (let mask = 1; mask < 1 << n; mask += 1) {
    let bits = 0;
    for (let i = 0; i < n; i += 1) if (mask & (1 << i)) bits += 1;
    if (folds.includes(bits)) masks.push(mask);
  }
  return masks;
}

function referenceLineValues(
  unit: bigint,
  legs: readonly DrawnLeg[],
  masks: readonly number[],
  factorOf: (index: number) => Rational,
): Rational[] {
  return masks.map((mask) => {
    let value = new Rational(unit);
    legs.forEach((_, index) => {
      if (mask & (1 << index)) value = value.times(factorOf(index));
    });
    return value;
  });
}

function referenceStatus(legs: readonly DrawnLeg[], payout: bigint): string {
  if (payout === 0n) return 'lost';
  const settled = legs.filter((leg) => !leg.open);
  if (settled.length === legs.length && settled.every((leg) => leg.voidHalves === 2)) return 'void';
  const paying = settled.filter((leg) => leg.voidHalves !== 2 && (leg.won || leg.voidHalves === 1));
  if (paying.some((leg) => leg.voidHalves === 1 && !leg.won)) return 'half_lost';
  if (paying.some((leg) => leg.voidHalves === 1 && leg.won)) return 'half_won';
  return 'won';
}

function reference(unit: bigint, legs: readonly DrawnLeg[], folds: readonly number[]) {
  const masks = masksOf(legs.length, folds);
  const openIndices = legs.flatMap((leg, index) => (leg.open ? [index] : []));
  // every way the open legs could end (lost, or won at 2.0): decided when no line's exact
  // value depends on it
  let first: Rational[] | null = null;
  for (let outcome = 0; outcome < 1 << openIndices.length; outcome += 1) {
    const values = referenceLineValues(unit, legs, masks, (index) => {
      const leg = legs[index] as DrawnLeg;
      if (!leg.open) return referenceFactor(leg, leg.won);
      const wins = (outcome >> openIndices.indexOf(index)) & 1;
      return wins ? new Rational(2n) : new Rational(0n);
    });
    if (first === null) first = values;
    else if (values.some((value, line) => !value.equals(first?.[line] as Rational))) {
      return { decided: false as const };
    }
  }
  const payoutMinor = (first ?? []).reduce((sum, value) => sum + value.floor(), 0n);
  return { decided: true as const, payoutMinor, status: referenceStatus(legs, payoutMinor) };
}

function decimal(units: number, scale: number): string {
  const text = units.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

function ticketLeg(leg: DrawnLeg): TicketLeg {
  const odds = decimal(leg.oddsUnits, 4);
  if (leg.open) return { status: 'open', odds };
  const voidFactor = ['0', '0.5', '1.00'][leg.voidHalves] as string;
  return {
    status: settledLegStatus(leg.won ? 'won' : 'lost', voidFactor),
    odds,
    voidFactor,
    deadHeatFactor: decimal(leg.deadHeatUnits, 8),
  };
}

const drawnLeg = (openAllowed: boolean): fc.Arbitrary<DrawnLeg> =>
  fc.record({
    oddsUnits: fc.oneof(
      fc.integer({ min: 10_001, max: 40_000 }),
      fc.integer({ min: 10_001, max: 5_000_000 }),
    ),
    open: openAllowed ? fc.boolean() : fc.constant(false),
    won: fc.boolean(),
    voidHalves: fc.constantFrom<0 | 1 | 2>(0, 0, 0, 1, 2),
    deadHeatUnits: fc.oneof(
      fc.constant(100_000_000),
      fc.constant(50_000_000),
      fc.constant(33_333_333),
      fc.integer({ min: 1, max: 100_000_000 }),
    ),
  });

/** A ticket type: its folds for n legs. */
const ticketShape = fc.oneof(
  fc.constant({ n: 1, folds: [1] }),
  fc.integer({ min: 2, max: 8 }).map((n) => ({ n, folds: [n] })),
  fc
    .integer({ min: 3, max: 7 })
    .chain((n) => fc.integer({ min: 2, max: n - 1 }).map((k) => ({ n, folds: [k] }))),
  fc.constantFrom(
    ...Object.values(fullCoverBets).map((bet) => ({ n: bet.selections, folds: [...bet.folds] })),
  ),
);

const ticket = (openAllowed: boolean) =>
  ticketShape.chain(({ n, folds }) =>
    fc.record({
      folds: fc.constant(folds),
      legs: fc.array(drawnLeg(openAllowed), { minLength: n, maxLength: n }),
      unit: fc.oneof(fc.bigInt({ min: 1n, max: 1_000n }), fc.bigInt({ min: 1n, max: 10n ** 12n })),
    }),
  );

describe('settleTicket', () => {
  it('pays every single, accumulator, system and full cover like the brute-force evaluator', () => {
    fc.assert(
      fc.property(ticket(false), ({ folds, legs, unit }) => {
        const stake = unit * BigInt(ticketLines(legs.length, folds));
        const expected = reference(unit, legs, folds);
        expect(settleTicket(stake, folds, legs.map(ticketLeg))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('decides a ticket exactly when no open leg can change what it pays', () => {
    fc.assert(
      fc.property(ticket(true), ({ folds, legs, unit }) => {
        const stake = unit * BigInt(ticketLines(legs.length, folds));
        const expected = reference(unit, legs, folds);
        expect(settleTicket(stake, folds, legs.map(ticketLeg))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('pays the potential payout when every leg wins plainly', () => {
    fc.assert(
      fc.property(ticket(false), ({ folds, legs, unit }) => {
        const stake = unit * BigInt(ticketLines(legs.length, folds));
        const odds = legs.map((leg) => decimal(leg.oddsUnits, 4));
        const won = odds.map(
          (price): TicketLeg => ({
            status: 'won',
            odds: price,
            voidFactor: '0',
            deadHeatFactor: '1',
          }),
        );
        const settled = settleTicket(stake, folds, won);
        expect(settled).toMatchObject({ decided: true, status: 'won' });
        expect(settled.decided && settled.payoutMinor).toBe(
          potentialPayoutMinor(stake, odds, folds),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('pays back exactly the stake when every leg is void', () => {
    fc.assert(
      fc.property(ticket(false), ({ folds, legs, unit }) => {
        const stake = unit * BigInt(ticketLines(legs.length, folds));
        const voided = legs.map(
          (leg): TicketLeg => ({
            status: 'void',
            odds: decimal(leg.oddsUnits, 4),
            voidFactor: '1',
            deadHeatFactor: '1',
          }),
        );
        expect(settleTicket(stake, folds, voided)).toEqual({
          decided: true,
          payoutMinor: stake,
          status: 'void',
        });
      }),
      { numRuns: 400 },
    );
  });
});

const won = (odds: string, deadHeatFactor = '1'): TicketLeg => ({
  status: 'won',
  odds,
  voidFactor: '0',
  deadHeatFactor,
});
const lost = (odds: string): TicketLeg => ({
  status: 'lost',
  odds,
  voidFactor: '0',
  deadHeatFactor: '1',
});
const voided = (odds: string): TicketLeg => ({
  status: 'void',
  odds,
  voidFactor: '1',
  deadHeatFactor: '1',
});

describe('settleTicket, checked by hand', () => {
  it('a Yankee with one void leg: 6 doubles, 4 trebles and the four-fold at 1.00 each', () => {
    const yankee = fullCoverBets.yankee.folds;
    // a=2, b=3, c=1.5, d void (1): doubles 6+3+2+4.5+3+1.5 = 20, trebles 9+6+3+4.5 = 22.5,
    // four-fold 9: 51.5 per unit of 1.00
    expect(
      settleTicket(1_100n, yankee, [won('2.00'), won('3.00'), won('1.50'), voided('4.00')]),
    ).toEqual({ decided: true, payoutMinor: 5_150n, status: 'won' });
  });

  it('a Lucky 15 with a dead heat and a loser', () => {
    const lucky15 = fullCoverBets.lucky15.folds;
    // a=2, b=5 at a dead heat of ½ (2.5), c lost, d=3: singles 2+2.5+3, doubles 5+6+7.5,
    // treble abd 15, every line with c pays 0: 41 per unit of 1.00
    expect(
      settleTicket(1_500n, lucky15, [won('2.00'), won('5.00', '0.5'), lost('1.80'), won('3.00')]),
    ).toEqual({ decided: true, payoutMinor: 4_100n, status: 'won' });
  });

  it('quarter lines: half won pays half back and half at the odds, half lost half back', () => {
    const halfWon: TicketLeg = {
      status: 'half_won',
      odds: '1.90',
      voidFactor: '0.5',
      deadHeatFactor: '1',
    };
    const halfLost: TicketLeg = { ...halfWon, status: 'half_lost' };
    expect(settleTicket(1_000n, [1], [halfWon])).toEqual({
      decided: true,
      payoutMinor: 1_450n,
      status: 'half_won',
    });
    expect(settleTicket(1_000n, [1], [halfLost])).toEqual({
      decided: true,
      payoutMinor: 500n,
      status: 'half_lost',
    });
    // an accumulator with a half-lost leg: 10.00 × 0.5 × 2.00
    expect(settleTicket(1_000n, [2], [halfLost, won('2.00')])).toEqual({
      decided: true,
      payoutMinor: 1_000n,
      status: 'half_lost',
    });
  });

  it('rounds down once per line, not per leg', () => {
    // 1.00 × 1.33³ = 2.352637
    expect(settleTicket(100n, [3], [won('1.33'), won('1.33'), won('1.33')])).toEqual({
      decided: true,
      payoutMinor: 235n,
      status: 'won',
    });
  });

  it('a lost leg settles an accumulator at once; a system waits for lines that can still win', () => {
    const open: TicketLeg = { status: 'open', odds: '2.00' };
    expect(settleTicket(100n, [3], [lost('2.00'), open, open])).toEqual({
      decided: true,
      payoutMinor: 0n,
      status: 'lost',
    });
    expect(settleTicket(300n, [2], [lost('2.00'), won('2.00'), open])).toEqual({
      decided: false,
    });
    // 2 of 3 with two losers: every line has one
    expect(settleTicket(300n, [2], [lost('2.00'), lost('2.00'), open])).toEqual({
      decided: true,
      payoutMinor: 0n,
      status: 'lost',
    });
  });
});

describe('legs', () => {
  it('takes its status from the result and the void factor', () => {
    expect(settledLegStatus('won', '0')).toBe('won');
    expect(settledLegStatus('lost', '0.00')).toBe('lost');
    expect(settledLegStatus('won', '0.50')).toBe('half_won');
    expect(settledLegStatus('lost', '0.5')).toBe('half_lost');
    expect(settledLegStatus('won', '1')).toBe('void');
    expect(settledLegStatus('lost', '1.00')).toBe('void');
    expect(() => settledLegStatus('won', '0.25')).toThrow();
  });

  it('has the factor v + (1 − v) × odds × dead heat when won', () => {
    const factor = legFactor({
      status: 'half_won',
      odds: '3.00',
      voidFactor: '0.5',
      deadHeatFactor: '0.5',
    });
    // 0.5 + 0.5 × 3 × 0.5 = 1.25
    expect(factor.numerator * 4n).toBe(factor.denominator * 5n);
  });
});
