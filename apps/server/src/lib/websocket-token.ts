import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

/**
 * The realtime connection token: an HS256 JWT whose `sub` is the player's globalId, as the
 * Centrifugo client protocol expects, so the same token works with an external Centrifugo.
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

  async issue(globalId: string): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(globalId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }
}

export type VerifiedToken =
  | { status: 'valid'; subject: string; expiresAt: Date | null }
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
      return {
        status: 'valid',
        subject: payload.sub,
        expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { status: 'expired' };
      return { status: 'invalid' };
    }
  }
}
