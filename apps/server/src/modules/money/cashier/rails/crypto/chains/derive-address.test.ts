import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { demoAccountXpubs } from './demo-keys.ts';
import { deriveAddress, isValidAccountXpub } from './derive-address.ts';
import { encodeSegwit, evmAccount, hash160, toChecksumAddress } from './encodings.ts';
import { isValidAddress } from './validate-address.ts';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(TEST_MNEMONIC);
const root = HDKey.fromMasterSeed(seed);
const base58check = createBase58check(sha256);

/** The same extended key re-encoded under other version bytes (what zpub/Ltub exports are). */
function withVersion(extendedKey: string, version: number): string {
  const payload = base58check.decode(extendedKey).slice();
  new DataView(payload.buffer).setUint32(0, version);
  return base58check.encode(payload);
}

// BIP84 "Test vectors" (bitcoin/bips bip-0084.mediawiki), mnemonic abandon×11 about.
const BIP84_ACCOUNT_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('deriveAddress — published vectors of the abandon…about mnemonic', () => {
  it('bitcoin: BIP84 account zpub gives the published receive addresses 0 and 1', () => {
    expect(deriveAddress('bitcoin', BIP84_ACCOUNT_ZPUB, 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(deriveAddress('bitcoin', BIP84_ACCOUNT_ZPUB, 1)).toBe(
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    );
  });

  it('bitcoin: the xpub encoding of the same account key gives the same addresses', () => {
    expect(withVersion(BIP84_ACCOUNT_ZPUB, 0x0488b21e)).toBe(demoAccountXpubs.bitcoin);
    expect(deriveAddress('bitcoin', demoAccountXpubs.bitcoin, 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it("litecoin: m/84'/2'/0'/0/0 and /0/1", () => {
    expect(deriveAddress('litecoin', demoAccountXpubs.litecoin, 0)).toBe(
      'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh',
    );
    expect(deriveAddress('litecoin', demoAccountXpubs.litecoin, 1)).toBe(
      'ltc1qwlezpr3890hcp6vva9twqh27mr6edadreqvhnn',
    );
  });

  it('litecoin: accepts the zpub, Ltub and Mtub encodings of the account key', () => {
    for (const version of [0x04b24746, 0x019da462, 0x01b26ef6]) {
      const encoded = withVersion(demoAccountXpubs.litecoin, version);
      expect(deriveAddress('litecoin', encoded, 0)).toBe(
        'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh',
      );
    }
    expect(withVersion(demoAccountXpubs.litecoin, 0x019da462).startsWith('Ltub')).toBe(true);
    expect(withVersion(demoAccountXpubs.litecoin, 0x01b26ef6).startsWith('Mtub')).toBe(true);
  });

  it("ethereum and bsc: m/44'/60'/0'/0/0 is 0x9858EfFD…, EIP-55 checksummed, the same on both", () => {
    expect(deriveAddress('ethereum', demoAccountXpubs.ethereum, 0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(deriveAddress('bsc', demoAccountXpubs.ethereum, 0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it("tron: m/44'/195'/0'/0/0 and /0/1", () => {
    expect(deriveAddress('tron', demoAccountXpubs.tron, 0)).toBe(
      'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    );
    expect(deriveAddress('tron', demoAccountXpubs.tron, 1)).toBe(
      'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
    );
  });
});

describe('deriveAddress — agrees with derivation from the private keys', () => {
  const paths = {
    bitcoin: "m/84'/0'/0'",
    litecoin: "m/84'/2'/0'",
    ethereum: "m/44'/60'/0'",
    tron: "m/44'/195'/0'",
  } as const;

  it("the demo account xpubs are the public halves of the mnemonic's account keys", () => {
    for (const [network, path] of Object.entries(paths)) {
      expect(root.derive(path).publicExtendedKey).toBe(
        demoAccountXpubs[network as keyof typeof paths],
      );
    }
  });

  // 105 derivations from the private keys: about 4 s of CPU alone, more on a busy machine.
  it('every network, indexes 0…19 and one far index, matches the key derived from the seed', () => {
    for (const index of [...Array.from({ length: 20 }, (_, i) => i), 2_147_483_647]) {
      const key = (path: string) => {
        const publicKey = root.derive(`${path}/0/${index}`).publicKey;
        if (!publicKey) throw new Error('no public key');
        return publicKey;
      };
      expect(deriveAddress('bitcoin', demoAccountXpubs.bitcoin, index)).toBe(
        encodeSegwit('bc', 0, hash160(key(paths.bitcoin))),
      );
      expect(deriveAddress('litecoin', demoAccountXpubs.litecoin, index)).toBe(
        encodeSegwit('ltc', 0, hash160(key(paths.litecoin))),
      );
      // Uncompressed keys computed from the private scalar, independent of point decompression.
      const privateKey = root.derive(`${paths.ethereum}/0/${index}`).privateKey;
      if (!privateKey) throw new Error('no private key');
      const ethereum = toChecksumAddress(
        bytesToHex(evmAccount(secp256k1.getPublicKey(privateKey, false))),
      );
      expect(deriveAddress('ethereum', demoAccountXpubs.ethereum, index)).toBe(ethereum);
      const tronKey = root.derive(`${paths.tron}/0/${index}`).privateKey;
      if (!tronKey) throw new Error('no private key');
      const tronPayload = new Uint8Array([
        0x41,
        ...evmAccount(secp256k1.getPublicKey(tronKey, false)),
      ]);
      expect(deriveAddress('tron', demoAccountXpubs.tron, index)).toBe(
        base58check.encode(tronPayload),
      );
    }
  }, 60_000);

  it('derived addresses pass isValidAddress on their network', () => {
    for (let index = 0; index < 10; index++) {
      expect(
        isValidAddress('bitcoin', deriveAddress('bitcoin', demoAccountXpubs.bitcoin, index)),
      ).toBe(true);
      expect(
        isValidAddress('litecoin', deriveAddress('litecoin', demoAccountXpubs.litecoin, index)),
      ).toBe(true);
      expect(
        isValidAddress('ethereum', deriveAddress('ethereum', demoAccountXpubs.ethereum, index)),
      ).toBe(true);
      expect(isValidAddress('bsc', deriveAddress('bsc', demoAccountXpubs.ethereum, index))).toBe(
        true,
      );
      expect(isValidAddress('tron', deriveAddress('tron', demoAccountXpubs.tron, index))).toBe(
        true,
      );
    }
  });
});

describe('BIP32 test vector 1 — public (non-hardened) derivation from published xpubs', () => {
  // bitcoin/bips bip-0032.mediawiki, seed 000102030405060708090a0b0c0d0e0f.
  const m0H =
    'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
  const m0H1 =
    'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ';
  const m0H12H =
    'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
  const m0H12H2 =
    'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV';
  const m0H12H21000000000 =
    'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy';

  it('m/0H → /1, m/0H/1/2H → /2 → /1000000000 from the public keys alone', () => {
    expect(HDKey.fromExtendedKey(m0H).deriveChild(1).publicExtendedKey).toBe(m0H1);
    const m2 = HDKey.fromExtendedKey(m0H12H).deriveChild(2);
    expect(m2.publicExtendedKey).toBe(m0H12H2);
    expect(m2.deriveChild(1_000_000_000).publicExtendedKey).toBe(m0H12H21000000000);
  });

  it('deriveAddress on the m/0H/1/2H xpub derives its /0/i children from the public key', () => {
    const seedV1 = hexToBytes('000102030405060708090a0b0c0d0e0f');
    const publicKey = HDKey.fromMasterSeed(seedV1).derive("m/0'/1/2'/0/5").publicKey;
    if (!publicKey) throw new Error('no public key');
    expect(deriveAddress('bitcoin', m0H12H, 5)).toBe(encodeSegwit('bc', 0, hash160(publicKey)));
  });
});

describe('deriveAddress — refuses what is not an accepted account public key', () => {
  it('refuses an extended PRIVATE key, even for the right account', () => {
    const accountPrivate = root.derive("m/84'/0'/0'").privateExtendedKey;
    expect(() => deriveAddress('bitcoin', accountPrivate, 0)).toThrow(/PUBLIC/);
    expect(isValidAccountXpub('bitcoin', accountPrivate)).toBe(false);
    // An xprv payload relabelled with the xpub version bytes is still refused.
    expect(() => deriveAddress('bitcoin', withVersion(accountPrivate, 0x0488b21e), 0)).toThrow(
      /PRIVATE/,
    );
  });

  it('refuses version bytes of another script type or network', () => {
    const ypub = withVersion(demoAccountXpubs.bitcoin, 0x049d7cb2);
    expect(() => deriveAddress('bitcoin', ypub, 0)).toThrow();
    const ltub = withVersion(demoAccountXpubs.litecoin, 0x019da462);
    expect(() => deriveAddress('bitcoin', ltub, 0)).toThrow();
    expect(() =>
      deriveAddress('ethereum', withVersion(demoAccountXpubs.ethereum, 0x04b24746), 0),
    ).toThrow();
    const tpub = withVersion(demoAccountXpubs.bitcoin, 0x043587cf);
    expect(isValidAccountXpub('bitcoin', tpub)).toBe(false);
  });

  it('refuses garbage, a broken checksum and an empty string', () => {
    expect(isValidAccountXpub('ethereum', demoAccountXpubs.ethereum)).toBe(true);
    expect(isValidAccountXpub('ethereum', '')).toBe(false);
    expect(isValidAccountXpub('ethereum', 'not-a-key')).toBe(false);
    const xpub = demoAccountXpubs.ethereum;
    const flipped = `${xpub.slice(0, 20)}${xpub.charAt(20) === 'a' ? 'b' : 'a'}${xpub.slice(21)}`;
    expect(isValidAccountXpub('ethereum', flipped)).toBe(false);
    expect(isValidAccountXpub('ethereum', ` ${xpub}`)).toBe(false);
  });

  it('refuses negative, fractional and hardened indexes', () => {
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => deriveAddress('tron', demoAccountXpubs.tron, index)).toThrow(/index/);
    }
  });
});
