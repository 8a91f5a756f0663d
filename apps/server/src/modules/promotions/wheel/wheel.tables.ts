import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the wheel tables of migrations/0017_wheel_promo.sql (see db/schema.ts). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Money = ColumnType<bigint, bigint, bigint>;

export type WheelBalanceType = 'main' | 'other';

export interface WheelPrizesTable {
  id: Generated<string>;
  position: number;
  amount_usd_minor: Money;
  balance_type: WheelBalanceType;
  weight: number;
  promo_code: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  retired_at: Timestamp | null;
}

/**
 * One entry of `wheel_spins.weights`: the prize table the spin's float was mapped over, as it
 * stood at the spin. `amountUsdMinor` (USD cents as a string) and `balanceType` are absent only
 * in spins stored before migration 0028 whose prize changed since.
 */
export interface SpinWeight {
  prizeId: string;
  weight: number;
  amountUsdMinor?: string;
  balanceType?: WheelBalanceType;
}

export interface WheelSpinsTable {
  id: string;
  user_id: string;
  /** `YYYY-MM-DD` (UTC) */
  spin_day: string;
  prize_id: string;
  seed_id: string;
  client_seed: string;
  nonce: Money;
  weights: ColumnType<SpinWeight[], string, string>;
  amount_usd_minor: Money;
  currency: string;
  amount_minor: Money;
  balance_type: WheelBalanceType;
  promo_code: string | null;
  user_bonus_id: string | null;
  created_at: Timestamp;
}
