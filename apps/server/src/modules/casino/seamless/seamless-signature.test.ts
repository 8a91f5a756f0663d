import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateSigningKeyPair,
  hmacSha256,
  isUsableRsaPublicKey,
  signRsaSha256,
  verifyHmacSha256,
  verifyRsaSha256,
} from './seamless-signature.ts';

const body = Buffer.from('{"user":"u-1","request_uuid":"r-1","token":"t"}');

describe('RSA-SHA256 request signatures', () => {
  it('verifies a signature over the exact bytes and nothing else', async () => {
    const keys = await generateSigningKeyPair();
    const signature = signRsaSha256(body, keys.privateKeyPem);
    expect(verifyRsaSha256(body, signature, keys.publicKeyPem)).toBe(true);
    const reformatted = Buffer.from('{"user": "u-1","request_uuid":"r-1","token":"t"}');
    expect(verifyRsaSha256(reformatted, signature, keys.publicKeyPem)).toBe(false);
  });

  it('rejects another key’s signature and malformed signatures', async () => {
    const ours = await generateSigningKeyPair();
    const theirs = await generateSigningKeyPair();
    expect(
      verifyRsaSha256(body, signRsaSha256(body, theirs.privateKeyPem), ours.publicKeyPem),
    ).toBe(false);
    expect(verifyRsaSha256(body, 'not base64!', ours.publicKeyPem)).toBe(false);
    expect(verifyRsaSha256(body, '', ours.publicKeyPem)).toBe(false);
  });

  it('accepts RSA public keys of 2048 bits or more only', () => {
    const strong = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const curve = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    expect(isUsableRsaPublicKey(strong.export({ type: 'spki', format: 'pem' }).toString())).toBe(
      true,
    );
    expect(isUsableRsaPublicKey(strong.export({ type: 'pkcs1', format: 'pem' }).toString())).toBe(
      true,
    );
    expect(isUsableRsaPublicKey(weak.export({ type: 'spki', format: 'pem' }).toString())).toBe(
      false,
    );
    expect(isUsableRsaPublicKey(curve.export({ type: 'spki', format: 'pem' }).toString())).toBe(
      false,
    );
    expect(isUsableRsaPublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toBe(
      false,
    );
  });
});

describe('HMAC-SHA256 request signatures', () => {
  const secret = 'a-shared-secret-of-at-least-32-characters';

  it('verifies the base64 HMAC of the raw body', () => {
    expect(verifyHmacSha256(body, hmacSha256(body, secret), secret)).toBe(true);
  });

  it('rejects another secret, another body and garbage', () => {
    expect(verifyHmacSha256(body, hmacSha256(body, `${secret}x`), secret)).toBe(false);
    expect(verifyHmacSha256(Buffer.from('{}'), hmacSha256(body, secret), secret)).toBe(false);
    expect(verifyHmacSha256(body, 'AAAA', secret)).toBe(false);
    expect(verifyHmacSha256(body, '%%%', secret)).toBe(false);
  });
});
