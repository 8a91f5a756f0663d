import { afterEach, describe, expect, it } from 'vitest';
import { isSameUtcDay, utcDay, utcDayEnd, utcDayStart } from './utc-day.ts';

const at = (iso: string) => new Date(iso);

describe('UTC days', () => {
  // moved from bonus-rules.test.ts with utcDay and utcDayEnd
  it('UTC days', () => {
    const late = new Date('2026-03-01T23:59:59.999Z');
    expect(utcDay(late)).toBe('2026-03-01');
    expect(utcDayEnd(late).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(utcDayEnd(new Date('2026-03-02T00:00:00.000Z')).toISOString()).toBe(
      '2026-03-03T00:00:00.000Z',
    );
  });

  // moved from bonus-display.test.ts, where utcDayEnd was nextUtcMidnight
  it('counts down to the next UTC midnight, also across months and years', () => {
    expect(utcDayEnd(new Date('2026-03-14T10:20:30Z')).toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
    expect(utcDayEnd(new Date('2026-03-14T00:00:00Z')).toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
    expect(utcDayEnd(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(utcDayEnd(new Date('2028-02-28T12:00:00Z')).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('compares days in UTC, not in the local zone', () => {
    expect(isSameUtcDay(new Date('2026-03-14T00:00:00Z'), new Date('2026-03-14T23:59:59Z'))).toBe(
      true,
    );
    expect(isSameUtcDay(new Date('2026-03-14T23:59:59Z'), new Date('2026-03-15T00:00:00Z'))).toBe(
      false,
    );
  });

  it('splits at midnight UTC to the millisecond', () => {
    const lastMoment = at('2026-03-14T23:59:59.999Z');
    const midnight = at('2026-03-15T00:00:00.000Z');
    expect(utcDay(lastMoment)).toBe('2026-03-14');
    expect(utcDay(midnight)).toBe('2026-03-15');
    expect(utcDayStart(lastMoment).toISOString()).toBe('2026-03-14T00:00:00.000Z');
    expect(utcDayStart(midnight).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(utcDayEnd(lastMoment).toISOString()).toBe(midnight.toISOString());
  });

  it('keeps the UTC day however the instant was written (offsets are not days)', () => {
    // 01:30 in Almaty (UTC+5) is still the previous day in UTC; 22:00 in New York (UTC-5) the next
    const almaty = at('2026-03-15T01:30:00+05:00');
    const newYork = at('2026-03-14T22:00:00-05:00');
    expect(utcDay(almaty)).toBe('2026-03-14');
    expect(utcDay(newYork)).toBe('2026-03-15');
    expect(isSameUtcDay(almaty, at('2026-03-14T00:00:00Z'))).toBe(true);
    expect(utcDayStart(newYork).toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('has 24-hour days across the dates when local clocks shift for daylight saving', () => {
    // Europe moves its clocks on 2026-03-29 and 2026-10-25, the United States on 2026-03-08
    for (const day of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
      const noon = at(`${day}T12:00:00Z`);
      const start = utcDayStart(noon);
      const end = utcDayEnd(noon);
      expect(start.toISOString(), day).toBe(`${day}T00:00:00.000Z`);
      expect(end.getTime() - start.getTime(), day).toBe(24 * 60 * 60 * 1000);
      expect(utcDay(end), day).not.toBe(day);
    }
  });

  it('knows leap days: 29 February in leap years only, and 2100 is no leap year', () => {
    expect(utcDayEnd(at('2028-02-28T08:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(utcDayEnd(at('2028-02-29T23:59:59.999Z')).toISOString()).toBe(
      '2028-03-01T00:00:00.000Z',
    );
    expect(utcDay(at('2028-02-29T12:00:00Z'))).toBe('2028-02-29');
    expect(utcDayStart(at('2028-02-29T23:59:59Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(utcDayEnd(at('2026-02-28T08:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(utcDayEnd(at('2100-02-28T08:00:00Z')).toISOString()).toBe('2100-03-01T00:00:00.000Z');
    expect(utcDayEnd(at('2000-02-28T08:00:00Z')).toISOString()).toBe('2000-02-29T00:00:00.000Z');
  });

  it('turns the year and the month: 31 December and the 30- and 31-day months', () => {
    const newYearsEve = at('2026-12-31T23:00:00Z');
    expect(utcDay(newYearsEve)).toBe('2026-12-31');
    expect(utcDayStart(newYearsEve).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(utcDayEnd(newYearsEve).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(isSameUtcDay(newYearsEve, at('2027-01-01T00:00:00Z'))).toBe(false);
    expect(utcDayStart(at('2027-01-01T00:00:00.001Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(utcDayEnd(at('2026-04-30T10:00:00Z')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(utcDayEnd(at('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('is the same day on the same key, and the start and end bracket the instant', () => {
    for (const iso of [
      '2026-06-01T00:00:00Z',
      '2026-06-01T13:14:15.678Z',
      '1999-12-31T23:59:59Z',
    ]) {
      const instant = at(iso);
      const start = utcDayStart(instant);
      const end = utcDayEnd(instant);
      expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
      expect(instant.getTime()).toBeLessThan(end.getTime());
      expect(utcDay(start)).toBe(utcDay(instant));
      expect(isSameUtcDay(start, instant)).toBe(true);
      expect(isSameUtcDay(end, instant)).toBe(false);
    }
  });

  describe('in a process or browser far from UTC', () => {
    const zoneBefore = process.env.TZ;
    afterEach(() => {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    });

    it('gives the same days whatever the local time zone (New York, Kolkata, Kiritimati +14)', () => {
      for (const zone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        const lateUtc = at('2026-03-14T23:30:00Z');
        const earlyUtc = at('2026-03-14T00:30:00Z');
        expect(utcDay(lateUtc), zone).toBe('2026-03-14');
        expect(isSameUtcDay(lateUtc, earlyUtc), zone).toBe(true);
        expect(isSameUtcDay(lateUtc, at('2026-03-15T00:00:00Z')), zone).toBe(false);
        expect(utcDayStart(lateUtc).toISOString(), zone).toBe('2026-03-14T00:00:00.000Z');
        expect(utcDayEnd(earlyUtc).toISOString(), zone).toBe('2026-03-15T00:00:00.000Z');
      }
    });
  });
});
