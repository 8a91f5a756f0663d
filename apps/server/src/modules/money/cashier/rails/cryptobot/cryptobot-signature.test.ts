import { createHash, createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { cryptoBotSignature, isValidCryptoBotSignature } from './cryptobot-signature.ts';

const token = '12345:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC';
const body = '{"update_id":1,"update_type":"invoice_paid","payload":{"invoice_id":7}}';

describe('crypto-bot webhook signature', () => {
  test('is the hex HMAC-SHA256 of the raw body keyed with SHA-256(token)', () => {
    const key = createHash('sha256').update(token).digest();
    expect(cryptoBotSignature(token, body)).toBe(
      createHmac('sha256', key).update(body).digest('hex'),
    );
    // not keyed with the token itself
    expect(cryptoBotSignature(token, body)).not.toBe(
      createHmac('sha256', token).update(body).digest('hex'),
    );
  });

  test('accepts the right signature in either case and nothing else', () => {
    const signature = cryptoBotSignature(token, body);
    expect(isValidCryptoBotSignature(token, body, signature)).toBe(true);
    expect(isValidCryptoBotSignature(token, Buffer.from(body), signature.toUpperCase())).toBe(true);
    expect(isValidCryptoBotSignature(token, `${body} `, signature)).toBe(false);
    expect(isValidCryptoBotSignature('other:token', body, signature)).toBe(false);
    expect(isValidCryptoBotSignature(token, body, undefined)).toBe(false);
    expect(isValidCryptoBotSignature(token, body, 'abc')).toBe(false);
    expect(isValidCryptoBotSignature(token, body, `${signature.slice(0, 63)}g`)).toBe(false);
  });
});
