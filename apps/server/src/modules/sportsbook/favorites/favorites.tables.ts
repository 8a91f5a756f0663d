import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0032_sport_favorites.sql (listed in db/schema.ts `Database`). */
export interface SportFavoritesTable {
  user_id: string;
  /** bigint: read as text by the driver */
  event_id: ColumnType<string | null, number | null | undefined, never>;
  league_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
