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
export class WebsocketTokenIssuer {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(globalId: string, signInSessionId: string): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return await new SignJWT({ sid: signInSessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(globalId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
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
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async verify(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
