import { describe, expect, it } from 'vitest';
import { accountKey } from './account-key.ts';
import { platformAccount, playerAccount } from './ledger.service.ts';

const userId = '0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f';

describe('accountKey', () => {
  it('names a player account by owner, user, currency and kind', () => {
    expect(accountKey(playerAccount(userId, 'USD', 'main'))).toBe(`player:${userId}:USD:main`);
    expect(accountKey(playerAccount(userId, 'BTC', 'bonus'))).toBe(`player:${userId}:BTC:bonus`);
    expect(accountKey(playerAccount(userId, 'EUR', 'withdrawal_hold'))).toBe(
      `player:${userId}:EUR:withdrawal_hold`,
    );
  });

  it('writes the user id as PostgreSQL prints a uuid: lowercase', () => {
    expect(accountKey(playerAccount(userId.toUpperCase(), 'USD', 'main'))).toBe(
      `player:${userId}:USD:main`,
    );
  });

  it('leaves the user empty for a platform account', () => {
    expect(accountKey(platformAccount('USD', 'house'))).toBe('platform::USD:house');
    expect(accountKey(platformAccount('TON', 'provider_clearing'))).toBe(
      'platform::TON:provider_clearing',
    );
  });

  it('keeps every account apart: another user, currency or kind is another key', () => {
    const other = '1c6f9b4d-7a3e-4d2b-8f8c-3e5a7b9d1f20';
    const keys = [
      accountKey(playerAccount(userId, 'USD', 'main')),
      accountKey(playerAccount(other, 'USD', 'main')),
      accountKey(playerAccount(userId, 'EUR', 'main')),
      accountKey(playerAccount(userId, 'USD', 'bonus')),
      accountKey(platformAccount('USD', 'house')),
      accountKey(platformAccount('USD', 'fees')),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
