import type { OffsetPageMeta } from '@casino/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { offsetPage } from '../../../lib/history-page.ts';
import type { PromoActivationsTable, PromoCodesTable } from './promocodes.tables.ts';

export type PromoCodeRow = Selectable<PromoCodesTable>;
export type NewPromoCodeRow = Insertable<PromoCodesTable>;
export type PromoCodeUpdate = Updateable<PromoCodesTable>;
export type NewActivation = Insertable<PromoActivationsTable>;

/** The unique index that keeps codes unique without regard to case. */
export const promoCodeUniqueIndex = 'promo_codes_code';
/** The reference of a code to its offer (bonus_offers). */
export const promoCodeOfferReference = 'promo_codes_offer_id_fkey';

/** Promo codes, their activations and the first-deposit promo marker (migration 0017). */
export class PromoCodesRepository {
  /** The code matching without regard to case; `lock` takes its row FOR UPDATE. */
  async findByCode(
    executor: DatabaseExecutor,
    code: string,
    options: { lock: boolean } = { lock: false },
  ): Promise<PromoCodeRow | undefined> {
    let query = executor
      .selectFrom('promo_codes')
      .selectAll()
      .where(sql<string>`lower(code)`, '=', code.toLowerCase());
    if (options.lock) query = query.forUpdate();
    return await query.executeTakeFirst();
  }

  /** Whether any code was ever created: demo codes are seeded once. */
  async hasAnyCode(executor: DatabaseExecutor): Promise<boolean> {
    const row = await executor.selectFrom('promo_codes').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The codes among these that exist (compared without regard to case), as defined. */
  async existingCodes(executor: DatabaseExecutor, codes: string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const rows = await executor
      .selectFrom('promo_codes')
      .select('code')
      .where(
        sql<string>`lower(code)`,
        'in',
        codes.map((code) => code.toLowerCase()),
      )
      .execute();
    return rows.map((row) => row.code);
  }

  async page(
    executor: DatabaseExecutor,
    query: { code?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: PromoCodeRow[]; meta: OffsetPageMeta }> {
    let base = executor.selectFrom('promo_codes');
    if (query.code !== undefined) {
      const pattern = `%${query.code.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      base = base.where(sql<string>`lower(code)`, 'like', pattern);
    }
    return await offsetPage(
      executor,
      base,
      (rows) => rows.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      query,
    );
  }

  async insert(executor: DatabaseExecutor, row: NewPromoCodeRow): Promise<PromoCodeRow> {
    return await executor
      .insertInto('promo_codes')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Locks the code's row (operator edits and activations of one code serialise on it). */
  async lockById(executor: DatabaseExecutor, id: string): Promise<PromoCodeRow | undefined> {
    return await executor
      .selectFrom('promo_codes')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(
    executor: DatabaseExecutor,
    id: string,
    update: PromoCodeUpdate,
  ): Promise<PromoCodeRow> {
    return await executor
      .updateTable('promo_codes')
      .set(update)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Counts one more use, unless the total limit is reached; false then. Takes the row lock. */
  async takeUse(executor: DatabaseExecutor, id: string): Promise<boolean> {
    const taken = await executor
      .updateTable('promo_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('uses_limit', 'is', null), eb('uses', '<', eb.ref('uses_limit'))]))
      .returning('id')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async countActivations(
    executor: DatabaseExecutor,
    promoCodeId: string,
    userId: string,
  ): Promise<number> {
    const row = await executor
      .selectFrom('promo_activations')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('promo_code_id', '=', promoCodeId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Stores the player's `use_number`-th activation of the code; false when that use is already
   * stored (the unique index is the last guard of the per-player limit).
   */
  async insertActivation(executor: DatabaseExecutor, activation: NewActivation): Promise<boolean> {
    const inserted = await executor
      .insertInto('promo_activations')
      .values(activation)
      .onConflict((conflict) =>
        conflict.columns(['promo_code_id', 'user_id', 'use_number']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async setActivationResult(
    executor: DatabaseExecutor,
    activationId: string,
    result: { currency: string; amountMinor: bigint; userBonusId: string | null },
  ): Promise<void> {
    await executor
      .updateTable('promo_activations')
      .set({
        currency: result.currency,
        amount_minor: result.amountMinor,
        user_bonus_id: result.userBonusId,
      })
      .where('id', '=', activationId)
      .execute();
  }

  async firstDepositPromo(executor: DatabaseExecutor): Promise<PromoCodeRow | undefined> {
    return await executor
      .selectFrom('promo_codes')
      .selectAll()
      .where('is_first_deposit_promo', '=', true)
      .executeTakeFirst();
  }

  /** Makes `promoCodeId` the first-deposit promo (null: none); serialises on a transaction lock. */
  async setFirstDepositPromo(
    executor: DatabaseExecutor,
    promoCodeId: string | null,
    at: Date,
  ): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('first_deposit_promo', 0))`.execute(
      executor,
    );
    await executor
      .updateTable('promo_codes')
      .set({ is_first_deposit_promo: false, updated_at: at })
      .where('is_first_deposit_promo', '=', true)
      .execute();
    if (promoCodeId === null) return;
    await executor
      .updateTable('promo_codes')
      .set({ is_first_deposit_promo: true, updated_at: at })
      .where('id', '=', promoCodeId)
      .execute();
  }

  async firstDepositPromoShownAt(executor: DatabaseExecutor, userId: string): Promise<Date | null> {
    const row = await executor
      .selectFrom('first_deposit_promo_shown')
      .select('shown_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.shown_at ?? null;
  }

  /** Records the first showing; later calls keep it. */
  async markFirstDepositPromoShown(executor: DatabaseExecutor, userId: string, at: Date) {
    await executor
      .insertInto('first_deposit_promo_shown')
      .values({ user_id: userId, shown_at: at })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  }
}
