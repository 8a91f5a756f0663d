import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Provably fair randomness, the scheme players know from the largest crypto casinos (Stake):
 *
 * - The server seed is 32 random bytes written as 64 lowercase hex characters. The HMAC key is
 *   that hex string itself (its UTF-8 bytes), not the 32 bytes it encodes, as Stake does.
 * - Before any round the player sees the commitment: SHA-256 of the seed string, in hex.
 * - A round's bytes are HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${round}`)
 *   for round = 0, 1, 2 … : each HMAC gives 32 bytes, i.e. 8 floats, and a game needing more
 *   floats (mines: 24) continues with the next round counter.
 * - A float takes 4 bytes: f = b0/256 + b1/256² + b2/256³ + b3/256⁴, so f = n / 2³² for the
 *   big-endian 32-bit integer n; f lies in [0, 1 − 2⁻³²] and every such value is exact in a double.
 *
 * Pure and synchronous (audited `@noble/hashes`), so the browser's verification page recomputes
 * any revealed round with exactly the code the server used.
 */

/** A server seed as stored and revealed: 64 lowercase hex characters. */
export const serverSeedPattern = /^[0-9a-f]{64}$/;
export const bytesPerFloat = 4;
/** An HMAC-SHA256 yields 32 bytes: eight floats per round counter. */
export const floatsPerHmac = 8;
/** 2³²: a float is its 32-bit integer divided by this. */
export const floatDenominator = 4_294_967_296;

export interface SeedPair {
  serverSeed: string;
  clientSeed: string;
  /** the round's nonce: the count of rounds played before it with this server seed */
  nonce: number;
}

/** The commitment shown before play: SHA-256 of the server seed string, lowercase hex. */
export function serverSeedHash(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** The 32 bytes of one round counter: HMAC-SHA256(serverSeed, `clientSeed:nonce:round`). */
export function roundBytes(seeds: SeedPair, round: number): Uint8Array {
  return hmac(
    sha256,
    utf8ToBytes(seeds.serverSeed),
    utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`),
  );
}

/** The float made of the 4 bytes at `offset`: b0/256 + b1/256² + b2/256³ + b3/256⁴. */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  let float = 0;
  for (let index = 0; index < bytesPerFloat; index += 1) {
    const byte = bytes[offset + index];
    if (byte === undefined) throw new RangeError('not enough bytes for a float');
    float += byte / 256 ** (index + 1);
  }
  return float;
}

/** Every float of the pair, in order: eight per round counter, without end. */
export function* fairFloats(seeds: SeedPair): Generator<number, never> {
  for (let round = 0; ; round += 1) {
    const bytes = roundBytes(seeds, round);
    for (let offset = 0; offset < bytes.length; offset += bytesPerFloat) {
      yield bytesToFloat(bytes, offset);
    }
  }
}

/** The first `count` floats of the pair (a game asks for exactly as many as it uses). */
export function fairFloatList(seeds: SeedPair, count: number): number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a whole number');
  const floats: number[] = [];
  if (count === 0) return floats;
  for (const float of fairFloats(seeds)) {
    floats.push(float);
    if (floats.length === count) break;
  }
  return floats;
}

/** The 32-bit integer behind a float (exact: a float is n / 2³²). */
export function floatToUint32(float: number): number {
  const value = float * floatDenominator;
  if (!Number.isInteger(value) || value < 0 || value >= floatDenominator) {
    throw new RangeError('not a provably fair float');
  }
  return value;
}
