import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: AES-256-GCM under OPERATOR_TOTP_KEY. Stored as `v1:` + base64 of the
 * 12-byte nonce, the 16-byte tag and the ciphertext; the operator's id is the associated data, so
 * a secret copied onto another operator's row does not decrypt. A value without the prefix is a
 * secret stored plain before encryption (read as is; the server encrypts those at start).
 */
const prefix = 'v1:';
const nonceBytes = 12;
const tagBytes = 16;

export class TotpSecretCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The TOTP key must be 32 bytes.');
  }

  encrypt(secret: string, operatorId: string): string {
    const nonce = randomBytes(nonceBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(operatorId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return prefix + Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  /** The secret; throws when the stored value was encrypted under another key or altered. */
  decrypt(stored: string, operatorId: string): string {
    if (!TotpSecretCipher.isEncrypted(stored)) return stored;
    const bytes = Buffer.from(stored.slice(prefix.length), 'base64');
    if (bytes.length <= nonceBytes + tagBytes) throw new Error('A malformed TOTP secret.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, nonceBytes));
    decipher.setAAD(Buffer.from(operatorId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(nonceBytes, nonceBytes + tagBytes));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(nonceBytes + tagBytes)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new Error(
        'A TOTP secret does not decrypt with OPERATOR_TOTP_KEY (was the key changed?).',
      );
    }
  }

  static isEncrypted(stored: string): boolean {
    return stored.startsWith(prefix);
  }
}
