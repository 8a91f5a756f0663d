import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the crypto bot's tables (migrations/0018_crypto_wallet.sql; db/schema.ts). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Money = ColumnType<bigint, bigint, bigint>;

export interface CryptobotInvoicesTable {
  id: Generated<string>;
  user_id: string;
  method_code: string;
  asset: string;
  amount_minor: Money;
  status: Generated<string>;
  provider_invoice_id: string | null;
  pay_url: string | null;
  payload: string;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  deposit_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface CryptobotTransfersTable {
  spend_id: string;
  messenger_user_id: string;
  asset: string;
  amount: string;
  transfer_id: string;
  created_at: GeneratedTimestamp;
}
