import { describe, expect, it } from 'vitest';
import { isIpAllowed } from './ip-allow-list.ts';

describe('isIpAllowed', () => {
  it('allows every address when the list is empty', () => {
    expect(isIpAllowed([], '203.0.113.9')).toBe(true);
  });

  it('allows addresses inside a network and refuses the rest', () => {
    const list = ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'];
    expect(isIpAllowed(list, '203.0.113.200')).toBe(true);
    expect(isIpAllowed(list, '::ffff:203.0.113.5')).toBe(true);
    expect(isIpAllowed(list, '198.51.100.7')).toBe(true);
    expect(isIpAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(isIpAllowed(list, '198.51.100.8')).toBe(false);
    expect(isIpAllowed(list, '203.0.114.1')).toBe(false);
    expect(isIpAllowed(list, '2001:db9::1')).toBe(false);
    expect(isIpAllowed(list, 'not-an-ip')).toBe(false);
  });
});
