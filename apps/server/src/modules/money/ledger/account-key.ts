import type { AccountRef } from './ledger.service.ts';

/**
 * The one lookup key of a ledger account, `owner:userId:currency:kind`: 'player:<uuid>:USD:main',
 * 'platform::USD:house' (a platform account has no user). PostgreSQL computes the same text as
 * the generated, unique column `ledger_accounts.account_key` (migrations/0006_ledger.sql), so the
 * repository finds an account by this key through that index; the user id is lowercased because
 * the column prints the `uuid` that way. A test keeps this function and the column equal.
 */
export function accountKey(account: AccountRef): string {
  const userId = account.owner.type === 'player' ? account.owner.userId.toLowerCase() : '';
  return `${account.owner.type}:${userId}:${account.currency}:${account.kind}`;
}
