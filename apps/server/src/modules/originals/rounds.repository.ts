import type { OriginalEngine } from '@casino/contract';
import { type Selectable, sql } from 'kysely';
import type { DatabaseExecutor } from '../../db/database.ts';
import type { GameRoundsTable } from '../../db/schema.ts';

export type GameRoundRow = Selectable<GameRoundsTable>;

/** A round with what its answer needs from its seed pair and game. */
export interface RoundView extends GameRoundRow {
  engine: OriginalEngine;
  game_title: string;
  server_seed_hash: string;
  /** null until the pair is revealed */
  server_seed: string | null;
}

export interface NewRound {
  id: string;
  userId: string;
  gameId: string;
  seedId: string;
  nonce: bigint;
  clientSeed: string;
  currency: string;
  betMinor: bigint;
  payoutMinor: bigint;
  multiplier: string;
  rtp: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  state: 'open' | 'settled';
  createdAt: Date;
  settledAt: Date | null;
  /** the stake's split (bonuses module StakePlan): its bonus, the bonus part, a free spin */
  bonusId: string | null;
  betBonusMinor: bigint;
  freespin: boolean;
}

/** Rounds of the originals (game_rounds). */
export class RoundsRepository {
  /**
   * Stores a round and, in the same statement, marks the game last played by the player (the
   * `game_last_played` row the games module reads): one round trip for both.
   */
  async insert(executor: DatabaseExecutor, round: NewRound): Promise<GameRoundRow> {
    return await executor
      .with('played', (db) =>
        db
          .insertInto('game_last_played')
          .values({ user_id: round.userId, game_id: round.gameId, played_at: round.createdAt })
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'game_id']).doUpdateSet({ played_at: round.createdAt }),
          ),
      )
      .insertInto('game_rounds')
      .values({
        id: round.id,
        user_id: round.userId,
        game_id: round.gameId,
        seed_id: round.seedId,
        nonce: round.nonce,
        client_seed: round.clientSeed,
        currency: round.currency,
        bet_minor: round.betMinor,
        payout_minor: round.payoutMinor,
        multiplier: round.multiplier,
        rtp: round.rtp,
        params: JSON.stringify(round.params),
        outcome: JSON.stringify(round.outcome),
        state: round.state,
        created_at: round.createdAt,
        settled_at: round.settledAt,
        bonus_id: round.bonusId,
        bet_bonus_minor: round.betBonusMinor,
        freespin: round.freespin,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The player's round of that game, locked FOR UPDATE (a mines action). */
  async lockOwn(
    executor: DatabaseExecutor,
    userId: string,
    gameId: string,
    roundId: string,
  ): Promise<GameRoundRow | undefined> {
    return await executor
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', roundId)
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(
    executor: DatabaseExecutor,
    roundId: string,
    changes: {
      outcome: Record<string, unknown>;
      multiplier: string;
      state?: 'settled';
      payoutMinor?: bigint;
      settledAt?: Date;
    },
  ): Promise<void> {
    await executor
      .updateTable('game_rounds')
      .set({
        outcome: JSON.stringify(changes.outcome),
        multiplier: changes.multiplier,
        ...(changes.state === undefined ? {} : { state: changes.state }),
        ...(changes.payoutMinor === undefined ? {} : { payout_minor: changes.payoutMinor }),
        ...(changes.settledAt === undefined ? {} : { settled_at: changes.settledAt }),
      })
      .where('id', '=', roundId)
      .execute();
  }

  /** An open round of the player: of one game, or of any when `gameId` is null. */
  async findOpen(
    executor: DatabaseExecutor,
    userId: string,
    gameId: string | null,
  ): Promise<{ id: string; game_id: string } | undefined> {
    let query = executor
      .selectFrom('game_rounds')
      .select(['id', 'game_id'])
      .where('user_id', '=', userId)
      .where('state', '=', 'open');
    if (gameId !== null) query = query.where('game_id', '=', gameId);
    return await query.limit(1).executeTakeFirst();
  }

  private views(executor: DatabaseExecutor) {
    return executor
      .selectFrom('game_rounds as r')
      .innerJoin('fairness_seeds as s', 's.id', 'r.seed_id')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .selectAll('r')
      .select([
        sql<OriginalEngine>`g.engine`.as('engine'),
        'g.title as game_title',
        's.server_seed_hash',
        sql<string | null>`CASE WHEN s.revealed_at IS NULL THEN NULL ELSE s.server_seed END`.as(
          'server_seed',
        ),
      ]);
  }

  /** One of the player's rounds; undefined for anyone else's. */
  async findOwnView(
    executor: DatabaseExecutor,
    userId: string,
    roundId: string,
  ): Promise<RoundView | undefined> {
    return await this.views(executor)
      .where('r.id', '=', roundId)
      .where('r.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The player's rounds of a game, newest first. */
  async pageOwn(
    executor: DatabaseExecutor,
    userId: string,
    gameId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: RoundView[]; total: number }> {
    const rows = await this.views(executor)
      .where('r.user_id', '=', userId)
      .where('r.game_id', '=', gameId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.nonce', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const { total } = await executor
      .selectFrom('game_rounds')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total) };
  }
}
