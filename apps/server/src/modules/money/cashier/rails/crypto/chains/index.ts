/**
 * Chain code for the crypto wallet: receive addresses derived from the operator's account-level
 * extended PUBLIC keys (no private key ever reaches the server), address validation (format AND
 * checksum) for withdrawals, the looser regex sources the browser checks first, and the TON
 * non-bounceable form used to show the shared TON deposit address.
 */

export { demoAccountXpubs, demoSharedAddresses } from './demo-keys.ts';
export {
  type DerivedNetworkId,
  deriveAddress,
  isValidAccountXpub,
} from './derive-address.ts';
export { toNonBounceable } from './ton.ts';
export { addressFormats, isValidAddress } from './validate-address.ts';
