import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** operator_recovery_codes (migrations/0059_backoffice_foundation.sql) */
export interface OperatorRecoveryCodesTable {
  operator_id: string;
  code_hash: Buffer;
  used_at: Timestamp | null;
}

/** operator_login_challenges: a password checked, the TOTP code awaited */
export interface OperatorLoginChallengesTable {
  token_hash: Buffer;
  operator_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}
