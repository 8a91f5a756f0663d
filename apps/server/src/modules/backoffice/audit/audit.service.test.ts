import { describe, expect, test } from 'vitest';
import { startOfDayIn } from './audit.service.ts';

describe('startOfDayIn', () => {
  test('the instant a day starts in a zone, across offsets and their changes', () => {
    expect(startOfDayIn('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfDayIn('2026-03-10', 'Asia/Tokyo').toISOString()).toBe('2026-03-09T15:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    // the day after (the end of an inclusive range), over the end of a month
    expect(startOfDayIn('2026-01-31', 'Europe/Malta', 1).toISOString()).toBe(
      '2026-01-31T23:00:00.000Z',
    );
    // Europe/Malta moves to summer time on 2026-03-29 at 02:00: that day starts at +01:00, the
    // next at +02:00
    expect(startOfDayIn('2026-03-29', 'Europe/Malta').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-29', 'Europe/Malta', 1).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // a zone whose midnight is skipped: Santiago springs forward at 00:00 (to 01:00)
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });
});
