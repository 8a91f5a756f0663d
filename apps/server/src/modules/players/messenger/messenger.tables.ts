import type { ColumnType } from 'kysely';

/** Kysely's view of messenger_links (migrations/0019_crypto_withdrawals.sql). */
export interface MessengerLinksTable {
  user_id: string;
  messenger_user_id: string;
  linked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
