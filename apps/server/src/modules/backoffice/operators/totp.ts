import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const periodSeconds = 30;
const issuer = 'Casino back office';

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The otpauth URL as a QR code, an SVG data URL the app shows as an image. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a 6-digit code belongs to, when it is the code of the step of `now` or of the one
 * before or after (±1 step for clock drift); null otherwise. The caller refuses a step already
 * used (replay).
 */
export function totpStepOf(secret: string, code: string, now: Date): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, 'check').validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  return BigInt(Math.floor(now.getTime() / 1000 / periodSeconds) + delta);
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of 16 characters from 31 (79 bits) as `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let index = 0; index < 16; index += 1) {
      code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
    }
    return code.match(/.{4}/g)?.join('-') ?? code;
  });
}

/** What is stored of a recovery code: SHA-256 of it without dashes, lower case. */
export function hashRecoveryCode(code: string): Buffer {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalised, 'utf8').digest();
}
