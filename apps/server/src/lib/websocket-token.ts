import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

/**
 * The realtime connection token: an HS256 JWT whose `sub` is the player's globalId, as the
 * Centrifugo client protocol expects, so the same token works with an external Centrifugo
 * (which ignores the other claims). `sid` (OpenID Connect's claim for a session identifier)
 * names the sign-in session the token was issued to: the session's id, which identifies it but
 * proves nothing (the session's credential is its token, stored only as a hash). The built-in
 * server accepts the token only while that session is open.
 */
/** How many sign-in sessions' tokens an issuer keeps for reuse; the oldest go first. */
const reusedTokensMax = 20_000;

/** HS256's key, imported once (jose imports a raw secret again on every call). */
async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<webcrypto.CryptoKey> {
  return await webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

interface IssuedToken {
  token: string;
  globalId: string;
  /** when it was signed, in milliseconds of the clock */
  issuedAtMs: number;
}

/**
 * Signs connection tokens. A sign-in session's token is signed once and handed out again while
 * it has at least half its lifetime left (every GET /api/v1/me asks for one), then a new one is
 * signed. Reuse is safe because a token proves nothing beyond its session: the built-in server
 * accepts it only while that session is open (signed out, expired or banned ends it at once,
 * whatever token it holds), and its `exp` is never later than a freshly signed one's would be.
 * At most `reusedTokensMax` sessions are kept (in memory, per process); past that the oldest is
 * forgotten and simply signed again when asked.
 */
export class WebsocketTokenIssuer {
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly reused = new Map<string, IssuedToken>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = hmacKey(secret, 'sign');
  }

  async issue(globalId: string, signInSessionId: string): Promise<string> {
    const reusable = this.reusable(globalId, signInSessionId);
    if (reusable !== undefined) return reusable;
    const nowMs = this.clock.now().getTime();
    const issuedAt = Math.floor(nowMs / 1000);
    const token = await new SignJWT({ sid: signInSessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(globalId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(await this.key);
    // Re-inserted at the end, so the first entry is always the one kept longest.
    this.reused.delete(signInSessionId);
    if (this.reused.size >= reusedTokensMax) {
      const oldest = this.reused.keys().next();
      if (!oldest.done) this.reused.delete(oldest.value);
    }
    this.reused.set(signInSessionId, { token, globalId, issuedAtMs: issuedAt * 1000 });
    return token;
  }

  /** The token `issue` would hand out again now without signing, if there is one. */
  reusable(globalId: string, signInSessionId: string): string | undefined {
    const nowMs = this.clock.now().getTime();
    const kept = this.reused.get(signInSessionId);
    return kept !== undefined &&
      kept.globalId === globalId &&
      nowMs >= kept.issuedAtMs &&
      nowMs - kept.issuedAtMs < (this.ttlSeconds * 1000) / 2
      ? kept.token
      : undefined;
  }
}

export type VerifiedToken =
  | {
      status: 'valid';
      subject: string;
      /** the sign-in session (`sid`); null when the token names none */
      session: string | null;
      expiresAt: Date | null;
    }
  | { status: 'expired' }
  | { status: 'invalid' };

/** Checks a connection token: HS256 with the shared secret, `sub` present, `exp` not passed. */
export class WebsocketTokenVerifier {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = hmacKey(secret, 'verify');
  }

  async verify(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string') return { status: 'invalid' };
      if (payload.sid !== undefined && typeof payload.sid !== 'string') {
        return { status: 'invalid' };
      }
      return {
        status: 'valid',
        subject: payload.sub,
        session: payload.sid ?? null,
        expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { status: 'expired' };
      return { status: 'invalid' };
    }
  }
}
