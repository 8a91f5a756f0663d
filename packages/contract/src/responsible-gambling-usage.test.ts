import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketHourOf,
  hourlyUsageSpanMs,
  type LimitPeriod,
  limitPeriodMs,
  limitPeriods,
  limitsPromptOf,
  limitsReviewIntervalMs,
  type UsageBucket,
  type UsageEntry,
  usageEntriesOf,
  windowSum,
} from './responsible-gambling.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const start = Date.parse('2026-11-01T00:00:00Z');

/** Exact usage (an amount at its time), as the ledger holds it, over the last 32 days. */
const usageArb = fc.record({
  nowOffsetMs: fc.integer({ min: 0, max: 3 * dayMs }),
  entries: fc.array(
    fc.record({
      ageMs: fc.integer({ min: 0, max: 32 * dayMs }),
      amountMinor: fc.bigInt({ min: 1n, max: 5_000n }),
    }),
    { maxLength: 60 },
  ),
});

/** The hourly buckets the usage table holds for these entries (what the trigger writes). */
function bucketsOf(entries: readonly UsageEntry[]): UsageBucket[] {
  const byHour = new Map<number, bigint>();
  for (const entry of entries) {
    const hour = bucketHourOf(entry.at).getTime();
    byHour.set(hour, (byHour.get(hour) ?? 0n) + entry.amountMinor);
  }
  return [...byHour].map(([hour, amountMinor]) => ({ hour: new Date(hour), amountMinor }));
}

describe('usage buckets (player_usage_hours) against the naive sum of every entry', () => {
  it('a window never counts less than the exact sum, nor more than a slightly longer window', () => {
    fc.assert(
      fc.property(usageArb, fc.constantFrom<LimitPeriod>(...limitPeriods), (usage, period) => {
        const now = new Date(start + usage.nowOffsetMs);
        const exact = usage.entries.map((entry) => ({
          at: new Date(now.getTime() - entry.ageMs),
          amountMinor: entry.amountMinor,
        }));
        const bucketed = usageEntriesOf(bucketsOf(exact), now);
        const sum = windowSum(bucketed, period, now);
        // never in the player's disfavour: every amount of the window counts
        expect(sum).toBeGreaterThanOrEqual(windowSum(exact, period, now));
        // and at most an hour more (the day window only ever sees hourly buckets), a day group
        // at most 25 hours more
        const slack = period === 'day' ? hourMs : 25 * hourMs;
        const longer = exact.map((entry) => ({
          at: new Date(entry.at.getTime() + slack),
          amountMinor: entry.amountMinor,
        }));
        expect(sum).toBeLessThanOrEqual(windowSum(longer, period, now));
      }),
      { numRuns: 400 },
    );
  });

  it('at most 25 hourly entries and one per UTC day: the cost does not grow with history', () => {
    fc.assert(
      fc.property(usageArb, (usage) => {
        const now = new Date(start + usage.nowOffsetMs);
        const exact = usage.entries.map((entry) => ({
          at: new Date(now.getTime() - entry.ageMs),
          amountMinor: entry.amountMinor,
        }));
        const bucketed = usageEntriesOf(bucketsOf(exact), now);
        const total = (list: readonly UsageEntry[]) =>
          list.reduce((sum, entry) => sum + entry.amountMinor, 0n);
        expect(total(bucketed)).toBe(total(exact));
        const hourly = bucketed.filter(
          (entry) => entry.at.getTime() > now.getTime() - hourlyUsageSpanMs,
        );
        expect(hourly.length).toBeLessThanOrEqual(26);
        expect(bucketed.length - hourly.length).toBeLessThanOrEqual(33);
      }),
    );
  });

  it('grouping again is a no-op (the SQL groups old hours per day; the engine groups its rows)', () => {
    fc.assert(
      fc.property(usageArb, (usage) => {
        const now = new Date(start + usage.nowOffsetMs);
        const exact = usage.entries.map((entry) => ({
          at: new Date(now.getTime() - entry.ageMs),
          amountMinor: entry.amountMinor,
        }));
        const once = usageEntriesOf(bucketsOf(exact), now);
        const asBuckets = once.map((entry) => ({
          hour: new Date(entry.at.getTime() - hourMs),
          amountMinor: entry.amountMinor,
        }));
        const twice = usageEntriesOf(asBuckets, now);
        const key = (list: readonly UsageEntry[]) =>
          list.map((entry) => `${entry.at.toISOString()}=${entry.amountMinor}`).sort();
        expect(key(twice)).toEqual(key(once));
      }),
    );
  });

  it('an entry counts until its bucket’s end plus the period', () => {
    const now = new Date('2026-11-02T12:30:00Z');
    const buckets = [{ hour: new Date('2026-11-01T12:00:00Z'), amountMinor: 7n }];
    // the 12:00 bucket ends at 13:00: in the day window until 13:00 the next day
    expect(windowSum(usageEntriesOf(buckets, now), 'day', now)).toBe(7n);
    const later = new Date('2026-11-02T13:00:00Z');
    expect(windowSum(usageEntriesOf(buckets, later), 'day', later)).toBe(0n);
    expect(limitPeriodMs.day).toBe(dayMs);
  });
});

describe('the limits prompt and review', () => {
  const now = new Date('2027-06-01T00:00:00Z');
  it('asks for a deposit limit until the prompt is answered, then every 6 months', () => {
    expect(limitsPromptOf({ limitsPromptAnsweredAt: null, limitsReviewedAt: null }, now)).toBe(
      'prompt',
    );
    const recent = new Date(now.getTime() - limitsReviewIntervalMs + 1).toISOString();
    const old = new Date(now.getTime() - limitsReviewIntervalMs).toISOString();
    expect(limitsPromptOf({ limitsPromptAnsweredAt: recent, limitsReviewedAt: null }, now)).toBe(
      null,
    );
    expect(limitsPromptOf({ limitsPromptAnsweredAt: old, limitsReviewedAt: null }, now)).toBe(
      'review',
    );
    expect(limitsPromptOf({ limitsPromptAnsweredAt: old, limitsReviewedAt: recent }, now)).toBe(
      null,
    );
  });
});
