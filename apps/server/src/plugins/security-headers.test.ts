import helmet from 'helmet';
import { describe, expect, test } from 'vitest';
import { recordHeaders } from './security-headers.ts';

describe('recordHeaders', () => {
  test("records helmet's headers by their lower-case names", () => {
    const headers = recordHeaders(
      helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } }),
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  test('a removed header is not recorded; a list becomes one value', () => {
    expect(
      recordHeaders((_request, response, next) => {
        response.setHeader('X-One', ['a', 'b']);
        response.setHeader('X-Two', 2);
        response.removeHeader('x-two');
        next();
      }),
    ).toEqual({ 'x-one': 'a, b' });
  });

  test('refuses a middleware that fails or does not finish at once', () => {
    expect(() => recordHeaders((_request, _response, next) => next(new Error('bad')))).toThrow(
      'bad',
    );
    expect(() =>
      recordHeaders((_request, _response, next) => {
        setImmediate(next);
      }),
    ).toThrow('did not finish at once');
  });
});
