import { describe, expect, it } from 'vitest';
import { sanitizeRedirectPath, signInRedirectTarget } from './redirect-path';

describe('sanitizeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(sanitizeRedirectPath('/en/bonuses')).toBe('/en/bonuses');
    expect(sanitizeRedirectPath('/ru/games/favorites?sort=title#x')).toBe(
      '/ru/games/favorites?sort=title#x',
    );
  });

  it('rejects anything that could leave the site', () => {
    expect(sanitizeRedirectPath('https://evil.example/en/')).toBeNull();
    expect(sanitizeRedirectPath('//evil.example/en/')).toBeNull();
    expect(sanitizeRedirectPath('/\\evil.example')).toBeNull();
    expect(sanitizeRedirectPath('javascript:alert(1)')).toBeNull();
    expect(sanitizeRedirectPath('en/bonuses')).toBeNull();
    expect(sanitizeRedirectPath('/\t/evil.example')).toBeNull();
  });

  it('ignores empty values', () => {
    expect(sanitizeRedirectPath('')).toBeNull();
    expect(sanitizeRedirectPath(null)).toBeNull();
    expect(sanitizeRedirectPath(undefined)).toBeNull();
  });
});

describe('signInRedirectTarget', () => {
  it('opens the sign-in step and remembers the original path and query', () => {
    const target = signInRedirectTarget('/en/', '/en/bonuses?tab=active');
    const url = new URL(target, 'https://app.invalid');
    expect(url.pathname).toBe('/en/');
    expect(url.searchParams.get('auth')).toBe('login');
    expect(url.searchParams.get('redirect_path')).toBe('/en/bonuses?tab=active');
    expect(sanitizeRedirectPath(url.searchParams.get('redirect_path'))).toBe(
      '/en/bonuses?tab=active',
    );
  });
});
