import { expect, test } from 'vitest';
import { secondsUntil, windowAt } from './rate-limit-window.ts';

const perMinute = { bucket: 'test', limit: 5, windowSeconds: 60 };

test('windows are aligned to the epoch, so every process agrees on them', () => {
  const window = windowAt(perMinute, new Date('2030-01-01T12:34:56.789Z'));
  expect(window.start.toISOString()).toBe('2030-01-01T12:34:00.000Z');
  expect(window.end.toISOString()).toBe('2030-01-01T12:35:00.000Z');
  const fifteen = windowAt({ ...perMinute, windowSeconds: 900 }, new Date('2030-01-01T12:34:56Z'));
  expect(fifteen.start.toISOString()).toBe('2030-01-01T12:30:00.000Z');
});

test('Retry-After rounds up and is never zero', () => {
  const end = new Date('2030-01-01T12:35:00.000Z');
  expect(secondsUntil(end, new Date('2030-01-01T12:34:30.000Z'))).toBe(30);
  expect(secondsUntil(end, new Date('2030-01-01T12:34:59.001Z'))).toBe(1);
  expect(secondsUntil(end, new Date('2030-01-01T12:35:00.000Z'))).toBe(1);
});
