import type { Kysely, Selectable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { PlayerPaymentRestrictionsTable } from './cashier.tables.ts';

export type PaymentRestrictionRow = Selectable<PlayerPaymentRestrictionsTable>;

/** player_payment_restrictions (migrations/0009): one row per player an operator restricted. */
export class PaymentRestrictionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PaymentRestrictionRow | null> {
    const row = await executor
      .selectFrom('player_payment_restrictions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  }

  async upsert(
    executor: DatabaseExecutor,
    entry: {
      userId: string;
      buyBanned: boolean;
      fiatBanned: boolean;
      reason: string | null;
      at: Date;
      operatorId: string;
    },
  ): Promise<PaymentRestrictionRow> {
    const values = {
      buy_banned: entry.buyBanned,
      fiat_banned: entry.fiatBanned,
      reason: entry.reason,
      updated_at: entry.at,
      updated_by: entry.operatorId,
    };
    return await executor
      .insertInto('player_payment_restrictions')
      .values({ user_id: entry.userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
