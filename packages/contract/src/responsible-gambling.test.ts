import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeLimit,
  checkLimits,
  displayedResetAt,
  freesAt,
  type LimitPeriod,
  type LimitState,
  limitInForce,
  limitPeriodMs,
  limitPeriods,
  minimumCoolingOffMs,
  refusalOf,
  type UsageEntry,
  windowSum,
} from './responsible-gambling.ts';

const start = Date.parse('2026-11-01T00:00:00Z');
const monthMs = limitPeriodMs.month;

const periodArb = fc.constantFrom<LimitPeriod>(...limitPeriods);
/** entries spread over the 31 days before `now` (some already out of every window) */
const entriesArb = (signed: boolean) =>
  fc.array(
    fc.record({
      offsetMs: fc.integer({ min: 0, max: monthMs + limitPeriodMs.day }),
      amountMinor: signed
        ? fc.bigInt({ min: -5_000n, max: 5_000n })
        : fc.bigInt({ min: 1n, max: 5_000n }),
    }),
    { maxLength: 40 },
  );
const nowOf = () => new Date(start + monthMs + limitPeriodMs.day);
const toEntries = (raw: Array<{ offsetMs: number; amountMinor: bigint }>): UsageEntry[] =>
  raw.map((entry) => ({ at: new Date(start + entry.offsetMs), amountMinor: entry.amountMinor }));

/** the window's sum by its definition, entry by entry */
function bruteSum(entries: UsageEntry[], period: LimitPeriod, atMs: number): bigint {
  return entries
    .filter((entry) => entry.at.getTime() > atMs - limitPeriodMs[period])
    .reduce((sum, entry) => sum + entry.amountMinor, 0n);
}

describe('rolling windows', () => {
  it('a window holds exactly the entries of the last 24 h / 7 d / 30 d', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const entry = (iso: string, amountMinor: bigint) => ({ at: new Date(iso), amountMinor });
    const entries = [
      entry('2026-11-25T12:00:00Z', 1n), // exactly 24 h old: out of the day
      entry('2026-11-25T12:00:00.001Z', 10n),
      entry('2026-11-19T12:00:00.001Z', 100n),
      entry('2026-10-27T12:00:00.001Z', 1000n),
      entry('2026-10-27T12:00:00Z', 10000n), // exactly 30 days old: out of the month
    ];
    expect(windowSum(entries, 'day', now)).toBe(10n);
    expect(windowSum(entries, 'week', now)).toBe(111n);
    expect(windowSum(entries, 'month', now)).toBe(1111n);
  });

  it('windowSum is the sum of the entries younger than the period', () => {
    fc.assert(
      fc.property(entriesArb(true), periodArb, (raw, period) => {
        const entries = toEntries(raw);
        const now = nowOf();
        expect(windowSum(entries, period, now)).toBe(bruteSum(entries, period, now.getTime()));
      }),
    );
  });

  it('freesAt is the first moment the amount fits, and it does not fit a moment before', () => {
    fc.assert(
      fc.property(
        entriesArb(true),
        periodArb,
        fc.bigInt({ min: 1n, max: 40_000n }),
        fc.bigInt({ min: 0n, max: 45_000n }),
        (raw, period, limit, need) => {
          const entries = toEntries(raw);
          const now = nowOf();
          const frees = freesAt(entries, period, now, limit, need);
          if (need > limit) {
            expect(frees).toBeNull();
            return;
          }
          expect(frees).not.toBeNull();
          const freesMs = (frees as Date).getTime();
          expect(freesMs).toBeGreaterThanOrEqual(now.getTime());
          expect(bruteSum(entries, period, freesMs) + need).toBeLessThanOrEqual(limit);
          if (freesMs > now.getTime()) {
            // the sum is constant between drop-outs: one millisecond before, it did not fit
            expect(bruteSum(entries, period, freesMs - 1) + need).toBeGreaterThan(limit);
            // and it did not fit at any earlier drop-out either
            for (const entry of entries) {
              const dropMs = entry.at.getTime() + limitPeriodMs[period];
              if (dropMs >= now.getTime() && dropMs < freesMs) {
                expect(bruteSum(entries, period, dropMs) + need).toBeGreaterThan(limit);
              }
            }
          }
        },
      ),
    );
  });

  it('a reached limit shows when one minor unit fits again; before, the next drop-out', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const entries = [
      { at: new Date('2026-11-26T02:00:00Z'), amountMinor: 4_000n },
      { at: new Date('2026-11-26T08:00:00Z'), amountMinor: 6_000n },
    ];
    // 100.00 of 100.00: frees when the 40.00 of 02:00 drops out, tomorrow at 02:00
    expect(displayedResetAt(entries, 'day', now, 10_000n)?.toISOString()).toBe(
      '2026-11-27T02:00:00.000Z',
    );
    // 100.00 of 150.00: the figure next goes down at the same time
    expect(displayedResetAt(entries, 'day', now, 15_000n)?.toISOString()).toBe(
      '2026-11-27T02:00:00.000Z',
    );
    // 100.00 of 50.00: both must go before anything fits again
    expect(displayedResetAt(entries, 'day', now, 5_000n)?.toISOString()).toBe(
      '2026-11-27T08:00:00.000Z',
    );
    expect(displayedResetAt([], 'day', now, 5_000n)).toBeNull();
  });
});

describe('several limits', () => {
  it('the amount is refused when any limit refuses; the refusal names the least left', () => {
    fc.assert(
      fc.property(
        entriesArb(false),
        fc.array(fc.bigInt({ min: 1n, max: 60_000n }), { minLength: 3, maxLength: 3 }),
        fc.bigInt({ min: 1n, max: 20_000n }),
        (raw, amounts, need) => {
          const entries = toEntries(raw);
          const now = nowOf();
          const limits = limitPeriods.map((period, index) => ({
            type: 'deposit' as const,
            period,
            limitMinor: amounts[index] as bigint,
          }));
          const checks = checkLimits(limits, () => entries, now, need);
          const refusal = refusalOf(checks);
          const fitsEverywhere = limits.every(
            (limit) => bruteSum(entries, limit.period, now.getTime()) + need <= limit.limitMinor,
          );
          expect(refusal === undefined).toBe(fitsEverywhere);
          // the lowest remaining applies: nothing has less left than the first check
          const lefts = checks.map((check) => check.limitMinor - check.usedMinor);
          expect(lefts[0]).toBe(lefts.reduce((a, b) => (b < a ? b : a)));
          if (refusal) {
            const { resetsAt } = refusal;
            if (resetsAt !== null) {
              // at resetsAt every limit allows the amount (with no new usage)
              for (const limit of limits) {
                expect(
                  bruteSum(entries, limit.period, resetsAt.getTime()) + need,
                ).toBeLessThanOrEqual(limit.limitMinor);
              }
            } else {
              expect(limits.some((limit) => need > limit.limitMinor)).toBe(true);
            }
          }
        },
      ),
    );
  });

  it('a loss window whose wins exceed its stakes counts as nothing used', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const entries = [{ at: new Date('2026-11-26T10:00:00Z'), amountMinor: -500n }];
    const [check] = checkLimits(
      [{ type: 'loss', period: 'day', limitMinor: 1_000n }],
      () => entries,
      now,
      1_000n,
    );
    expect(check?.usedMinor).toBe(0n);
    expect(check?.allows).toBe(true);
  });
});

describe('changing a limit', () => {
  const coolingArb = fc.integer({ min: minimumCoolingOffMs, max: 30 * minimumCoolingOffMs });
  const amountArb = fc.option(fc.bigInt({ min: 1n, max: 1_000_000n }), { nil: null });
  const stateArb: fc.Arbitrary<LimitState> = fc.record({
    amountMinor: amountArb,
    pending: fc.option(
      fc.record({
        amountMinor: amountArb,
        effectiveAt: fc
          .integer({ min: 0, max: 3 * limitPeriodMs.day })
          .map((offset) => new Date(start + offset)),
      }),
      { nil: null },
    ),
  });

  it('a decrease or a first limit applies at once; an increase or removal only after the cooling-off', () => {
    fc.assert(
      fc.property(
        stateArb,
        amountArb,
        coolingArb,
        fc.integer({ min: 0, max: 2 * limitPeriodMs.day }),
        (stored, requested, cooling, offset) => {
          const now = new Date(start + offset);
          const before = limitInForce(stored, now).amountMinor;
          const { state } = changeLimit(stored, requested, now, cooling);
          const inForceNow = limitInForce(state, now).amountMinor;
          const stricter = requested !== null && (before === null || requested <= before);
          if (stricter) {
            expect(inForceNow).toBe(requested);
            return;
          }
          if (before === null) return; // removing no limit changes nothing
          // looser (or a removal): nothing looser than before until it is due, then the request.
          // It is due after the cooling-off, or when the same change was pending already, then.
          const current = limitInForce(stored, now);
          const dueMs =
            current.pending !== null && current.pending.amountMinor === requested
              ? current.pending.effectiveAt.getTime()
              : now.getTime() + cooling;
          for (const atMs of [now.getTime(), now.getTime() + 1, dueMs - 1]) {
            expect(limitInForce(state, new Date(atMs)).amountMinor).toBe(before);
          }
          expect(limitInForce(state, new Date(dueMs)).amountMinor).toBe(requested);
        },
      ),
    );
  });

  it('asking the amount in force cancels a pending change; the same pending keeps its time', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const day = minimumCoolingOffMs;
    const raised = changeLimit({ amountMinor: 100n, pending: null }, 200n, now, day);
    expect(raised.kind).toBe('pending');
    expect(raised.state.pending?.effectiveAt.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    const later = new Date(now.getTime() + 3_600_000);
    const again = changeLimit(raised.state, 200n, later, day);
    expect(again.kind).toBe('unchanged');
    expect(again.state.pending?.effectiveAt.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    const cancelled = changeLimit(raised.state, 100n, later, day);
    expect(cancelled).toEqual({ state: { amountMinor: 100n, pending: null }, kind: 'cancelled' });
    const removal = changeLimit({ amountMinor: 100n, pending: null }, null, now, 3 * day);
    expect(removal.state.pending).toEqual({
      amountMinor: null,
      effectiveAt: new Date('2026-11-29T12:00:00.000Z'),
    });
    expect(() => changeLimit({ amountMinor: 100n, pending: null }, 50n, now, day - 1)).toThrow(
      RangeError,
    );
  });
});
