import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0013_seamless_wallet.sql (listed in db/schema.ts `Database`). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface SeamlessProvidersTable {
  id: string;
  name: string;
  signature_scheme: 'rsa_sha256' | 'hmac_sha256';
  provider_public_key: string | null;
  hmac_secret: string | null;
  our_public_key: string;
  our_private_key: string;
  currencies: string[];
  session_ttl_seconds: number;
  enabled: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface SeamlessGamesTable {
  game_id: string;
  provider_id: string;
  game_code: string;
  created_at: GeneratedTimestamp;
}

export interface SeamlessSessionsTable {
  id: Generated<string>;
  token_hash: Buffer;
  provider_id: string;
  user_id: string;
  game_id: string;
  currency: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

export interface SeamlessTransactionsTable {
  id: ColumnType<bigint, never, never>;
  provider_id: string;
  transaction_uuid: string;
  kind: 'bet' | 'win' | 'rollback';
  state: 'applied' | 'refused' | 'rolled_back';
  user_id: string;
  session_id: string | null;
  currency: string | null;
  amount: ColumnType<bigint | null, bigint | null, bigint | null>;
  amount_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  round: string | null;
  game_code: string | null;
  reference_transaction_uuid: string | null;
  /** jsonb: read as parsed JSON, written as a JSON string */
  response: ColumnType<unknown, string | null, string | null>;
  /** the ledger returns transaction ids as decimal strings; they read back as bigint */
  ledger_transaction_id: ColumnType<bigint | null, string | null | undefined, string | null>;
  rollback_ledger_transaction_id: ColumnType<
    bigint | null,
    string | null | undefined,
    string | null
  >;
  tombstone: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** a bet: the player's active bonus when its stake was taken (migrations/0016_bonuses.sql) */
  bonus_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** a bet: the part of its stake that was bonus money */
  bonus_amount_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** a bet the provider funds (`is_free`): nothing moved (migrations/0027_seamless_free_bets.sql) */
  is_free: ColumnType<boolean, boolean | undefined, boolean>;
  /** a free bet: the provider's reward it was played from */
  reward_uuid: ColumnType<string | null, string | null | undefined, string | null>;
}
