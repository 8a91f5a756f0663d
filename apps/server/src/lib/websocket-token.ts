import { SignJWT } from 'jose';
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
