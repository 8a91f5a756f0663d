import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  accrueWager,
  bonusOutcome,
  completionAmounts,
  contributionPercent,
  conversionCapMinor,
  creditableFreespinWinMinor,
  depositQualifies,
  formatFactor,
  freespinWinCapMinor,
  grantAmountMinor,
  multiplyMinor,
  parseFactor,
  revokeWager,
  splitPayout,
  splitStake,
  wagerContributionMinor,
  wagerRequirementMinor,
} from './bonus-rules.ts';

const minor = fc.bigInt({ min: 0n, max: 10n ** 15n });
const positiveMinor = fc.bigInt({ min: 1n, max: 10n ** 15n });
/** a factor as the operator writes it: up to 6 decimals */
const factor = fc
  .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, millionths]) => `${whole}.${String(millionths).padStart(6, '0')}`);

describe('factors', () => {
  test('are read exactly from strings and numbers', () => {
    expect(parseFactor('0.05')).toEqual({ units: 5n, scale: 2 });
    expect(parseFactor(0.05)).toEqual({ units: 5n, scale: 2 });
    expect(parseFactor(35)).toEqual({ units: 35n, scale: 0 });
    expect(parseFactor(0.1 + 0.2)).toEqual({ units: 3n, scale: 1 });
    expect(formatFactor('1.500000')).toBe('1.5');
    expect(formatFactor(0.75)).toBe('0.75');
  });

  test('refuse negatives, exponents and too many decimals', () => {
    expect(() => parseFactor('-1')).toThrow(RangeError);
    expect(() => parseFactor('1e3')).toThrow(RangeError);
    expect(() => parseFactor('0.0000001')).toThrow(RangeError);
    expect(() => parseFactor(Number.NaN)).toThrow(RangeError);
  });

  test('multiply exactly, rounding only the last minor unit', () => {
    expect(multiplyMinor(1999n, '0.5', 'down')).toBe(999n);
    expect(multiplyMinor(1999n, '0.5', 'up')).toBe(1000n);
    fc.assert(
      fc.property(minor, factor, (amount, value) => {
        const down = multiplyMinor(amount, value, 'down');
        const up = multiplyMinor(amount, value, 'up');
        const { units, scale } = parseFactor(value);
        const exact = amount * units;
        const unit = 10n ** BigInt(scale);
        expect(down * unit <= exact && exact < (down + 1n) * unit).toBe(true);
        expect(up - down === 0n || up - down === 1n).toBe(true);
        expect(up * unit >= exact).toBe(true);
      }),
    );
  });
});

describe('granting', () => {
  test('a deposit bonus is the share of the deposit, capped at the up-to amount', () => {
    // 100 % up to 500 USD: a 200 USD deposit earns 200, a 900 USD deposit earns 500
    expect(grantAmountMinor(20_000n, 1, 50_000n)).toBe(20_000n);
    expect(grantAmountMinor(90_000n, 1, 50_000n)).toBe(50_000n);
    expect(grantAmountMinor(1_001n, '0.75', null)).toBe(750n);
  });

  test('never exceeds the cap nor the exact share', () => {
    fc.assert(
      fc.property(minor, factor, fc.option(minor, { nil: null }), (deposit, multiplier, cap) => {
        const granted = grantAmountMinor(deposit, multiplier, cap);
        expect(granted >= 0n).toBe(true);
        if (cap !== null) expect(granted <= cap).toBe(true);
        expect(granted <= multiplyMinor(deposit, multiplier, 'down')).toBe(true);
        if (cap === null || multiplyMinor(deposit, multiplier, 'down') <= cap) {
          expect(granted).toBe(multiplyMinor(deposit, multiplier, 'down'));
        }
      }),
    );
  });

  test('deposits qualify within the offer’s bounds', () => {
    expect(depositQualifies(1_000n, 1_000n, 5_000n)).toBe(true);
    expect(depositQualifies(999n, 1_000n, null)).toBe(false);
    expect(depositQualifies(5_001n, null, 5_000n)).toBe(false);
    expect(depositQualifies(0n, null, null)).toBe(false);
  });

  test('the wagering requirement rounds up', () => {
    expect(wagerRequirementMinor(10_000n, 35)).toBe(350_000n);
    expect(wagerRequirementMinor(3n, '0.5')).toBe(2n);
    fc.assert(
      fc.property(minor, factor, (amount, wager) => {
        const required = wagerRequirementMinor(amount, wager);
        expect(required >= multiplyMinor(amount, wager, 'down')).toBe(true);
      }),
    );
  });
});

describe('conversion caps', () => {
  test('a completed bonus converts at most amount × maxAmountMultiplier, the rest is forfeited', () => {
    expect(conversionCapMinor(10_000n, null)).toBeNull();
    expect(conversionCapMinor(10_000n, 2)).toBe(20_000n);
    expect(completionAmounts(35_000n, 20_000n)).toEqual({
      convertMinor: 20_000n,
      forfeitMinor: 15_000n,
    });
    expect(completionAmounts(5_000n, null)).toEqual({ convertMinor: 5_000n, forfeitMinor: 0n });
  });

  test('convert and forfeit always add up to the balance, and convert never passes the cap', () => {
    fc.assert(
      fc.property(minor, minor, fc.option(factor, { nil: null }), (balance, amount, multiplier) => {
        const cap = conversionCapMinor(amount, multiplier);
        const { convertMinor, forfeitMinor } = completionAmounts(balance, cap);
        expect(convertMinor + forfeitMinor).toBe(balance);
        expect(convertMinor >= 0n && forfeitMinor >= 0n).toBe(true);
        if (cap !== null) expect(convertMinor <= cap).toBe(true);
      }),
    );
  });
});

describe('wagering', () => {
  test('contribution comes from the games list; no list counts everything', () => {
    expect(contributionPercent([], 'dice')).toBe(100);
    const list = [
      { gameId: 'dice', percent: 100 },
      { gameId: 'mines', percent: 20 },
    ];
    expect(contributionPercent(list, 'mines')).toBe(20);
    expect(contributionPercent(list, 'keno')).toBe(0);
    expect(wagerContributionMinor(1_999n, 20)).toBe(399n);
    expect(() => wagerContributionMinor(1n, 101)).toThrow(RangeError);
  });

  test('accrual adds exactly the rounded-down contributions and meets the requirement once', () => {
    fc.assert(
      fc.property(
        minor,
        fc.array(fc.tuple(positiveMinor, fc.integer({ min: 0, max: 100 })), { maxLength: 30 }),
        (total, stakes) => {
          let progress = { currentMinor: 0n, totalMinor: total };
          let expected = 0n;
          let metAt = -1;
          stakes.forEach(([stake, percent], index) => {
            const contribution = wagerContributionMinor(stake, percent);
            expect(contribution * 100n <= stake * BigInt(percent)).toBe(true);
            expect(stake * BigInt(percent) - contribution * 100n < 100n).toBe(true);
            const next = accrueWager(progress, contribution);
            expected += contribution;
            if (next.met && metAt < 0) metAt = index;
            progress = next;
          });
          expect(progress.currentMinor).toBe(expected);
          // met exactly when the running sum first reached the requirement, and it stays met
          if (metAt >= 0) expect(expected >= total).toBe(true);
          else if (stakes.length > 0) expect(expected < total).toBe(true);
        },
      ),
    );
  });

  test('a rollback takes the contribution back, never below zero', () => {
    expect(revokeWager({ currentMinor: 500n, totalMinor: 1_000n }, 200n).currentMinor).toBe(300n);
    expect(revokeWager({ currentMinor: 100n, totalMinor: 1_000n }, 200n).currentMinor).toBe(0n);
    fc.assert(
      fc.property(minor, minor, positiveMinor, (current, total, contribution) => {
        const accrued = accrueWager({ currentMinor: current, totalMinor: total }, contribution);
        expect(revokeWager(accrued, contribution).currentMinor).toBe(current);
      }),
    );
  });
});

describe('stakes and payouts', () => {
  test('a stake takes main money first, then bonus money', () => {
    expect(splitStake(1_000n, 600n, 5_000n)).toEqual({ mainMinor: 600n, bonusMinor: 400n });
    expect(splitStake(1_000n, 2_000n, 5_000n)).toEqual({ mainMinor: 1_000n, bonusMinor: 0n });
    expect(splitStake(1_000n, 0n, 1_000n)).toEqual({ mainMinor: 0n, bonusMinor: 1_000n });
    expect(splitStake(1_000n, 300n, 600n)).toBeNull();
  });

  test('the split never overdraws either balance and always adds up to the stake', () => {
    fc.assert(
      fc.property(positiveMinor, minor, minor, (stake, main, bonus) => {
        const split = splitStake(stake, main, bonus);
        if (main + bonus < stake) {
          expect(split).toBeNull();
          return;
        }
        expect(split).not.toBeNull();
        if (!split) return;
        expect(split.mainMinor + split.bonusMinor).toBe(stake);
        expect(split.mainMinor <= main && split.bonusMinor <= bonus).toBe(true);
        // bonus money is only used once main money is exhausted
        if (split.bonusMinor > 0n) expect(split.mainMinor).toBe(main);
      }),
    );
  });

  test('a payout is split in the stake’s proportion without creating or losing a minor unit', () => {
    expect(splitPayout(2_000n, 1_000n, 400n)).toEqual({ mainMinor: 1_200n, bonusMinor: 800n });
    expect(splitPayout(1n, 3n, 1n)).toEqual({ mainMinor: 1n, bonusMinor: 0n });
    fc.assert(
      fc.property(
        minor,
        positiveMinor.chain((stake) =>
          fc.tuple(fc.constant(stake), fc.bigInt({ min: 0n, max: stake })),
        ),
        (payout, [stake, bonusStake]) => {
          const { mainMinor, bonusMinor } = splitPayout(payout, stake, bonusStake);
          expect(mainMinor + bonusMinor).toBe(payout);
          expect(mainMinor >= 0n && bonusMinor >= 0n).toBe(true);
          // the bonus share never exceeds the bonus share of the stake
          expect(bonusMinor * stake <= payout * bonusStake).toBe(true);
          if (bonusStake === 0n) expect(bonusMinor).toBe(0n);
          if (bonusStake === stake) expect(mainMinor).toBe(0n);
        },
      ),
    );
  });
});

describe('free spins', () => {
  test('winnings are capped by the absolute and the multiplied cap, the smaller winning', () => {
    const spins = { count: 50, spinAmountMinor: 20n };
    expect(freespinWinCapMinor({ ...spins, maxAmountMinor: null, maxAmountMultiplier: null })).toBe(
      null,
    );
    expect(
      freespinWinCapMinor({ ...spins, maxAmountMinor: 5_000n, maxAmountMultiplier: null }),
    ).toBe(5_000n);
    expect(freespinWinCapMinor({ ...spins, maxAmountMinor: null, maxAmountMultiplier: 10 })).toBe(
      10_000n,
    );
    expect(freespinWinCapMinor({ ...spins, maxAmountMinor: 5_000n, maxAmountMultiplier: 10 })).toBe(
      5_000n,
    );
  });

  test('credited winnings never pass the cap however the spins fall', () => {
    fc.assert(
      fc.property(
        fc.option(minor, { nil: null }),
        fc.array(minor, { maxLength: 40 }),
        (cap, payouts) => {
          let won = 0n;
          for (const payout of payouts) {
            const credited = creditableFreespinWinMinor(payout, won, cap);
            expect(credited >= 0n && credited <= payout).toBe(true);
            won += credited;
          }
          if (cap !== null) expect(won <= cap).toBe(true);
          else expect(won).toBe(payouts.reduce((sum, payout) => sum + payout, 0n));
        },
      ),
    );
  });
});

describe('ending and days', () => {
  test('complete when wagered with no spins left; lost when the money is gone', () => {
    const base = {
      wagerCurrentMinor: 0n,
      wagerTotalMinor: 100n,
      freespinsLeft: 0,
      balanceMinor: 5n,
    };
    expect(bonusOutcome(base)).toBe('running');
    expect(bonusOutcome({ ...base, wagerCurrentMinor: 100n })).toBe('complete');
    expect(bonusOutcome({ ...base, balanceMinor: 0n })).toBe('lost');
    expect(bonusOutcome({ ...base, balanceMinor: 0n, freespinsLeft: 3 })).toBe('running');
    expect(bonusOutcome({ ...base, wagerCurrentMinor: 100n, freespinsLeft: 1 })).toBe('running');
    // wagered but nothing left to convert
    expect(bonusOutcome({ ...base, wagerCurrentMinor: 100n, balanceMinor: 0n })).toBe('lost');
  });
});
