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

/** migrations/0059: manual balance adjustments (house ↔ player), maker-checker above the threshold */
export interface BalanceAdjustmentsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  reason: string;
  status: string;
  requested_by: string;
  approved_by: string | null;
  ledger_transaction_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  created_at: Timestamp;
  applied_at: Timestamp | null;
  rejected_by: ColumnType<string | null, string | null | undefined, string | null>;
  rejected_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
