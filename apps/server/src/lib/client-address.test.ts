import { expect, test } from 'vitest';
import { normaliseIpAddress, toInetOrNull } from './client-address.ts';

test('IPv4 addresses seen on a dual-stack socket lose their IPv6 prefix', () => {
  expect(normaliseIpAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(normaliseIpAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  expect(normaliseIpAddress('2001:db8::1')).toBe('2001:db8::1');
  expect(normaliseIpAddress('203.0.113.7')).toBe('203.0.113.7');
});

test('only real addresses are stored', () => {
  expect(toInetOrNull('::ffff:127.0.0.1')).toBe('127.0.0.1');
  expect(toInetOrNull('2001:db8::1')).toBe('2001:db8::1');
  expect(toInetOrNull('not-an-ip')).toBeNull();
  expect(toInetOrNull(undefined)).toBeNull();
});
