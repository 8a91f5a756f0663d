import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely's view of push_subscriptions (migrations/0057_push_subscriptions.sql). */
export interface PushSubscriptionsTable {
  id: ColumnType<bigint, never, never>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** push_preferences: consent per category and the prompt's last refusal. */
export interface PushPreferencesTable {
  user_id: string;
  deposits: Generated<boolean>;
  withdrawals: Generated<boolean>;
  tournaments: Generated<boolean>;
  bonuses: Generated<boolean>;
  sportsbook: Generated<boolean>;
  prompt_refused_at: Timestamp | null;
  updated_at: Timestamp;
}
