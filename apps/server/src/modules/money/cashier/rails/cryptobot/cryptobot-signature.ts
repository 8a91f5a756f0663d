import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The header the crypto-bot's webhooks carry their signature in. */
export const cryptoBotSignatureHeader = 'crypto-pay-api-signature';

/**
 * The Crypto Pay API webhook signature: hex HMAC-SHA256 of the raw request body, keyed with the
 * SHA-256 digest of the API token.
 */
export function cryptoBotSignature(token: string, rawBody: Buffer | string): string {
  const key = createHash('sha256').update(token).digest();
  return createHmac('sha256', key).update(rawBody).digest('hex');
}

/** Whether `signature` signs `rawBody` with `token` (constant-time; false for any other shape). */
export function isValidCryptoBotSignature(
  token: string,
  rawBody: Buffer | string,
  signature: string | undefined,
): boolean {
  if (signature === undefined || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(cryptoBotSignature(token, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
