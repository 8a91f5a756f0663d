import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  bytesToFloat,
  fairFloatList,
  fairFloats,
  floatToUint32,
  roundBytes,
  serverSeedHash,
  serverSeedPattern,
} from './provably-fair.ts';

const serverSeed = '6f1e9c8f3a2b47d5e0c4b1a29384756f8e7d6c5b4a39281706f5e4d3c2b1a098';
const seeds = { serverSeed, clientSeed: 'lucky', nonce: 0 };

/** The reference: Node's own HMAC, floats read as big-endian 32-bit integers / 2³². */
function referenceFloats(pair: typeof seeds, count: number): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round += 1) {
    const bytes = createHmac('sha256', pair.serverSeed)
      .update(`${pair.clientSeed}:${pair.nonce}:${round}`)
      .digest();
    for (let offset = 0; offset < 32 && floats.length < count; offset += 4) {
      floats.push(bytes.readUInt32BE(offset) / 2 ** 32);
    }
  }
  return floats;
}

describe('fixed vectors', () => {
  test('the commitment is SHA-256 of the seed string', () => {
    expect(serverSeedHash(serverSeed)).toBe(
      'ee4f6e10f6c4ddbb8225a0d0118782831fd4840b26007c8763b5aba1bcd31c98',
    );
    expect(serverSeedPattern.test(serverSeed)).toBe(true);
  });

  test('HMAC-SHA256(server seed, "client:nonce:round") for rounds 0 and 1', () => {
    expect(Buffer.from(roundBytes(seeds, 0)).toString('hex')).toBe(
      '533668a1ba8e8639273cfe01d3ed8d0776370c999656177275a43d1a66d0240e',
    );
    expect(Buffer.from(roundBytes(seeds, 1)).toString('hex')).toBe(
      'cd2e8619525e58aceffac3f16f837beda8f3ae3aa118fedce0d97aee23d97f5c',
    );
    expect(Buffer.from(roundBytes({ ...seeds, nonce: 7 }, 0)).toString('hex')).toBe(
      '2084da971c18480c8a35e1d88b7144c2efb980e7d031b64eade5c9d4e6c1c775',
    );
  });

  test('four bytes per float: b0/256 + b1/256² + b2/256³ + b3/256⁴', () => {
    expect(fairFloatList(seeds, 8)).toEqual([
      0.32504896097816527, 0.7287372483406216, 0.1532744171563536, 0.8278434888925403,
      0.4617774842772633, 0.5872511533088982, 0.45953733334317803, 0.4016134771518409,
    ]);
    expect(bytesToFloat(new Uint8Array([0x53, 0x36, 0x68, 0xa1]), 0)).toBe(0x533668a1 / 2 ** 32);
    expect(bytesToFloat(new Uint8Array([0, 0, 0, 0]), 0)).toBe(0);
    expect(bytesToFloat(new Uint8Array([255, 255, 255, 255]), 0)).toBe(1 - 2 ** -32);
    expect(() => bytesToFloat(new Uint8Array([1, 2, 3]), 0)).toThrow(RangeError);
  });

  test('the ninth float is the first of round 1', () => {
    const floats = fairFloatList(seeds, 9);
    expect(floats[8]).toBe(0xcd2e8619 / 2 ** 32);
  });
});

describe('against node:crypto', () => {
  test('random seeds, client seeds and nonces give the same floats as the reference', () => {
    for (let sample = 0; sample < 50; sample += 1) {
      const pair = {
        serverSeed: randomBytes(32).toString('hex'),
        clientSeed: randomBytes(1 + (sample % 20)).toString('base64url'),
        nonce: sample * 7919,
      };
      expect(serverSeedHash(pair.serverSeed)).toBe(
        createHash('sha256').update(pair.serverSeed).digest('hex'),
      );
      expect(fairFloatList(pair, 30)).toEqual(referenceFloats(pair, 30));
    }
  });

  test('the generator continues round after round', () => {
    const generator = fairFloats(seeds);
    const taken = Array.from({ length: 40 }, () => generator.next().value);
    expect(taken).toEqual(referenceFloats(seeds, 40));
    expect(fairFloatList(seeds, 0)).toEqual([]);
    expect(() => fairFloatList(seeds, -1)).toThrow(RangeError);
  });
});

test('a float maps back to its 32-bit integer', () => {
  expect(floatToUint32(0x533668a1 / 2 ** 32)).toBe(0x533668a1);
  expect(floatToUint32(0)).toBe(0);
  expect(() => floatToUint32(0.1)).toThrow(RangeError);
  expect(() => floatToUint32(1)).toThrow(RangeError);
});
