import type { PushCategory } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';

export interface PushSubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushPreferencesRow {
  categories: Record<PushCategory, boolean>;
  promptRefusedAt: Date | null;
}

/** The push module's tables (migrations/0057): subscriptions per device and preferences. */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores this browser's subscription for `userId`; an endpoint known for another player (a
   * shared browser signed in to another account) moves to this one. Answers the previous owner
   * when it was someone else.
   */
  async upsertSubscription(
    executor: DatabaseExecutor,
    subscription: { userId: string; endpoint: string; p256dh: string; auth: string; at: Date },
  ): Promise<{ previousUserId: string | null }> {
    const previous = await executor
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', subscription.endpoint)
      .forUpdate()
      .executeTakeFirst();
    await executor
      .insertInto('push_subscriptions')
      .values({
        user_id: subscription.userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        created_at: subscription.at,
        updated_at: subscription.at,
      })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet({
          user_id: subscription.userId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          updated_at: subscription.at,
        }),
      )
      .execute();
    const previousUserId =
      previous && previous.user_id !== subscription.userId ? previous.user_id : null;
    return { previousUserId };
  }

  /** Keeps the player's `keep` most recently renewed devices; answers how many were removed. */
  async trimDevices(executor: DatabaseExecutor, userId: string, keep: number): Promise<number> {
    const stale = await executor
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (stale.length === 0) return 0;
    await executor
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .execute();
    return stale.length;
  }

  async deleteByEndpoint(
    executor: DatabaseExecutor,
    userId: string,
    endpoint: string,
  ): Promise<boolean> {
    const result = await executor
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Removes a subscription the push service no longer knows; answers its player. */
  async deleteById(executor: DatabaseExecutor, id: string): Promise<string | null> {
    const row = await executor
      .deleteFrom('push_subscriptions')
      .where('id', '=', BigInt(id) as never)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async countForUser(executor: DatabaseExecutor, userId: string): Promise<number> {
    const row = await executor
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listForUser(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PushSubscriptionRow[]> {
    const rows = await executor
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toSubscription);
  }

  async findById(
    id: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PushSubscriptionRow | null> {
    const row = await executor
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
      .where('id', '=', BigInt(id) as never)
      .executeTakeFirst();
    return row ? toSubscription(row) : null;
  }

  async findPreferences(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PushPreferencesRow | null> {
    const row = await executor
      .selectFrom('push_preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      categories: {
        deposits: row.deposits,
        withdrawals: row.withdrawals,
        tournaments: row.tournaments,
        bonuses: row.bonuses,
        sportsbook: row.sportsbook,
      },
      promptRefusedAt: row.prompt_refused_at,
    };
  }

  async savePreferences(
    executor: DatabaseExecutor,
    userId: string,
    change: { categories?: Partial<Record<PushCategory, boolean>>; promptRefusedAt?: Date },
    at: Date,
  ): Promise<void> {
    const values = {
      ...change.categories,
      ...(change.promptRefusedAt ? { prompt_refused_at: change.promptRefusedAt } : {}),
      updated_at: at,
    };
    await executor
      .insertInto('push_preferences')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  }
}

function toSubscription(row: {
  id: bigint;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}): PushSubscriptionRow {
  return {
    id: row.id.toString(),
    userId: row.user_id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
  };
}
