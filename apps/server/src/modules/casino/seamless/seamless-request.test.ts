import { seamlessBetRequestSchema } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { parseJsonObject, requestUuidOf, validateWalletBody } from './seamless-request.ts';

const bet = {
  request_uuid: 'r-1',
  user: 'u-1',
  token: 't-1',
  transaction_uuid: 'x-1',
  game_code: 'clt_dragonrising',
  round: 'round-1',
  currency: 'USD',
  amount: 100000,
};

describe('wallet request bodies', () => {
  it('parses JSON objects only', () => {
    expect(parseJsonObject(Buffer.from('{"a":1}'))).toEqual({ a: 1 });
    expect(parseJsonObject(Buffer.from('[1]'))).toBeNull();
    expect(parseJsonObject(Buffer.from('12'))).toBeNull();
    expect(parseJsonObject(Buffer.from('{"a":'))).toBeNull();
    expect(parseJsonObject(Buffer.alloc(0))).toBeNull();
  });

  it('echoes a sane request_uuid only', () => {
    expect(requestUuidOf({ request_uuid: 'abc' })).toBe('abc');
    expect(requestUuidOf({ request_uuid: 12 })).toBeUndefined();
    expect(requestUuidOf({ request_uuid: 'x'.repeat(256) })).toBeUndefined();
    expect(requestUuidOf(null)).toBeUndefined();
  });

  it('accepts a complete bet and keeps unknown provider fields out', () => {
    const result = validateWalletBody(seamlessBetRequestSchema, { ...bet, extra: true });
    expect(result).toEqual({ ok: true, value: bet });
  });

  it('answers RS_ERROR_WRONG_SYNTAX for a missing field or a body that is not an object', () => {
    const { amount: _amount, ...withoutAmount } = bet;
    expect(validateWalletBody(seamlessBetRequestSchema, withoutAmount)).toEqual({
      ok: false,
      status: 'RS_ERROR_WRONG_SYNTAX',
    });
    expect(validateWalletBody(seamlessBetRequestSchema, null)).toEqual({
      ok: false,
      status: 'RS_ERROR_WRONG_SYNTAX',
    });
  });

  it('answers RS_ERROR_WRONG_TYPES for wrong types, fractions and negative amounts', () => {
    for (const amount of ['100000', 1.5, -1, 2 ** 60]) {
      expect(validateWalletBody(seamlessBetRequestSchema, { ...bet, amount })).toEqual({
        ok: false,
        status: 'RS_ERROR_WRONG_TYPES',
      });
    }
    expect(validateWalletBody(seamlessBetRequestSchema, { ...bet, round_closed: 'yes' })).toEqual({
      ok: false,
      status: 'RS_ERROR_WRONG_TYPES',
    });
  });
});
