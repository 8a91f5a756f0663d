import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0018_crypto_wallet.sql (listed in db/schema.ts `Database`). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Money = ColumnType<bigint, bigint, bigint>;
/** numeric: read as a string (exact), written as a decimal string */
type Decimal = ColumnType<string, string, string>;

export interface CryptoMethodsTable {
  code: string;
  asset: string;
  network: string;
  name: string;
  precision: number;
  min_deposit_minor: Money;
  min_withdraw_minor: Money;
  withdraw_fee_minor: Money;
  cryptobot_min_deposit_minor: Money;
  confirmations: number;
  value_presets: string[];
  withdraw_allowed: Generated<boolean>;
  deposit_enabled: Generated<boolean>;
  providers: string[];
  sort_order: Generated<number>;
  updated_at: GeneratedTimestamp;
}

export interface CryptoDepositAddressesTable {
  user_id: string;
  network: string;
  derivation_index: number | null;
  memo: string | null;
  address: string;
  created_at: GeneratedTimestamp;
}

export interface CryptoDepositsTable {
  id: Generated<string>;
  method_code: string;
  network: string;
  tx_hash: string;
  output_index: number;
  user_id: string | null;
  provider: string | null;
  address: string | null;
  memo: string | null;
  amount_minor: Money;
  confirmations: number;
  required_confirmations: number;
  status: string;
  rate: Decimal | null;
  credited_minor: Money | null;
  credited_currency: string | null;
  ledger_transaction_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  credited_at: Timestamp | null;
}

export interface CryptoWithdrawalsTable {
  id: Generated<string>;
  user_id: string;
  method_code: string;
  network: string;
  address: string | null;
  memo: string | null;
  provider: string | null;
  amount_minor: Money;
  fee_minor: ColumnType<bigint, bigint | undefined, bigint>;
  rate: Decimal;
  held_minor: Money;
  held_currency: string;
  status: string;
  tx_hash: string | null;
  reject_reason: string | null;
  cancellable_until: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
}
