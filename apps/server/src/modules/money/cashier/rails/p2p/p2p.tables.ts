import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely's view of the P2P rail's tables: its methods, orders, saved withdrawal details and
 * requisites (migrations/0007_fiat_wallet.sql, 0008; listed in db/schema.ts `Database`).
 */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string */
type Json = ColumnType<unknown, string | undefined, string>;
type Money = ColumnType<bigint, bigint, bigint>;

export interface FiatPaymentMethodsTable {
  id: string;
  name: string;
  icon: string;
  icon_big: string;
  label: string;
  kind: string;
  currency: string;
  invoice_flow: Generated<string>;
  countries: string[] | null;
  enabled: Generated<boolean>;
  buy_conditions: Json | null;
  sell_conditions: Json | null;
  created_at: GeneratedTimestamp;
}

export interface FiatOrdersTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  status: string;
  method_id: string;
  currency: string;
  amount_minor: Money;
  fee_minor: ColumnType<bigint, bigint | undefined, bigint>;
  credited_minor: Money | null;
  requisite_id: string | null;
  payment_details: Json;
  recipient_bank: string | null;
  external_target: string | null;
  external_fields: Json;
  callback_url: string | null;
  subbank_id: string | null;
  expires_at: Timestamp;
  cancellable_until: Timestamp | null;
  payer_name: string | null;
  receipt_file: string | null;
  receipt_mime: string | null;
  dispute: Json | null;
  ledger_transaction_id: string | null;
  hold_id: string | null;
  /** migrations/0008: set when the order's currency is not the player's balance currency */
  balance_currency: ColumnType<string | null, string | null | undefined, string | null>;
  balance_amount_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  exchange_rate: ColumnType<string | null, string | null | undefined, string | null>;
  /** migrations/0061: the operator's reason of a decline */
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface FiatSavedDetailsTable {
  user_id: string;
  method_id: string;
  details: Json;
  details_hash: string;
  used_at: GeneratedTimestamp;
}

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
