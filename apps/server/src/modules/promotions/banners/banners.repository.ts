import type { OffsetPageMeta } from '@casino/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { offsetPage } from '../../../lib/history-page.ts';
import type { BannersTable, BannerTypeColumn, PartnersTable } from './banners.tables.ts';

export type BannerRow = Selectable<BannersTable>;
export type NewBannerRow = Insertable<BannersTable>;
export type BannerUpdate = Updateable<BannersTable>;
export type PartnerRow = Selectable<PartnersTable>;
export type NewPartnerRow = Insertable<PartnersTable>;

/** The reference of a banner to its tournament (migrations/0020_tournaments.sql, read only here). */
export const bannerTournamentReference = 'banners_tournament_id_fkey';
export const bannerPromoCategoryReference = 'banners_promo_category_id_fkey';

/** What a tournament banner shows of its tournament. */
export interface BannerTournamentRow {
  id: string;
  descriptions: Record<string, { name: string; description: string; image: string }>;
  ends_at: Date;
  vip_only: boolean;
}

/** A banner's words in the two languages the demo data writes. */
export interface DemoWords {
  en: { title: string; text: string };
  ru: { title: string; text: string };
}

/** Banners and partners (migration 0021); tournaments are read, never written, here. */
export class BannersRepository {
  /** Enabled banners of these types in display order (position, then oldest first). */
  async enabled(executor: DatabaseExecutor, types: readonly BannerTypeColumn[]) {
    if (types.length === 0) return [];
    return await executor
      .selectFrom('banners')
      .selectAll()
      .where('is_enabled', '=', true)
      .where('type', 'in', [...types])
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The tournaments among `ids` that have not ended by `now`. */
  async openTournaments(
    executor: DatabaseExecutor,
    ids: readonly string[],
    now: Date,
  ): Promise<BannerTournamentRow[]> {
    if (ids.length === 0) return [];
    return await executor
      .selectFrom('tournaments')
      .select(['id', 'descriptions', 'ends_at', 'vip_only'])
      .where('id', 'in', [...new Set(ids)])
      .where('ends_at', '>', now)
      .where('status', 'in', ['upcoming', 'running'])
      .execute();
  }

  async tournamentExists(executor: DatabaseExecutor, id: string): Promise<boolean> {
    const row = await executor
      .selectFrom('tournaments')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The first tournament still open that anyone may enter, soonest end first (demo banner). */
  async firstPublicOpenTournament(executor: DatabaseExecutor, now: Date) {
    return await executor
      .selectFrom('tournaments')
      .select('id')
      .where('vip_only', '=', false)
      .where('ends_at', '>', now)
      .where('status', 'in', ['upcoming', 'running'])
      .orderBy('starts_at')
      .orderBy('id')
      .executeTakeFirst();
  }

  async page(
    executor: DatabaseExecutor,
    query: { type?: BannerTypeColumn | undefined; limit: number; offset: number },
  ): Promise<{ rows: BannerRow[]; meta: OffsetPageMeta }> {
    let base = executor.selectFrom('banners');
    if (query.type !== undefined) base = base.where('type', '=', query.type);
    return await offsetPage(
      executor,
      base,
      (rows) => rows.selectAll().orderBy('position').orderBy('created_at').orderBy('id'),
      query,
    );
  }

  async insert(executor: DatabaseExecutor, row: NewBannerRow): Promise<BannerRow> {
    return await executor
      .insertInto('banners')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Inserts a banner with a fixed id unless it exists (demo data); true when inserted. */
  async insertIfMissing(executor: DatabaseExecutor, row: NewBannerRow): Promise<boolean> {
    const inserted = await executor
      .insertInto('banners')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * Replaces a demo banner that still carries exactly the English and Russian words it was
   * seeded with (`seeded`); one an operator has edited is left alone. True when replaced.
   */
  async replaceUnedited(
    executor: DatabaseExecutor,
    id: string,
    seeded: DemoWords,
    row: NewBannerRow,
    now: Date,
  ): Promise<boolean> {
    const replaced = await executor
      .updateTable('banners')
      .set({ ...row, id, updated_at: now })
      .where('id', '=', id)
      .where(sql`descriptions #>> '{en,title}'`, '=', seeded.en.title)
      .where(sql`descriptions #>> '{en,text}'`, '=', seeded.en.text)
      .where(sql`descriptions #>> '{ru,title}'`, '=', seeded.ru.title)
      .where(sql`descriptions #>> '{ru,text}'`, '=', seeded.ru.text)
      .returning('id')
      .executeTakeFirst();
    return replaced !== undefined;
  }

  async lockById(executor: DatabaseExecutor, id: string): Promise<BannerRow | undefined> {
    return await executor
      .selectFrom('banners')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(executor: DatabaseExecutor, id: string, update: BannerUpdate): Promise<BannerRow> {
    return await executor
      .updateTable('banners')
      .set(update)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(executor: DatabaseExecutor, id: string): Promise<BannerRow | undefined> {
    return await executor
      .deleteFrom('banners')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  // ─── partners ───────────────────────────────────────────────────────────────────────────

  async partners(
    executor: DatabaseExecutor,
    options: { enabledOnly: boolean },
  ): Promise<PartnerRow[]> {
    let query = executor.selectFrom('partners').selectAll();
    if (options.enabledOnly) query = query.where('is_enabled', '=', true);
    return await query.orderBy('position').orderBy('id').execute();
  }

  async lockPartner(executor: DatabaseExecutor, id: string): Promise<PartnerRow | undefined> {
    return await executor
      .selectFrom('partners')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Creates the partner or replaces every field of the existing one. */
  async upsertPartner(executor: DatabaseExecutor, row: NewPartnerRow): Promise<PartnerRow> {
    return await executor
      .insertInto('partners')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          position: eb.ref('excluded.position'),
          is_enabled: eb.ref('excluded.is_enabled'),
          image: eb.ref('excluded.image'),
          url: eb.ref('excluded.url'),
          descriptions: eb.ref('excluded.descriptions'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertPartnerIfMissing(executor: DatabaseExecutor, row: NewPartnerRow): Promise<void> {
    await executor
      .insertInto('partners')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** A demo partner's descriptions, unless an operator edited them (see `replaceUnedited`). */
  async replaceUneditedPartner(
    executor: DatabaseExecutor,
    id: string,
    seeded: { en: string; ru: string },
    descriptions: string,
    now: Date,
  ): Promise<boolean> {
    const replaced = await executor
      .updateTable('partners')
      .set({ descriptions, updated_at: now })
      .where('id', '=', id)
      .where(sql`descriptions #>> '{en,description}'`, '=', seeded.en)
      .where(sql`descriptions #>> '{ru,description}'`, '=', seeded.ru)
      .returning('id')
      .executeTakeFirst();
    return replaced !== undefined;
  }

  async deletePartner(executor: DatabaseExecutor, id: string): Promise<PartnerRow | undefined> {
    return await executor
      .deleteFrom('partners')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}
