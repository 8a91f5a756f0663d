import type { OriginalEngine } from '@casino/contract';
import { type Selectable, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { GameRoundsTable } from '../../../db/schema.ts';
import {
  afterPosition,
  cappedCount,
  type HistoryPosition,
  historyInstant,
} from '../../../lib/history-page.ts';

export type GameRoundRow = Selectable<GameRoundsTable>;

/** A round with what its answer needs from its seed pair and game. */
export interface RoundView extends GameRoundRow {
  engine: OriginalEngine;
  game_title: string;
  server_seed_hash: string;
  /** null until the pair is revealed */
  server_seed: string | null;
}

/** What an instant round of the player needs read before it is computed (one statement). */
export interface InstantRoundContext {
  globalId: string;
  primaryCurrency: string;
  accounts: Array<{ currency: string; kind: string; balanceMinor: bigint }>;
  /** the active seed pair; null before the player's first pair was made */
  seed: {
    id: string;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nextNonce: bigint;
  } | null;
  /** the player's active bonus (null: none) and whether another one waits as pending */
  bonus: InstantBonusContext | null;
  pendingBonus: boolean;
  /**
   * the player has a responsible-gambling wager or loss limit: their rounds take the general
   * path (the stake plan and the limit's check)
   */
  stakeLimits: boolean;
  /** the idempotency record of the request's key, if the key was used before */
  replay: { hash: Buffer; statusCode: number | null; body: unknown } | null;
}

/** A player's active bonus as an instant round needs it (minor units of its currency). */
export interface InstantBonusContext {
  id: string;
  currency: string;
  wagerCurrentMinor: bigint;
  wagerTotalMinor: bigint;
  freespinsLeft: number;
  maxBetMinor: bigint | null;
  expiresAt: Date;
  /** each game's contribution to its wagering (percent), for the games read so far */
  percents: Record<string, number>;
}

/** Rounds of the originals (game_rounds). */
export class RoundsRepository {
  async instantContext(
    executor: DatabaseExecutor,
    userId: string,
    idempotency: { scope: string; key: string },
    gameId: string,
  ): Promise<InstantRoundContext | null> {
    const { rows } = await sql<{
      global_id: bigint;
      primary_currency: string;
      accounts: Array<{ currency: string; kind: string; balance: string }>;
      seed: {
        id: string;
        serverSeed: string;
        serverSeedHash: string;
        clientSeed: string;
        nextNonce: string;
      } | null;
      bonus: {
        id: string;
        currency: string;
        wagerCurrent: string;
        wagerTotal: string;
        freespinsLeft: number;
        maxBet: string | null;
        expiresAt: string;
        percent: number;
      } | null;
      pending_bonus: boolean;
      stake_limits: boolean;
      replay: { hash: string; statusCode: number | null; body: unknown } | null;
    }>`
      SELECT u.global_id, u.primary_currency,
        coalesce((
          SELECT json_agg(json_build_object(
            'currency', a.currency, 'kind', a.kind, 'balance', a.balance_minor::text
          ) ORDER BY a.currency, a.kind)
          FROM ledger_accounts a WHERE a.user_id = u.id
        ), '[]'::json) AS accounts,
        (
          SELECT json_build_object(
            'id', s.id, 'serverSeed', s.server_seed, 'serverSeedHash', s.server_seed_hash,
            'clientSeed', s.client_seed, 'nextNonce', s.next_nonce::text
          )
          FROM fairness_seeds s WHERE s.user_id = u.id AND s.revealed_at IS NULL
        ) AS seed,
        (
          -- the game's contribution as the bonus engine reads it (bonuses.repository.ts)
          SELECT json_build_object(
            'id', b.id, 'currency', b.currency, 'wagerCurrent', b.wager_current_minor::text,
            'wagerTotal', b.wager_total_minor::text, 'freespinsLeft', b.freespins_left,
            'maxBet', b.wager_max_bet_minor::text, 'expiresAt', b.expires_at,
            'percent', CASE
              WHEN NOT EXISTS (SELECT 1 FROM bonus_offer_games w WHERE w.offer_id = b.offer_id)
                THEN 100
              ELSE coalesce((
                SELECT w.percent FROM bonus_offer_games w
                WHERE w.offer_id = b.offer_id AND w.game_id = ${gameId}
              ), 0)
            END
          )
          FROM user_bonuses b WHERE b.user_id = u.id AND b.status = 'active'
        ) AS bonus,
        EXISTS (
          SELECT 1 FROM user_bonuses b WHERE b.user_id = u.id AND b.status = 'pending'
        ) AS pending_bonus,
        EXISTS (
          SELECT 1 FROM player_limits l
          WHERE l.user_id = u.id AND l.type IN ('wager', 'loss', 'session')
        ) OR u.reality_check_minutes IS NOT NULL OR EXISTS (
          SELECT 1 FROM player_exclusions x WHERE x.user_id = u.id
        ) AS stake_limits,
        (
          SELECT json_build_object(
            'hash', encode(k.request_hash, 'hex'), 'statusCode', k.status_code,
            'body', k.response_body
          )
          FROM idempotency_keys k WHERE k.scope = ${idempotency.scope} AND k.key = ${idempotency.key}
        ) AS replay
      FROM users u WHERE u.id = ${userId}`.execute(executor);
    const row = rows[0];
    if (!row) return null;
    return {
      globalId: row.global_id.toString(),
      primaryCurrency: row.primary_currency,
      accounts: row.accounts.map((account) => ({
        currency: account.currency,
        kind: account.kind,
        balanceMinor: BigInt(account.balance),
      })),
      seed: row.seed ? { ...row.seed, nextNonce: BigInt(row.seed.nextNonce) } : null,
      bonus: row.bonus
        ? {
            id: row.bonus.id,
            currency: row.bonus.currency,
            wagerCurrentMinor: BigInt(row.bonus.wagerCurrent),
            wagerTotalMinor: BigInt(row.bonus.wagerTotal),
            freespinsLeft: row.bonus.freespinsLeft,
            maxBetMinor: row.bonus.maxBet === null ? null : BigInt(row.bonus.maxBet),
            expiresAt: new Date(row.bonus.expiresAt),
            percents: { [gameId]: row.bonus.percent },
          }
        : null,
      pendingBonus: row.pending_bonus,
      stakeLimits: row.stake_limits,
      replay: row.replay
        ? {
            hash: Buffer.from(row.replay.hash, 'hex'),
            statusCode: row.replay.statusCode,
            body: row.replay.body,
          }
        : null,
    };
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

  /**
   * A page of the player's rounds of a game, newest first (created_at, nonce, id descending;
   * index game_rounds_user_game_keyset): after `position` when the client sent a cursor, else
   * from `offset`. `counted`: rows from the page's start on, counted up to the cap.
   */
  async pageOwn(
    executor: DatabaseExecutor,
    userId: string,
    gameId: string,
    page: { limit: number; offset: number; position: HistoryPosition | null },
  ): Promise<{ rows: (RoundView & { cursor_at: string })[]; counted: number }> {
    const skip = page.position ? 0 : page.offset;
    const position = page.position;
    const rows = await this.views(executor)
      .select(historyInstant('r.created_at').as('cursor_at'))
      .where('r.user_id', '=', userId)
      .where('r.game_id', '=', gameId)
      .$if(position !== null, (query) =>
        query.where(
          afterPosition(
            ['r.created_at', 'r.nonce', 'r.id'],
            roundKeyParts,
            position as HistoryPosition,
          ),
        ),
      )
      .orderBy('r.created_at', 'desc')
      .orderBy('r.nonce', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(skip)
      .execute();
    const counted = await cappedCount(
      executor,
      executor
        .selectFrom('game_rounds as r')
        .where('r.user_id', '=', userId)
        .where('r.game_id', '=', gameId)
        .$if(position !== null, (query) =>
          query.where(
            afterPosition(
              ['r.created_at', 'r.nonce', 'r.id'],
              roundKeyParts,
              position as HistoryPosition,
            ),
          ),
        )
        .orderBy('r.created_at', 'desc')
        .orderBy('r.nonce', 'desc')
        .orderBy('r.id', 'desc')
        .offset(skip),
    );
    return { rows, counted };
  }
}

/** The rounds history's sort key: created_at, nonce, id (all descending). */
export const roundKeyParts = ['instant', 'integer', 'uuid'] as const;
