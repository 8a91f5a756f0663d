import { describe, expect, test } from 'vitest';
import { WebsocketTokenIssuer, WebsocketTokenVerifier } from './websocket-token.ts';

const secret = 'test-secret-test-secret-test-secret';
const ttlSeconds = 600;

function manualClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    advance: (milliseconds: number) => {
      now = new Date(now.getTime() + milliseconds);
    },
  };
}

function claims(token: string): { sub: string; sid: string; iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
    iat: number;
    exp: number;
  };
}

describe('WebsocketTokenIssuer', () => {
  test('a session gets the same token while it has half its lifetime left, then a new one', async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    const issuer = new WebsocketTokenIssuer(secret, ttlSeconds, clock);
    const first = await issuer.issue('1001', 'session-a');
    clock.advance((ttlSeconds * 1000) / 2 - 1_000);
    expect(await issuer.issue('1001', 'session-a')).toBe(first);

    clock.advance(1_000);
    const second = await issuer.issue('1001', 'session-a');
    expect(second).not.toBe(first);
    expect(claims(second).iat).toBe(claims(first).iat + ttlSeconds / 2);
    expect(claims(second).exp - claims(second).iat).toBe(ttlSeconds);
  });

  test('another session, or the same session id for another player, gets its own token', async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    const issuer = new WebsocketTokenIssuer(secret, ttlSeconds, clock);
    const first = await issuer.issue('1001', 'session-a');
    const other = await issuer.issue('1001', 'session-b');
    expect(claims(other).sid).toBe('session-b');
    const otherPlayer = await issuer.issue('1002', 'session-a');
    expect(claims(otherPlayer).sub).toBe('1002');
    expect(first).not.toBe(other);
  });

  test('a clock set back never hands out a token signed in its future', async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    const issuer = new WebsocketTokenIssuer(secret, ttlSeconds, clock);
    const first = await issuer.issue('1001', 'session-a');
    clock.advance(-60_000);
    const again = await issuer.issue('1001', 'session-a');
    expect(again).not.toBe(first);
    expect(claims(again).iat).toBe(claims(first).iat - 60);
  });

  test('a reused token verifies until its own expiry', async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    const issuer = new WebsocketTokenIssuer(secret, ttlSeconds, clock);
    const verifier = new WebsocketTokenVerifier(secret, clock);
    const token = await issuer.issue('1001', 'session-a');
    clock.advance(60_000);
    expect(await issuer.issue('1001', 'session-a')).toBe(token);
    expect(await verifier.verify(token)).toEqual({
      status: 'valid',
      subject: '1001',
      session: 'session-a',
      expiresAt: new Date('2026-03-01T12:10:00.000Z'),
    });
    clock.advance(ttlSeconds * 1000);
    expect(await verifier.verify(token)).toEqual({ status: 'expired' });
    expect(
      await new WebsocketTokenVerifier('another-secret-another-secret-x', clock).verify(token),
    ).toEqual({ status: 'invalid' });
  });
});
