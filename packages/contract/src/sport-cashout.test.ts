import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CashoutLeg,
  cashoutQuoteMinor,
  compareFractions,
  exactDecimal,
  fairValue,
  partialCashoutStakes,
  settledLegFactor,
  winProbability,
} from './sport-cashout.ts';
import { type Fraction, potentialPayoutMinor } from './sport-payout.ts';

/** Decimal odds from their ×10⁴ integer (10_100 → "1.0100"). */
const oddsText = (scaled: number) =>
  `${Math.floor(scaled / 10_000)}.${String(scaled % 10_000).padStart(4, '0')}`;
const oddsArbitrary = fc.integer({ min: 10_100, max: 200_000 }).map(oddsText);

const market = fc
  .array(oddsArbitrary, { minLength: 2, maxLength: 6 })
  .chain((prices) =>
    fc.record({ prices: fc.constant(prices), selected: fc.nat({ max: prices.length - 1 }) }),
  );

const probability = fc
  .tuple(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 1_000 }))
  .map(([won, extra]): Fraction => ({ numerator: BigInt(won), denominator: BigInt(won + extra) }));

const settledLeg = fc.oneof(
  fc.record({
    status: fc.constant('won' as const),
    odds: oddsArbitrary,
    voidFactor: fc.constant('0'),
    deadHeatFactor: fc.constantFrom('1', '0.5', '0.33333333', '0.25'),
  }),
  fc.record({
    status: fc.constant('void' as const),
    odds: oddsArbitrary,
    voidFactor: fc.constant('1'),
    deadHeatFactor: fc.constant('1'),
  }),
  fc.record({
    status: fc.constant('half_won' as const),
    odds: oddsArbitrary,
    voidFactor: fc.constant('0.5'),
    deadHeatFactor: fc.constant('1'),
  }),
  fc.record({
    status: fc.constant('half_lost' as const),
    odds: oddsArbitrary,
    voidFactor: fc.constant('0.5'),
    deadHeatFactor: fc.constant('1'),
  }),
);

const openLeg = fc.record({
  status: fc.constant('open' as const),
  odds: oddsArbitrary,
  winProbability: probability,
});

const legs = fc.array(fc.oneof(openLeg, settledLeg), { minLength: 1, maxLength: 8 });
const stake = fc.bigInt({ min: 1n, max: 10_000_000n });
const margin = fc.integer({ min: 0, max: 2_000 });

function quote(stakeMinor: bigint, ticketLegs: CashoutLeg[], marginBasisPoints: number) {
  const payout = potentialPayoutMinor(
    stakeMinor,
    ticketLegs.map((leg) => leg.odds),
    [ticketLegs.length],
  );
  if (payout === null) throw new Error('one line always divides');
  const amount = cashoutQuoteMinor({
    type: ticketLegs.length === 1 ? 'single' : 'accumulator',
    stakeMinor,
    potentialPayoutMinor: payout,
    legs: ticketLegs,
    marginBasisPoints,
  });
  if (amount === null) throw new Error('singles and accumulators are quoted');
  return { amount, payout };
}

const floorOf = (value: Fraction) => value.numerator / value.denominator;

describe('winProbability', () => {
  it('removes the margin: a market’s probabilities sum to 1, each between 0 and 1', () => {
    fc.assert(
      fc.property(market, ({ prices }) => {
        let sum: Fraction = { numerator: 0n, denominator: 1n };
        for (const price of prices) {
          const p = winProbability(price, prices);
          expect(p.numerator > 0n && p.numerator <= p.denominator).toBe(true);
          sum = {
            numerator: sum.numerator * p.denominator + p.numerator * sum.denominator,
            denominator: sum.denominator * p.denominator,
          };
        }
        expect(sum.numerator).toBe(sum.denominator);
      }),
    );
  });

  it('gives an even two-way market 1/2 and a 1X2 its normalised shares', () => {
    expect(winProbability('1.90', ['1.90', '1.90'])).toEqual({ numerator: 1n, denominator: 2n });
    // 1/2 : 1/4 : 1/4 of implied 0.5 + 0.25 + 0.25 = 1 (no margin): unchanged
    expect(winProbability('2.00', ['2.00', '4.00', '4.00'])).toEqual({
      numerator: 1n,
      denominator: 2n,
    });
    // 1/1.5 : 1/2.5 = 0.6667 : 0.4 → 0.625 : 0.375
    expect(winProbability('2.50', ['1.50', '2.50'])).toEqual({ numerator: 3n, denominator: 8n });
  });

  it('refuses an outcome that is not among its market’s prices', () => {
    expect(() => winProbability('3.00', ['1.90', '1.90'])).toThrow();
  });
});

describe('settledLegFactor', () => {
  it('follows the feed’s factors: won odds × dhf, void 1, half won, half lost', () => {
    const leg = { odds: '2.40', voidFactor: '0', deadHeatFactor: '1' };
    expect(settledLegFactor({ ...leg, status: 'won' })).toEqual(exactDecimal('2.4'));
    expect(settledLegFactor({ ...leg, status: 'won', deadHeatFactor: '0.5' })).toEqual(
      exactDecimal('1.2'),
    );
    expect(settledLegFactor({ ...leg, status: 'void', voidFactor: '1' })).toEqual(
      exactDecimal('1'),
    );
    expect(settledLegFactor({ ...leg, status: 'half_won', voidFactor: '0.5' })).toEqual(
      exactDecimal('1.7'),
    );
    expect(settledLegFactor({ ...leg, status: 'half_lost', voidFactor: '0.5' })).toEqual(
      exactDecimal('0.5'),
    );
    expect(settledLegFactor({ ...leg, status: 'lost' })).toEqual(exactDecimal('0'));
  });
});

describe('cashoutQuoteMinor', () => {
  it('values a single at stake × odds × p, less the margin (a hand-computed case)', () => {
    // 10.00 at 2.00 on an even two-way market now 1.90/1.90: fair 10.00, 5 % margin → 9.50
    const legs: CashoutLeg[] = [
      { status: 'open', odds: '2.00', winProbability: winProbability('1.90', ['1.90', '1.90']) },
    ];
    expect(quote(1_000n, legs, 500)).toEqual({ amount: 950n, payout: 2_000n });
    // an accumulator with a won leg at 1.50: 10.00 × 1.5 × 2 × 1/2 = 15.00 → 14.25
    const accumulator: CashoutLeg[] = [
      { status: 'won', odds: '1.50', voidFactor: '0', deadHeatFactor: '1' },
      ...legs,
    ];
    expect(quote(1_000n, accumulator, 500)).toEqual({ amount: 1_425n, payout: 3_000n });
  });

  it('is not offered on a system', () => {
    expect(
      cashoutQuoteMinor({
        type: 'system',
        stakeMinor: 300n,
        potentialPayoutMinor: 900n,
        legs: [],
        marginBasisPoints: 500,
      }),
    ).toBeNull();
  });

  it('is monotone in each open leg’s probability', () => {
    fc.assert(
      fc.property(
        legs,
        stake,
        margin,
        fc.nat(),
        fc.integer({ min: 1, max: 1_000 }),
        (ticketLegs, stakeMinor, marginBasisPoints, pick, raise) => {
          const open = ticketLegs.flatMap((leg, index) => (leg.status === 'open' ? [index] : []));
          fc.pre(open.length > 0);
          const index = open[pick % open.length] as number;
          const leg = ticketLegs[index];
          if (leg?.status !== 'open') throw new Error('picked an open leg');
          const { numerator, denominator } = leg.winProbability;
          // p' = (n + r·(d − n)/…) ≥ p: move p a step towards 1
          const higher: Fraction = {
            numerator: numerator * 1_000n + BigInt(raise) * (denominator - numerator),
            denominator: denominator * 1_000n,
          };
          const raised = ticketLegs.map((candidate, at) =>
            at === index ? { ...leg, winProbability: higher } : candidate,
          );
          expect(
            compareFractions(fairValue(stakeMinor, raised), fairValue(stakeMinor, ticketLegs)),
          ).toBeGreaterThanOrEqual(0);
          expect(quote(stakeMinor, raised, marginBasisPoints).amount).toBeGreaterThanOrEqual(
            quote(stakeMinor, ticketLegs, marginBasisPoints).amount,
          );
        },
      ),
    );
  });

  it('is never above the potential payout, nor is the fair value itself', () => {
    fc.assert(
      fc.property(legs, stake, margin, (ticketLegs, stakeMinor, marginBasisPoints) => {
        const { amount, payout } = quote(stakeMinor, ticketLegs, marginBasisPoints);
        expect(amount).toBeLessThanOrEqual(payout);
        expect(floorOf(fairValue(stakeMinor, ticketLegs))).toBeLessThanOrEqual(payout);
      }),
    );
  });

  it('equals the payout when every leg is won, whatever the margin', () => {
    fc.assert(
      fc.property(
        fc.array(oddsArbitrary, { minLength: 1, maxLength: 10 }),
        stake,
        margin,
        (prices, stakeMinor, marginBasisPoints) => {
          const won: CashoutLeg[] = prices.map((odds) => ({
            status: 'won',
            odds,
            voidFactor: '0',
            deadHeatFactor: '1',
          }));
          const { amount, payout } = quote(stakeMinor, won, marginBasisPoints);
          expect(amount).toBe(payout);
        },
      ),
    );
  });

  it('partial cash-outs conserve value: what is taken plus what is left never exceeds the quote, and loses at most one stake unit’s worth', () => {
    fc.assert(
      fc.property(
        legs,
        stake,
        margin,
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        (ticketLegs, stakeMinor, marginBasisPoints, bonusSeed, share) => {
          const bonusStakeMinor = bonusSeed % (stakeMinor + 1n);
          const { amount: quoted } = quote(stakeMinor, ticketLegs, marginBasisPoints);
          const taken = BigInt(Math.floor(Number(quoted) * share));
          fc.pre(taken > 0n && taken < quoted);
          const split = partialCashoutStakes({
            stakeMinor,
            bonusStakeMinor,
            amountMinor: taken,
            quoteMinor: quoted,
          });
          expect(split.keptStakeMinor + split.releasedStakeMinor).toBe(stakeMinor);
          expect(split.keptBonusStakeMinor + split.releasedBonusStakeMinor).toBe(bonusStakeMinor);
          expect(split.keptBonusStakeMinor).toBeLessThanOrEqual(split.keptStakeMinor);
          expect(split.releasedBonusStakeMinor).toBeLessThanOrEqual(split.releasedStakeMinor);
          expect(split.keptStakeMinor).toBeGreaterThanOrEqual(0n);
          const left =
            split.keptStakeMinor === 0n
              ? 0n
              : quote(split.keptStakeMinor, ticketLegs, marginBasisPoints).amount;
          // no value is created by splitting a cash-out in two
          expect(left + taken).toBeLessThanOrEqual(quoted);
          // and what floors lose is at most one minor unit of stake's value, plus one
          const perStakeUnit = fairValue(1n, ticketLegs);
          const bound = floorOf(perStakeUnit) + 2n;
          expect(quoted - taken - left).toBeLessThanOrEqual(bound);
        },
      ),
    );
  });
});
