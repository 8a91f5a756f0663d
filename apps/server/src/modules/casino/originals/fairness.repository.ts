import type { Selectable } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { FairnessSeedsTable } from '../../../db/schema.ts';

export type FairnessSeedRow = Selectable<FairnessSeedsTable>;

export interface NewSeedPair {
  userId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
}

/** Provably fair seed pairs (fairness_seeds): one active (unrevealed) pair per player. */
export class FairnessRepository {
  /** Inserts an active pair unless the player has one (the partial unique index decides). */
  async insertActiveIfAbsent(executor: DatabaseExecutor, pair: NewSeedPair): Promise<void> {
    await executor
      .insertInto('fairness_seeds')
      .values({
        user_id: pair.userId,
        server_seed: pair.serverSeed,
        server_seed_hash: pair.serverSeedHash,
        client_seed: pair.clientSeed,
      })
      .onConflict((conflict) =>
        conflict.column('user_id').where('revealed_at', 'is', null).doNothing(),
      )
      .execute();
  }

  /** The player's active pair; `lock` takes its row FOR UPDATE (nonces, rotation). */
  async findActive(
    executor: DatabaseExecutor,
    userId: string,
    options: { lock: boolean },
  ): Promise<FairnessSeedRow | undefined> {
    let query = executor
      .selectFrom('fairness_seeds')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revealed_at', 'is', null);
    if (options.lock) query = query.forUpdate();
    return await query.executeTakeFirst();
  }

  async findLastRevealed(
    executor: DatabaseExecutor,
    userId: string,
  ): Promise<FairnessSeedRow | undefined> {
    return await executor
      .selectFrom('fairness_seeds')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revealed_at', 'is not', null)
      .orderBy('revealed_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The player's pairs among `seedIds` (others' pairs are left out). */
  async findOwnByIds(
    executor: DatabaseExecutor,
    userId: string,
    seedIds: readonly string[],
  ): Promise<FairnessSeedRow[]> {
    if (seedIds.length === 0) return [];
    return await executor
      .selectFrom('fairness_seeds')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', seedIds)
      .execute();
  }

  async findById(executor: DatabaseExecutor, seedId: string): Promise<FairnessSeedRow | undefined> {
    return await executor
      .selectFrom('fairness_seeds')
      .selectAll()
      .where('id', '=', seedId)
      .executeTakeFirst();
  }

  /**
   * Takes the next nonce of the player's active pair in one statement (the UPDATE locks the
   * row); the returned row's `next_nonce` is already advanced, so the round's nonce is one less.
   * Undefined when the player has no active pair (first round, or a rotation just committed).
   */
  async takeActiveNonce(
    executor: DatabaseExecutor,
    userId: string,
  ): Promise<FairnessSeedRow | undefined> {
    return await executor
      .updateTable('fairness_seeds')
      .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1n) }))
      .where('user_id', '=', userId)
      .where('revealed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  async setClientSeed(executor: DatabaseExecutor, seedId: string, clientSeed: string) {
    await executor
      .updateTable('fairness_seeds')
      .set({ client_seed: clientSeed })
      .where('id', '=', seedId)
      .execute();
  }

  /** Reveals a pair: its server seed may be shown from now on and it takes no more rounds. */
  async reveal(executor: DatabaseExecutor, seedId: string, at: Date): Promise<void> {
    await executor
      .updateTable('fairness_seeds')
      .set({ revealed_at: at })
      .where('id', '=', seedId)
      .execute();
  }
}
