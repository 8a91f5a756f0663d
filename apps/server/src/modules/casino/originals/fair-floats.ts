import { createHmac } from 'node:crypto';
import { bytesPerFloat, bytesToFloat, type SeedPair } from '@casino/contract';

/**
 * The contract's `fairFloatList` (packages/contract/src/provably-fair.ts) computed with Node's
 * native HMAC-SHA256 instead of `@noble/hashes` in JavaScript: the same scheme, message and
 * floats (HMAC-SHA256(key = server seed string, `clientSeed:nonce:round`), four bytes a float),
 * at about a third of the CPU time, which every round pays on the server. The browser's
 * verification keeps the contract's code; `fair-floats.test.ts` checks both give the same floats.
 */
export function fairFloatList(seeds: SeedPair, count: number): number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a whole number');
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round += 1) {
    const bytes = createHmac('sha256', seeds.serverSeed)
      .update(`${seeds.clientSeed}:${seeds.nonce}:${round}`)
      .digest();
    for (let offset = 0; offset < bytes.length && floats.length < count; offset += bytesPerFloat) {
      floats.push(bytesToFloat(bytes, offset));
    }
  }
  return floats;
}
