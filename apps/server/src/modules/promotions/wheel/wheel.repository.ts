import type { OffsetPageMeta } from '@casino/contract';
import { type Selectable, sql } from 'kysely';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { offsetPage } from '../../../lib/history-page.ts';
import type {
  SpinWeight,
  WheelBalanceType,
  WheelPrizesTable,
  WheelSpinsTable,
} from './wheel.tables.ts';

export type WheelPrizeRow = Selectable<WheelPrizesTable>;
export type WheelSpinRow = Selectable<WheelSpinsTable>;

export interface NewSpin {
  id: string;
  userId: string;
  spinDay: string;
  prizeId: string;
  seedId: string;
  clientSeed: string;
  nonce: bigint;
  weights: SpinWeight[];
  amountUsdMinor: bigint;
  currency: string;
  amountMinor: bigint;
  balanceType: WheelBalanceType;
  promoCode: string | null;
  createdAt: Date;
}

export interface PrizeInput {
  /** a current prize to update; absent: a new prize */
  id?: string | undefined;
  amountUsdMinor: bigint;
  balanceType: WheelBalanceType;
  weight: number;
  promoCode: string | null;
}

/** The wheel's prize table and the players' spins (wheel_prizes, wheel_spins). */
export class WheelRepository {
  /** The prizes on the wheel now, in wheel order. */
  async currentPrizes(executor: DatabaseExecutor): Promise<WheelPrizeRow[]> {
    return await executor
      .selectFrom('wheel_prizes')
      .selectAll()
      .where('retired_at', 'is', null)
      .orderBy('position')
      .execute();
  }

  /** Whether the wheel ever had a prize (retired ones count): demo prizes are seeded once. */
  async hasAnyPrize(executor: DatabaseExecutor): Promise<boolean> {
    const row = await executor.selectFrom('wheel_prizes').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async findSpin(
    executor: DatabaseExecutor,
    userId: string,
    spinDay: string,
  ): Promise<WheelSpinRow | undefined> {
    return await executor
      .selectFrom('wheel_spins')
      .selectAll()
      .where('user_id', '=', userId)
      .where('spin_day', '=', spinDay)
      .executeTakeFirst();
  }

  /**
   * Stores the spin unless the player already has one that UTC day: a concurrent spin of the
   * same day waits here on the unique index and then inserts nothing. True when stored.
   */
  async insertSpin(executor: DatabaseExecutor, spin: NewSpin): Promise<boolean> {
    const inserted = await executor
      .insertInto('wheel_spins')
      .values({
        id: spin.id,
        user_id: spin.userId,
        spin_day: spin.spinDay,
        prize_id: spin.prizeId,
        seed_id: spin.seedId,
        client_seed: spin.clientSeed,
        nonce: spin.nonce,
        weights: JSON.stringify(spin.weights),
        amount_usd_minor: spin.amountUsdMinor,
        currency: spin.currency,
        amount_minor: spin.amountMinor,
        balance_type: spin.balanceType,
        promo_code: spin.promoCode,
        created_at: spin.createdAt,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'spin_day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** One of the player's spins; undefined when it is not theirs or does not exist. */
  async findOwnSpin(
    executor: DatabaseExecutor,
    userId: string,
    spinId: string,
  ): Promise<WheelSpinRow | undefined> {
    return await executor
      .selectFrom('wheel_spins')
      .selectAll()
      .where('id', '=', spinId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The player's spins, newest first, counted up to 1,000 past the page's start. */
  async pageOwnSpins(
    executor: DatabaseExecutor,
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: WheelSpinRow[]; meta: OffsetPageMeta }> {
    return await offsetPage(
      executor,
      executor.selectFrom('wheel_spins').where('user_id', '=', userId),
      (rows) => rows.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
    );
  }

  /** Records what an 'other' prize became: the bonus, in its currency and amount. */
  async setSpinBonus(
    executor: DatabaseExecutor,
    spinId: string,
    bonus: { userBonusId: string; currency: string; amountMinor: bigint },
  ): Promise<void> {
    await executor
      .updateTable('wheel_spins')
      .set({
        user_bonus_id: bonus.userBonusId,
        currency: bonus.currency,
        amount_minor: bonus.amountMinor,
      })
      .where('id', '=', spinId)
      .execute();
  }

  /**
   * Replaces the prize table: rows naming a current prize update it, the others are added, and
   * current prizes not named are retired. Operator edits serialise on a transaction lock.
   * Returns the ids named that are not current prizes (nothing is written then).
   */
  async replacePrizes(
    transaction: DatabaseTransaction,
    prizes: PrizeInput[],
    at: Date,
  ): Promise<{ unknownIds: string[] }> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('wheel_prizes', 0))`.execute(
      transaction,
    );
    const current = new Set((await this.currentPrizes(transaction)).map((prize) => prize.id));
    const unknownIds = prizes.flatMap((prize) =>
      prize.id !== undefined && !current.has(prize.id) ? [prize.id] : [],
    );
    if (unknownIds.length > 0) return { unknownIds };
    const kept = prizes.flatMap((prize) => (prize.id === undefined ? [] : [prize.id]));
    let retire = transaction
      .updateTable('wheel_prizes')
      .set({ retired_at: at, updated_at: at })
      .where('retired_at', 'is', null);
    if (kept.length > 0) retire = retire.where('id', 'not in', kept);
    await retire.execute();
    for (const [position, prize] of prizes.entries()) {
      const values = {
        position,
        amount_usd_minor: prize.amountUsdMinor,
        balance_type: prize.balanceType,
        weight: prize.weight,
        promo_code: prize.promoCode,
        updated_at: at,
      };
      if (prize.id === undefined) {
        await transaction
          .insertInto('wheel_prizes')
          .values({ ...values, created_at: at })
          .execute();
      } else {
        await transaction
          .updateTable('wheel_prizes')
          .set(values)
          .where('id', '=', prize.id)
          .execute();
      }
    }
    return { unknownIds: [] };
  }
}
