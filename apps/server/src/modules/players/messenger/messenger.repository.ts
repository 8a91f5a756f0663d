import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';

/** the unique key of messenger_links.messenger_user_id */
export const messengerUserUniqueKey = 'messenger_links_messenger_user_key';

/** messenger_links (migrations/0019): the messenger account each player proved they own. */
export class MessengerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Links the player to the messenger user, replacing their previous link. A messenger user
   * another player holds breaks `messengerUserUniqueKey` (one statement: nothing changes).
   */
  async link(
    entry: { userId: string; messengerUserId: string; at: Date },
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .insertInto('messenger_links')
      .values({
        user_id: entry.userId,
        messenger_user_id: entry.messengerUserId,
        linked_at: entry.at,
      })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({
          messenger_user_id: entry.messengerUserId,
          linked_at: entry.at,
        }),
      )
      .execute();
  }

  async messengerUserId(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<string | null> {
    const row = await executor
      .selectFrom('messenger_links')
      .select('messenger_user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.messenger_user_id ?? null;
  }

  /** The player linked to the messenger user, or null. */
  async userIdOf(
    messengerUserId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<string | null> {
    const row = await executor
      .selectFrom('messenger_links')
      .select('user_id')
      .where('messenger_user_id', '=', messengerUserId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /**
   * Remembers a launch that signs in (migrations/0056); false when it was used before (one
   * statement: two requests with the same launch cannot both insert it).
   */
  async rememberLaunch(
    launch: {
      launchKey: Buffer;
      botId: string;
      messengerUserId: string;
      usedAt: Date;
      expiresAt: Date;
    },
    executor: DatabaseExecutor = this.db,
  ): Promise<boolean> {
    const row = await executor
      .insertInto('messenger_launches')
      .values({
        launch_key: launch.launchKey,
        bot_id: launch.botId,
        messenger_user_id: launch.messengerUserId,
        used_at: launch.usedAt,
        expires_at: launch.expiresAt,
      })
      .onConflict((conflict) => conflict.column('launch_key').doNothing())
      .returning('launch_key')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets the launches too old to sign in anyway; answers how many. */
  async deleteLaunchesExpiredBefore(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('messenger_launches')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
