import { describe, expect, it } from 'vitest';
import { padTwoDigits, timeLeftUntil } from './countdown';

describe('timeLeftUntil', () => {
  const now = new Date('2025-03-01T12:00:00Z');

  it('splits the remaining time into days, hours, minutes and seconds', () => {
    const left = timeLeftUntil(new Date('2025-03-03T15:04:05Z'), now);
    expect(left).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5, isComplete: false });
  });

  it('rounds partial seconds down', () => {
    expect(timeLeftUntil(now.getTime() + 1999, now)).toMatchObject({
      seconds: 1,
      isComplete: false,
    });
  });

  it('is complete at and after the target, never negative', () => {
    expect(timeLeftUntil(now, now)).toMatchObject({
      days: 0,
      seconds: 0,
      totalMs: 0,
      isComplete: true,
    });
    expect(timeLeftUntil(new Date('2025-02-01T00:00:00Z'), now)).toMatchObject({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      isComplete: true,
    });
  });

  it('pads single digits', () => {
    expect(padTwoDigits(7)).toBe('07');
    expect(padTwoDigits(42)).toBe('42');
  });
});
