import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { instantOfZonedInput, zonedInputValue } from './format.ts';

describe('datetime-local values on the operator’s wall clock', () => {
  test('an instant and its wall time, in zones on both sides of UTC', () => {
    expect(zonedInputValue('2026-11-27T14:05:00.000Z', 'UTC')).toBe('2026-11-27T14:05');
    expect(zonedInputValue('2026-11-27T14:05:00.000Z', 'Asia/Tokyo')).toBe('2026-11-27T23:05');
    expect(zonedInputValue('2026-07-01T02:30:00.000Z', 'America/New_York')).toBe(
      '2026-06-30T22:30',
    );
    expect(instantOfZonedInput('2026-11-27T23:05', 'Asia/Tokyo')).toBe('2026-11-27T14:05:00.000Z');
    expect(instantOfZonedInput('2026-06-30T22:30', 'America/New_York')).toBe(
      '2026-07-01T02:30:00.000Z',
    );
    expect(instantOfZonedInput('', 'UTC')).toBeNull();
    expect(instantOfZonedInput('27/11/2026', 'UTC')).toBeNull();
  });

  test('across clock changes: a skipped time takes the offset after it, a repeated one the earlier', () => {
    // New York skips 02:00–03:00 on 8 March 2026 and repeats 01:00–02:00 on 1 November 2026
    expect(instantOfZonedInput('2026-03-08T02:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(instantOfZonedInput('2026-11-01T01:30', 'America/New_York')).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  test('property: a whole-minute instant comes back from its wall time', () => {
    const zones = [
      'UTC',
      'Europe/Moscow',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }),
        fc.constantFrom(...zones),
        (seconds, zone) => {
          const instant = new Date(Math.floor(seconds / 60) * 60_000).toISOString();
          const local = zonedInputValue(instant, zone);
          const back = instantOfZonedInput(local, zone) as string;
          // a repeated hour maps back to its earlier instant; either way the wall time is equal
          expect(zonedInputValue(back, zone)).toBe(local);
          expect(Date.parse(instant) - Date.parse(back)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
