import { describe, expect, it } from 'vitest';
import { serializeWalletAnswer } from './seamless-wallet.routes.ts';

describe('wallet answers on the wire', () => {
  it('writes the fields in one order whatever order they were built in', () => {
    const text = serializeWalletAnswer({
      balance: 5n,
      currency: 'USD',
      user: 'u',
      request_uuid: 'r',
      status: 'RS_OK',
    });
    expect(text).toBe(
      '{"status":"RS_OK","request_uuid":"r","user":"u","currency":"USD","balance":5}',
    );
  });

  it('keeps balances beyond 2^53 exact', () => {
    const text = serializeWalletAnswer({ status: 'RS_OK', balance: 9_007_199_254_740_993_000n });
    expect(text).toBe('{"status":"RS_OK","balance":9007199254740993000}');
  });

  it('leaves out what an answer does not carry', () => {
    expect(serializeWalletAnswer({ status: 'RS_ERROR_INVALID_SIGNATURE' })).toBe(
      '{"status":"RS_ERROR_INVALID_SIGNATURE"}',
    );
  });
});
