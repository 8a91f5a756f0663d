import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  type ExclusionKind,
  type ExclusionState,
  exclusionStanding,
  mayReplaceExclusion,
  reopenCoolingOffMs,
  selfExclusionPeriods,
  selfExclusionUntil,
  timeOutUntil,
} from './exclusion.ts';

const dayMs = 86_400_000;
/** 1970..2200, any millisecond */
const instant = fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms));

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

describe('addCalendarMonths', () => {
  it('known dates: month ends clamp, leap years, time of day kept', () => {
    const at = (iso: string) => new Date(iso);
    expect(addCalendarMonths(at('2026-01-31T10:20:30.400Z'), 1).toISOString()).toBe(
      '2026-02-28T10:20:30.400Z',
    );
    expect(addCalendarMonths(at('2028-01-31T00:00:00.000Z'), 1).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(addCalendarMonths(at('2026-08-31T23:59:59.999Z'), 6).toISOString()).toBe(
      '2027-02-28T23:59:59.999Z',
    );
    expect(addCalendarMonths(at('2028-02-29T12:00:00.000Z'), 12).toISOString()).toBe(
      '2029-02-28T12:00:00.000Z',
    );
    expect(addCalendarMonths(at('2026-11-26T23:05:00.000Z'), 60).toISOString()).toBe(
      '2031-11-26T23:05:00.000Z',
    );
  });

  it('lands in the right month, on the same day or the month’s last, at the same time', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 120 }), (date, months) => {
        const result = addCalendarMonths(date, months);
        const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
        expect(result.getUTCFullYear() * 12 + result.getUTCMonth()).toBe(monthIndex);
        const last = lastDayOf(result.getUTCFullYear(), result.getUTCMonth());
        expect(result.getUTCDate()).toBe(Math.min(date.getUTCDate(), last));
        expect(result.getTime() % dayMs).toBe(date.getTime() % dayMs);
        // never earlier than the start, strictly later for a positive count
        if (months > 0) expect(result.getTime()).toBeGreaterThan(date.getTime());
        else expect(result.getTime()).toBe(date.getTime());
      }),
    );
  });

  it('is monotonic in the start and in the count', () => {
    fc.assert(
      fc.property(instant, instant, fc.integer({ min: 0, max: 120 }), (a, b, months) => {
        const [early, late] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
        expect(addCalendarMonths(early, months).getTime()).toBeLessThanOrEqual(
          addCalendarMonths(late, months).getTime(),
        );
        expect(addCalendarMonths(a, months).getTime()).toBeLessThanOrEqual(
          addCalendarMonths(a, months + 1).getTime(),
        );
      }),
    );
  });
});

describe('periods', () => {
  it('6 months, 1 and 5 years are calendar months and years; indefinite has no end', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(selfExclusionUntil('6m', now)).toEqual(addCalendarMonths(now, 6));
        expect(selfExclusionUntil('1y', now)).toEqual(addCalendarMonths(now, 12));
        expect(selfExclusionUntil('5y', now)).toEqual(addCalendarMonths(now, 60));
        expect(selfExclusionUntil('indefinite', now)).toBeNull();
        const sixMonths = selfExclusionUntil('6m', now) as Date;
        const oneYear = selfExclusionUntil('1y', now) as Date;
        const fiveYears = selfExclusionUntil('5y', now) as Date;
        // at least 181 days, a year at least 365, five years at least 1825 (2100 is no leap year)
        expect(sixMonths.getTime() - now.getTime()).toBeGreaterThanOrEqual(181 * dayMs);
        expect(oneYear.getTime() - now.getTime()).toBeGreaterThanOrEqual(365 * dayMs);
        expect(fiveYears.getTime() - now.getTime()).toBeGreaterThanOrEqual(1825 * dayMs);
        expect(sixMonths < oneYear && oneYear < fiveYears).toBe(true);
      }),
    );
  });

  it('a time-out is whole days of 24 hours, 1 to 42', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 42 }), (now, days) => {
        expect(timeOutUntil(days, now).getTime() - now.getTime()).toBe(days * dayMs);
      }),
    );
    for (const days of [0, 43, 1.5, -1, Number.NaN]) {
      expect(() => timeOutUntil(days, new Date())).toThrow(RangeError);
    }
  });
});

describe('standing and lengthening', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('a time-out ends by itself; a self-exclusion only after a reopening asked and its wait', () => {
    const timeOut: ExclusionState = { kind: 'time_out', until: later(dayMs), reopensAt: null };
    expect(exclusionStanding(timeOut, now)).toMatchObject({
      code: 'timed_out',
      payload: { until: later(dayMs).toISOString(), reopenable: false },
    });
    expect(exclusionStanding(timeOut, later(dayMs))).toBe('clear');

    const ended: ExclusionState = { kind: 'self_exclusion', until: later(-1), reopensAt: null };
    expect(exclusionStanding(ended, now)).toMatchObject({
      code: 'self_excluded',
      payload: { reopenable: true, reopensAt: null },
    });
    const asked = { ...ended, reopensAt: later(reopenCoolingOffMs) };
    expect(exclusionStanding(asked, now)).toMatchObject({
      code: 'self_excluded',
      payload: { reopenable: false, reopensAt: later(reopenCoolingOffMs).toISOString() },
    });
    expect(exclusionStanding(asked, later(reopenCoolingOffMs))).toBe('clear');
    const indefinite: ExclusionState = { kind: 'self_exclusion', until: null, reopensAt: null };
    expect(exclusionStanding(indefinite, later(1000 * 365 * dayMs))).toMatchObject({
      code: 'self_excluded',
      payload: { until: null, reopenable: false },
    });
  });

  it('an exclusion in force is only ever replaced by one ending later, never by a time-out after a self-exclusion', () => {
    const kinds: ExclusionKind[] = ['time_out', 'self_exclusion'];
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.option(fc.integer({ min: 1, max: 3000 * dayMs }), { nil: null }),
        fc.constantFrom(...kinds),
        fc.option(fc.integer({ min: 1, max: 3000 * dayMs }), { nil: null }),
        (storedKind, storedMs, kind, requestedMs) => {
          const stored: ExclusionState = {
            kind: storedKind,
            // a time-out always ends
            until:
              storedMs === null && storedKind === 'time_out'
                ? later(dayMs)
                : storedMs === null
                  ? null
                  : later(storedMs),
            reopensAt: null,
          };
          const until =
            requestedMs === null && kind === 'time_out'
              ? later(dayMs)
              : requestedMs === null
                ? null
                : later(requestedMs);
          const allowed = mayReplaceExclusion(stored, kind, until, now);
          const endsLater =
            stored.until !== null && (until === null || until.getTime() > stored.until.getTime());
          expect(allowed).toBe(
            endsLater && !(storedKind === 'self_exclusion' && kind === 'time_out'),
          );
        },
      ),
    );
    // nothing in force, or a time-out that ended: anything goes
    expect(mayReplaceExclusion(null, 'time_out', later(dayMs), now)).toBe(true);
    expect(
      mayReplaceExclusion(
        { kind: 'time_out', until: later(-1), reopensAt: null },
        'time_out',
        later(dayMs),
        now,
      ),
    ).toBe(true);
    // an ended self-exclusion not reopened yet: a new self-exclusion, not a time-out
    const ended: ExclusionState = { kind: 'self_exclusion', until: later(-1), reopensAt: null };
    expect(mayReplaceExclusion(ended, 'self_exclusion', later(dayMs), now)).toBe(true);
    expect(mayReplaceExclusion(ended, 'time_out', later(dayMs), now)).toBe(false);
    expect(selfExclusionPeriods).toEqual(['6m', '1y', '5y', 'indefinite']);
  });
});
