import type { CryptoNetworkId } from '@casino/contract';
import { base58 } from '@scure/base';
import { isBase58CheckAddress, isSegwitAddress, toChecksumAddress } from './encodings.ts';
import { parseTonAddress } from './ton.ts';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
/** Bech32 data part: hrp separator "1", then 11–71 characters (version + program + checksum). */
const SEGWIT_LOWER = '1[02-9ac-hj-np-z]{11,71}';
const SEGWIT_UPPER = '1[02-9AC-HJ-NP-Z]{11,71}';

/**
 * Anchored JavaScript regex sources (the `addressFormat` of a method) the browser checks before
 * asking the server. Deliberately looser than `isValidAddress` (no checksum), never stricter:
 * `isValidAddress` requires a match first, so every address it accepts matches.
 */
export const addressFormats: Readonly<Record<CryptoNetworkId, string>> = {
  // base58check P2PKH 1… / P2SH 3… of 21 bytes is 25–34 characters; segwit is one case only.
  bitcoin: `^(?:[13]${BASE58}{24,33}|bc${SEGWIT_LOWER}|BC${SEGWIT_UPPER})$`,
  litecoin: `^(?:[LM3]${BASE58}{24,33}|ltc${SEGWIT_LOWER}|LTC${SEGWIT_UPPER})$`,
  ethereum: '^0x[0-9a-fA-F]{40}$',
  bsc: '^0x[0-9a-fA-F]{40}$',
  tron: `^T${BASE58}{33}$`,
  ton: '^(?:[A-Za-z0-9+/_-]{48}|(?:0|-1):[0-9a-fA-F]{64})$',
  solana: `^${BASE58}{32,44}$`,
};

const formatPatterns = Object.fromEntries(
  Object.entries(addressFormats).map(([network, source]) => [network, new RegExp(source)]),
) as Record<CryptoNetworkId, RegExp>;

// Base58check version bytes of 21-byte payloads.
const BITCOIN_P2PKH = 0x00;
const BITCOIN_P2SH = 0x05;
const LITECOIN_P2PKH = 0x30; // L…
const LITECOIN_P2SH = 0x32; // M…
const LITECOIN_LEGACY_P2SH = 0x05; // 3…, shared with Bitcoin before Litecoin moved to M…
const TRON_PREFIX = 0x41;

/**
 * Whether `address` is a valid address on `network`, format AND checksum: bitcoin base58check
 * P2PKH/P2SH or bech32 (v0) / bech32m (v1+) on hrp bc; litecoin L/M/3 base58check or ltc1
 * segwit; ethereum and bsc 0x + 40 hex, EIP-55 checksum when the case is mixed; tron base58check
 * of 21 bytes starting 0x41; ton user-friendly (CRC16) or raw form on mainnet; solana base58 of
 * exactly 32 bytes. No surrounding whitespace is tolerated: callers trim at the edge if they want.
 */
export function isValidAddress(network: CryptoNetworkId, address: string): boolean {
  if (!formatPatterns[network].test(address)) return false;
  switch (network) {
    case 'bitcoin':
      return (
        isBase58CheckAddress(address, [BITCOIN_P2PKH, BITCOIN_P2SH]) ||
        isSegwitAddress('bc', address)
      );
    case 'litecoin':
      return (
        isBase58CheckAddress(address, [LITECOIN_P2PKH, LITECOIN_P2SH, LITECOIN_LEGACY_P2SH]) ||
        isSegwitAddress('ltc', address)
      );
    case 'ethereum':
    case 'bsc': {
      const hex = address.slice(2);
      const lower = hex.toLowerCase();
      return hex === lower || hex === hex.toUpperCase() || toChecksumAddress(lower) === address;
    }
    case 'tron':
      return isBase58CheckAddress(address, [TRON_PREFIX]);
    case 'ton':
      return parseTonAddress(address) !== null;
    case 'solana':
      return isSolanaAddress(address);
    default: {
      const unknown: never = network;
      throw new Error(`no address rules for network ${String(unknown)}`);
    }
  }
}

function isSolanaAddress(address: string): boolean {
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}
