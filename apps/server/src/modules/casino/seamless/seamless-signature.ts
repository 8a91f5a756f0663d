import {
  createHmac,
  createPublicKey,
  generateKeyPair,
  sign,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

/** Provider keys shorter than this are refused: they no longer protect money. */
export const minimumRsaModulusBits = 2048;

export interface SigningKeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

/** Our RSA key pair for one provider account (2048-bit, SPKI / PKCS#8 PEM). */
export async function generateSigningKeyPair(): Promise<SigningKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** True when `pem` is an RSA public key of at least `minimumRsaModulusBits`. */
export function isUsableRsaPublicKey(pem: string): boolean {
  try {
    const key = createPublicKey(pem);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    return key.asymmetricKeyType === 'rsa' && bits >= minimumRsaModulusBits;
  } catch {
    return false;
  }
}

/** base64 RSA-SHA256 (PKCS#1 v1.5) signature of `body` with a PEM private key. */
export function signRsaSha256(body: Buffer | string, privateKeyPem: string): string {
  return sign(
    'sha256',
    typeof body === 'string' ? Buffer.from(body) : body,
    privateKeyPem,
  ).toString('base64');
}

/** Checks a base64 RSA-SHA256 signature of the raw body; false for anything malformed. */
export function verifyRsaSha256(body: Buffer, signature: string, publicKeyPem: string): boolean {
  const decoded = decodeBase64(signature);
  if (!decoded) return false;
  try {
    return verify('sha256', body, publicKeyPem, decoded);
  } catch {
    return false;
  }
}

/** base64 HMAC-SHA256 of `body` under the shared secret. */
export function hmacSha256(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Checks a base64 HMAC-SHA256 signature of the raw body in constant time. */
export function verifyHmacSha256(body: Buffer, signature: string, secret: string): boolean {
  const decoded = decodeBase64(signature);
  if (!decoded) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return decoded.length === expected.length && timingSafeEqual(decoded, expected);
}

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBase64(value: string): Buffer | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 2048 || !base64Pattern.test(trimmed)) return null;
  return Buffer.from(trimmed, 'base64');
}
