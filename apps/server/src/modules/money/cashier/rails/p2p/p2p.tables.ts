import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the P2P rail's requisites (migrations/0007_fiat_wallet.sql; db/schema.ts). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface FiatRequisitesTable {
  id: Generated<string>;
  method_id: string;
  recipient_bank: string;
  card: string | null;
  phone: string | null;
  bank_name: string | null;
  holder_name: string | null;
  active: Generated<boolean>;
  last_assigned_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
