import type { ColumnType } from 'kysely';

/** Kysely's view of messenger_links (migrations/0019_crypto_withdrawals.sql). */
export interface MessengerLinksTable {
  user_id: string;
  messenger_user_id: string;
  linked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Kysely's view of messenger_launches (migrations/0056_messenger_launches.sql). */
export interface MessengerLaunchesTable {
  launch_key: Buffer;
  bot_id: string;
  messenger_user_id: string;
  used_at: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
