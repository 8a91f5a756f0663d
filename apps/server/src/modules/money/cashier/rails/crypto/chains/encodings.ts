import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

/** Base58 with a 4-byte double-SHA256 checksum (Bitcoin, Litecoin legacy/P2SH, Tron). */
export const base58check = createBase58check(sha256);

/** RIPEMD160(SHA256(x)): the 20-byte key or script hash of Bitcoin-family addresses. */
export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}

/** The 20-byte account of EVM chains and Tron: the last 20 bytes of keccak256(X ‖ Y). */
export function evmAccount(uncompressedPublicKey: Uint8Array): Uint8Array {
  if (uncompressedPublicKey.length !== 65 || uncompressedPublicKey[0] !== 0x04) {
    throw new Error('expected an uncompressed secp256k1 public key');
  }
  return keccak_256(uncompressedPublicKey.subarray(1)).subarray(12);
}

/** EIP-55: hex digit i is upper-cased when nibble i of keccak256(lower-case hex) is ≥ 8. */
export function toChecksumAddress(lowerHex: string): string {
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lowerHex)));
  let result = '0x';
  for (let i = 0; i < lowerHex.length; i++) {
    const char = lowerHex.charAt(i);
    result += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

/** A segwit address (BIP173 for version 0, BIP350 for versions 1–16). */
export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(hrp, words) : bech32m.encode(hrp, words);
}

/**
 * Whether `address` is a valid segwit address on `hrp`: BIP173/BIP350 checksum of the encoding
 * its version demands, one case only, program of 2–40 bytes with no stray padding, and version 0
 * programs of 20 (P2WPKH) or 32 (P2WSH) bytes.
 */
export function isSegwitAddress(hrp: string, address: string): boolean {
  if (address.length > 90 || address.toLowerCase().slice(0, hrp.length + 1) !== `${hrp}1`) {
    return false;
  }
  const v0 = bech32.decodeUnsafe(address, 90);
  const v1plus = v0 ? undefined : bech32m.decodeUnsafe(address, 90);
  const decoded = v0 ?? v1plus;
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) return false;
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) return false;
  if ((version === 0) !== (v0 !== undefined)) return false;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

/** Whether `address` is base58check of exactly 21 bytes whose first byte is one of `versions`. */
export function isBase58CheckAddress(address: string, versions: readonly number[]): boolean {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return false;
  }
  return payload.length === 21 && versions.includes(payload[0] ?? -1);
}
