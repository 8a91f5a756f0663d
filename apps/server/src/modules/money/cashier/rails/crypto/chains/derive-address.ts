import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { base58check, encodeSegwit, evmAccount, hash160, toChecksumAddress } from './encodings.ts';

/** Networks whose receive addresses are derived from an extended public key (secp256k1). */
export const derivedNetworkIds = ['bitcoin', 'litecoin', 'ethereum', 'bsc', 'tron'] as const;
export type DerivedNetworkId = (typeof derivedNetworkIds)[number];

// SLIP-132 version bytes of extended PUBLIC keys. Private-key versions are deliberately absent,
// so an xprv pasted by mistake is refused instead of being used.
const XPUB = 0x0488b21e;
const ZPUB = 0x04b24746; // BIP84 native segwit
const LTUB = 0x019da462; // Litecoin BIP32/BIP44
const MTUB = 0x01b26ef6; // Litecoin BIP49
/** Only to satisfy HDKey's versions argument; private keys are refused before it is used. */
const XPRV = 0x0488ade4;

const acceptedVersions: Readonly<Record<DerivedNetworkId, readonly number[]>> = {
  bitcoin: [XPUB, ZPUB],
  litecoin: [XPUB, ZPUB, LTUB, MTUB],
  ethereum: [XPUB],
  bsc: [XPUB],
  tron: [XPUB],
};

/** Tron prefixes the 20-byte account with 0x41 before base58check ("T…"). */
const TRON_PREFIX = 0x41;

/** Receive chains (<account>/0) already parsed, per network and key: parsing costs a point op. */
const receiveChains = new Map<string, HDKey>();
const RECEIVE_CHAIN_CACHE_LIMIT = 32;

function receiveChain(network: DerivedNetworkId, accountXpub: string): HDKey {
  const cacheKey = `${network}:${accountXpub}`;
  const cached = receiveChains.get(cacheKey);
  if (cached) return cached;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(accountXpub);
  } catch {
    throw new Error(`${network}: the account key is not a base58check extended key`);
  }
  const version =
    payload.length === 78 ? new DataView(payload.buffer, payload.byteOffset).getUint32(0) : -1;
  if (!acceptedVersions[network].includes(version)) {
    throw new Error(
      `${network}: expected an account-level extended PUBLIC key (${acceptedVersions[network].length > 1 ? 'xpub/zpub' : 'xpub'})`,
    );
  }
  if (payload[45] === 0) throw new Error(`${network}: refusing an extended PRIVATE key`);
  const account = HDKey.fromExtendedKey(accountXpub, { public: version, private: XPRV });
  const chain = account.deriveChild(0);
  if (receiveChains.size >= RECEIVE_CHAIN_CACHE_LIMIT) receiveChains.clear();
  receiveChains.set(cacheKey, chain);
  return chain;
}

/** Whether `accountXpub` is an extended public key `deriveAddress` accepts for `network`. */
export function isValidAccountXpub(network: DerivedNetworkId, accountXpub: string): boolean {
  try {
    receiveChain(network, accountXpub);
    return true;
  } catch {
    return false;
  }
}

/**
 * The receive address <account>/0/`index` of an ACCOUNT-level extended public key: bitcoin and
 * litecoin BIP84 P2WPKH (bc1q…, ltc1q…), ethereum and bsc the EIP-55 checksummed 0x address (one
 * address for both chains and every token on them), tron base58check with the 0x41 prefix (T…).
 * Throws when the key is not an accepted extended public key or `index` is not a non-hardened
 * child number.
 */
export function deriveAddress(
  network: DerivedNetworkId,
  accountXpub: string,
  index: number,
): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new Error(`address index must be an integer in [0, 2^31): ${index}`);
  }
  const publicKey = receiveChain(network, accountXpub).deriveChild(index).publicKey;
  if (!publicKey) throw new Error('derived key has no public key');
  switch (network) {
    case 'bitcoin':
      return encodeSegwit('bc', 0, hash160(publicKey));
    case 'litecoin':
      return encodeSegwit('ltc', 0, hash160(publicKey));
    case 'ethereum':
    case 'bsc':
      return toChecksumAddress(bytesToHex(evmAccount(uncompressed(publicKey))));
    case 'tron': {
      const account = evmAccount(uncompressed(publicKey));
      const payload = new Uint8Array(21);
      payload[0] = TRON_PREFIX;
      payload.set(account, 1);
      return base58check.encode(payload);
    }
    default: {
      const unknown: never = network;
      throw new Error(`no derivation for network ${String(unknown)}`);
    }
  }
}

function uncompressed(compressedPublicKey: Uint8Array): Uint8Array {
  return secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
}
