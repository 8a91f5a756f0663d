import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0009_payment_restrictions.sql (listed in db/schema.ts `Database`). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** migrations/0009: operator-set restrictions on a player's fiat orders */
export interface PlayerPaymentRestrictionsTable {
  user_id: string;
  buy_banned: boolean;
  fiat_banned: boolean;
  reason: string | null;
  updated_at: Timestamp;
  updated_by: string;
}

/** migrations/0059: the first operator's approval of a withdrawal above the four-eyes threshold */
export interface WithdrawalFirstApprovalsTable {
  kind: string;
  withdrawal_id: string;
  operator_id: string;
  approved_at: Timestamp;
}
