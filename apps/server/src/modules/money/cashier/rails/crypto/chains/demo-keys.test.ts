import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { demoSharedAddresses } from './demo-keys.ts';
import { toNonBounceable } from './ton.ts';
import { isValidAddress } from './validate-address.ts';

const seed = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);

/** SLIP-10 ed25519 private key at a fully hardened path (the scheme Solana and TON wallets use). */
function slip10Ed25519(path: readonly number[]): Uint8Array {
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of path) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0);
    node = hmac(sha512, node.subarray(32), data);
  }
  return node.subarray(0, 32);
}

describe('demo shared addresses', () => {
  it("solana is the abandon…about account at m/44'/501'/0'/0'", () => {
    const publicKey = ed25519.getPublicKey(slip10Ed25519([44, 501, 0, 0]));
    expect(base58.encode(publicKey)).toBe(demoSharedAddresses.solana);
    expect(isValidAddress('solana', demoSharedAddresses.solana)).toBe(true);
  });

  it("ton belongs to the abandon…about key at m/44'/607'/0' and is in non-bounceable form", () => {
    // The published public key of that path (Trust Wallet Core / Tonkeeper vectors); the wallet
    // v4r2 address of it is the published UQAzWZa6… (its contract code is not part of @ton/core).
    const publicKey = ed25519.getPublicKey(slip10Ed25519([44, 607, 0]));
    expect(bytesToHex(publicKey)).toBe(
      '7952e94118f34607c75e23258dd9220d66ccac5a3ee074125c25068e8107bfbf',
    );
    expect(isValidAddress('ton', demoSharedAddresses.ton)).toBe(true);
    expect(toNonBounceable(demoSharedAddresses.ton)).toBe(demoSharedAddresses.ton);
  });
});
