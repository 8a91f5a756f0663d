import { Address } from '@ton/core';

/** Workchains a wallet can live on: basechain 0 and masterchain -1. */
const TON_WORKCHAINS: readonly number[] = [0, -1];

/**
 * Parses a TON address in user-friendly form (48 characters of base64 or base64url with its
 * CRC16 checksum) or raw form (`0:<64 hex>`, `-1:<64 hex>`). Returns null when it is not one,
 * when its workchain is not 0 or -1, or when it is flagged test-only: the platform pays and
 * receives on mainnet, and a testnet-flagged address means the player copied it from a testnet
 * wallet.
 */
export function parseTonAddress(address: string): Address | null {
  try {
    if (Address.isFriendly(address)) {
      const friendly = Address.parseFriendly(address);
      if (friendly.isTestOnly) return null;
      return TON_WORKCHAINS.includes(friendly.address.workChain) ? friendly.address : null;
    }
    if (!/^(?:0|-1):[0-9a-fA-F]{64}$/.test(address)) return null;
    return Address.parseRaw(address);
  } catch {
    return null;
  }
}

/**
 * The user-friendly, non-bounceable, url-safe mainnet form (UQ… on the basechain) of any valid
 * TON address: what wallets expect for a transfer to a wallet address, so a deposit to an
 * address whose contract is not deployed yet is not bounced back. Throws on an invalid address.
 */
export function toNonBounceable(tonAddress: string): string {
  const address = parseTonAddress(tonAddress);
  if (!address) throw new Error(`not a valid TON address: ${tonAddress}`);
  return address.toString({ urlSafe: true, bounceable: false, testOnly: false });
}
