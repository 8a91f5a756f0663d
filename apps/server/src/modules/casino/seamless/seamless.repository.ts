import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import {
  afterPosition,
  cappedSqlCount,
  type HistoryPosition,
  historyInstant,
} from '../../../lib/history-page.ts';
import type {
  SeamlessProvidersTable,
  SeamlessSessionsTable,
  SeamlessTransactionsTable,
} from './seamless.tables.ts';

export type ProviderRow = Selectable<SeamlessProvidersTable>;
export type SessionRow = Selectable<SeamlessSessionsTable>;
export type TransactionRow = Selectable<SeamlessTransactionsTable>;

export interface NewProvider {
  id: string;
  name: string;
  signatureScheme: ProviderRow['signature_scheme'];
  providerPublicKey: string | null;
  hmacSecret: string | null;
  ourPublicKey: string;
  ourPrivateKey: string;
  currencies: string[];
  sessionTtlSeconds: number;
  enabled: boolean;
  at: Date;
}

export interface ProviderChanges {
  name?: string;
  signatureScheme?: ProviderRow['signature_scheme'];
  providerPublicKey?: string;
  hmacSecret?: string;
  currencies?: string[];
  sessionTtlSeconds?: number;
  enabled?: boolean;
}

/** A provider game as the backoffice lists it: the catalog row and the provider's code. */
export interface ProviderGameRow {
  id: string;
  provider_id: string;
  game_code: string;
  title: string;
  external_launch_url: string | null;
  image_url: string;
  rtp: string;
  studio_id: string;
  label: 'exclusive' | 'early_access' | null;
  enabled: boolean;
}

export interface NewTransaction {
  providerId: string;
  transactionUuid: string;
  kind: TransactionRow['kind'];
  state: TransactionRow['state'];
  userId: string;
  sessionId: string | null;
  currency: string | null;
  amount: bigint | null;
  amountMinor: bigint | null;
  round: string | null;
  gameCode: string | null;
  referenceTransactionUuid: string | null;
  /** null only for a tombstone */
  response: Record<string, unknown> | null;
  ledgerTransactionId: string | null;
  at: Date;
  /** a bet: the active bonus when its stake was taken and the part that was bonus money */
  bonusId?: string | null;
  bonusAmountMinor?: bigint;
  /** a bet the provider funds: no money of the player's moved */
  isFree?: boolean;
  rewardUuid?: string | null;
}

/** A player's round of a provider game: its bets and wins summed (amounts in minor units). */
export interface PlayerRoundRow {
  round: string;
  currency: string;
  /** bets of the round that stand (not rolled back) */
  standingBets: number;
  standingBetMinor: bigint;
  rolledBackBetMinor: bigint;
  payoutMinor: bigint;
  /** one of its bets was a free bet */
  freeBet: boolean;
  createdAt: Date;
  /** when its last win arrived */
  settledAt: Date | null;
  /** its place in the list: its first transaction's created_at (cursor text) and id */
  key: [string, string];
}

/** A round's key in the player's list: its first transaction's (created_at, id). */
export const roundKeyParts = ['instant', 'integer'] as const;

/** Seamless wallet tables (migrations/0013_seamless_wallet.sql) and the external catalog rows. */
export class SeamlessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ─── provider accounts ──────────────────────────────────────────────────────────────────────

  async findProvider(id: string, executor: DatabaseExecutor = this.db) {
    return await executor
      .selectFrom('seamless_providers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async lockProvider(id: string, transaction: DatabaseTransaction) {
    return await transaction
      .selectFrom('seamless_providers')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async listProviders(executor: DatabaseExecutor = this.db): Promise<ProviderRow[]> {
    return await executor.selectFrom('seamless_providers').selectAll().orderBy('id').execute();
  }

  /** Null when the id is taken. */
  async insertProvider(
    provider: NewProvider,
    executor: DatabaseExecutor = this.db,
  ): Promise<ProviderRow | null> {
    const row = await executor
      .insertInto('seamless_providers')
      .values({
        id: provider.id,
        name: provider.name,
        signature_scheme: provider.signatureScheme,
        provider_public_key: provider.providerPublicKey,
        hmac_secret: provider.hmacSecret,
        our_public_key: provider.ourPublicKey,
        our_private_key: provider.ourPrivateKey,
        currencies: provider.currencies,
        session_ttl_seconds: provider.sessionTtlSeconds,
        enabled: provider.enabled,
        created_at: provider.at,
        updated_at: provider.at,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async updateProvider(
    id: string,
    changes: ProviderChanges,
    at: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<ProviderRow> {
    return await executor
      .updateTable('seamless_providers')
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.signatureScheme === undefined
          ? {}
          : { signature_scheme: changes.signatureScheme }),
        ...(changes.providerPublicKey === undefined
          ? {}
          : { provider_public_key: changes.providerPublicKey }),
        ...(changes.hmacSecret === undefined ? {} : { hmac_secret: changes.hmacSecret }),
        ...(changes.currencies === undefined ? {} : { currencies: changes.currencies }),
        ...(changes.sessionTtlSeconds === undefined
          ? {}
          : { session_ttl_seconds: changes.sessionTtlSeconds }),
        ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ─── provider games ─────────────────────────────────────────────────────────────────────────

  private providerGames(executor: DatabaseExecutor) {
    return executor
      .selectFrom('seamless_games')
      .innerJoin('games', 'games.id', 'seamless_games.game_id')
      .select([
        'games.id',
        'seamless_games.provider_id',
        'seamless_games.game_code',
        'games.title',
        'games.external_launch_url',
        'games.image_url',
        'games.rtp',
        'games.provider_id as studio_id',
        'games.label',
        'games.enabled',
      ]);
  }

  async listProviderGames(
    providerId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<ProviderGameRow[]> {
    return await this.providerGames(executor)
      .where('seamless_games.provider_id', '=', providerId)
      .orderBy('games.id')
      .execute();
  }

  async findProviderGame(
    gameId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<ProviderGameRow | undefined> {
    return await this.providerGames(executor).where('games.id', '=', gameId).executeTakeFirst();
  }

  /** Who holds a catalog id (any engine) or a provider's game code, with row locks. */
  async lockGameClaims(
    providerId: string,
    gameIds: string[],
    gameCodes: string[],
    transaction: DatabaseTransaction,
  ): Promise<{
    games: Array<{ id: string; engine: string; seamlessProviderId: string | null }>;
    codes: Array<{ gameId: string; gameCode: string }>;
  }> {
    const games = await transaction
      .selectFrom('games')
      .leftJoin('seamless_games', 'seamless_games.game_id', 'games.id')
      .select(['games.id', 'games.engine', 'seamless_games.provider_id as seamlessProviderId'])
      .where('games.id', 'in', gameIds)
      .forUpdate('games')
      .execute();
    const codes = await transaction
      .selectFrom('seamless_games')
      .select(['game_id as gameId', 'game_code as gameCode'])
      .where('provider_id', '=', providerId)
      .where('game_code', 'in', gameCodes)
      .forUpdate()
      .execute();
    return { games, codes };
  }

  /** The provider's code for a catalog game (the catalog row is the games module's). */
  async upsertGameCode(
    game: { id: string; providerId: string; gameCode: string },
    transaction: DatabaseTransaction,
  ): Promise<void> {
    await transaction
      .insertInto('seamless_games')
      .values({ game_id: game.id, provider_id: game.providerId, game_code: game.gameCode })
      .onConflict((conflict) =>
        conflict.column('game_id').doUpdateSet({ game_code: game.gameCode }),
      )
      .execute();
  }

  async isProviderGameCode(
    providerId: string,
    gameCode: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<boolean> {
    return (await this.providerGameId(providerId, gameCode, executor)) !== undefined;
  }

  /** The catalog game a provider's game code stands for. */
  async providerGameId(
    providerId: string,
    gameCode: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<string | undefined> {
    const row = await executor
      .selectFrom('seamless_games')
      .select('game_id')
      .where('provider_id', '=', providerId)
      .where('game_code', '=', gameCode)
      .executeTakeFirst();
    return row?.game_id;
  }

  // ─── sessions ───────────────────────────────────────────────────────────────────────────────

  async insertSession(
    session: {
      tokenHash: Buffer;
      providerId: string;
      userId: string;
      gameId: string;
      currency: string;
      createdAt: Date;
      expiresAt: Date;
    },
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .insertInto('seamless_sessions')
      .values({
        token_hash: session.tokenHash,
        provider_id: session.providerId,
        user_id: session.userId,
        game_id: session.gameId,
        currency: session.currency,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  async findSession(
    providerId: string,
    tokenHash: Buffer,
    executor: DatabaseExecutor = this.db,
  ): Promise<SessionRow | undefined> {
    return await executor
      .selectFrom('seamless_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
  }

  /** Keeps an active session alive: it expires `expiresAt` at the earliest. */
  async extendSession(
    sessionId: string,
    expiresAt: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .updateTable('seamless_sessions')
      .set({ expires_at: sql<Date>`greatest(expires_at, ${expiresAt})` })
      .where('id', '=', sessionId)
      .execute();
  }

  async hasSession(
    providerId: string,
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<boolean> {
    const row = await executor
      .selectFrom('seamless_sessions')
      .select('id')
      .where('provider_id', '=', providerId)
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  // ─── provider transactions ──────────────────────────────────────────────────────────────────

  /**
   * Serialises every request about these transaction uuids (existing or not yet) until the
   * caller's transaction ends. Keys are taken in sorted order so two requests naming the same
   * pair cannot deadlock.
   */
  async lockTransactionUuids(
    providerId: string,
    transactionUuids: string[],
    transaction: DatabaseTransaction,
  ): Promise<void> {
    const keys = [...new Set(transactionUuids)].map((uuid) => `seamless:${providerId}:${uuid}`);
    keys.sort();
    for (const key of keys) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(transaction);
    }
  }

  async findTransaction(
    providerId: string,
    transactionUuid: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<TransactionRow | undefined> {
    return await executor
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('transaction_uuid', '=', transactionUuid)
      .executeTakeFirst();
  }

  async insertTransaction(row: NewTransaction, transaction: DatabaseTransaction): Promise<void> {
    await transaction
      .insertInto('seamless_transactions')
      .values({
        provider_id: row.providerId,
        transaction_uuid: row.transactionUuid,
        kind: row.kind,
        state: row.state,
        user_id: row.userId,
        session_id: row.sessionId,
        currency: row.currency,
        amount: row.amount,
        amount_minor: row.amountMinor,
        round: row.round,
        game_code: row.gameCode,
        reference_transaction_uuid: row.referenceTransactionUuid,
        response: row.response === null ? null : JSON.stringify(row.response),
        ledger_transaction_id: row.ledgerTransactionId,
        tombstone: row.response === null,
        created_at: row.at,
        updated_at: row.at,
        bonus_id: row.bonusId ?? null,
        bonus_amount_minor: row.bonusAmountMinor ?? 0n,
        is_free: row.isFree ?? false,
        reward_uuid: row.rewardUuid ?? null,
      })
      .execute();
  }

  /**
   * One page of a player's rounds of a provider game, newest first: the bets and wins sharing a
   * round id, summed (refused requests and tombstones left out); and how many rounds there are
   * from the page's start, counted up to one past the cap (below zero for an offset past the
   * end). Undefined when the game is not a provider's.
   *
   * Keyset (issue 21 item 6): a round's place is its first counted transaction's (created_at,
   * id). The page walks the player's transactions of the game newest first (the partial index
   * seamless_transactions_player_game_keyset, migration 0074) and keeps those no earlier counted
   * transaction of their round precedes (one lookup by seamless_transactions_round_idx each), so
   * a page, and the count of up to 1,000 rounds, reads only the rounds it lists, however long
   * the player's history of the game. After a cursor's `position` it starts below its key.
   */
  async pagePlayerRounds(
    userId: string,
    gameId: string,
    page: { limit: number; offset: number; position: HistoryPosition | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ rows: PlayerRoundRow[]; counted: number } | undefined> {
    const game = await executor
      .selectFrom('seamless_games')
      .select(['provider_id', 'game_code'])
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!game) return undefined;
    const counts = (alias: string) =>
      sql.raw(
        `${alias}.round IS NOT NULL AND NOT ${alias}.tombstone AND ${alias}.kind IN ('bet', 'win') AND ${alias}.state <> 'refused'`,
      );
    const firsts = sql`
      FROM seamless_transactions t
      WHERE t.user_id = ${userId} AND t.provider_id = ${game.provider_id}
        AND t.game_code = ${game.game_code} AND ${counts('t')}
        ${page.position ? sql`AND ${afterPosition(['t.created_at', 't.id'], roundKeyParts, page.position)}` : sql``}
        AND NOT EXISTS (
          SELECT 1 FROM seamless_transactions e
          WHERE e.provider_id = t.provider_id AND e.round = t.round AND e.user_id = t.user_id
            AND e.game_code = t.game_code AND ${counts('e')}
            AND (e.created_at, e.id) < (t.created_at, t.id))
      ORDER BY t.created_at DESC, t.id DESC`;
    const skip = page.position ? 0 : page.offset;
    const { rows } = await sql<{
      round: string;
      first_id: string;
      cursor_at: string;
      currency: string;
      standing_bets: string;
      standing_bet_minor: string;
      rolled_back_bet_minor: string;
      payout_minor: string;
      free_bet: boolean;
      created_at: Date;
      settled_at: Date | null;
    }>`
      WITH page AS (
        SELECT t.round, t.id, t.created_at ${firsts} OFFSET ${skip} LIMIT ${page.limit})
      SELECT p.round, p.id::text AS first_id, ${historyInstant('p.created_at')} AS cursor_at,
        r.currency, r.standing_bets, r.standing_bet_minor, r.rolled_back_bet_minor,
        r.payout_minor, r.free_bet, p.created_at, r.settled_at
      FROM page p
      CROSS JOIN LATERAL (
        SELECT min(x.currency) AS currency,
          count(*) FILTER (WHERE x.kind = 'bet' AND x.state = 'applied') AS standing_bets,
          coalesce(sum(x.amount_minor) FILTER (WHERE x.kind = 'bet' AND x.state = 'applied'), 0)
            AS standing_bet_minor,
          coalesce(sum(x.amount_minor) FILTER (WHERE x.kind = 'bet' AND x.state = 'rolled_back'), 0)
            AS rolled_back_bet_minor,
          coalesce(sum(x.amount_minor) FILTER (WHERE x.kind = 'win'), 0) AS payout_minor,
          coalesce(bool_or(x.is_free), false) AS free_bet,
          max(x.created_at) FILTER (WHERE x.kind = 'win') AS settled_at
        FROM seamless_transactions x
        WHERE x.provider_id = ${game.provider_id} AND x.round = p.round AND x.user_id = ${userId}
          AND x.game_code = ${game.game_code} AND ${counts('x')}) r
      ORDER BY p.created_at DESC, p.id DESC`.execute(executor);
    return {
      rows: rows.map((row) => ({
        round: row.round,
        currency: row.currency,
        standingBets: Number(row.standing_bets),
        standingBetMinor: BigInt(row.standing_bet_minor),
        rolledBackBetMinor: BigInt(row.rolled_back_bet_minor),
        payoutMinor: BigInt(row.payout_minor),
        freeBet: row.free_bet,
        createdAt: row.created_at,
        settledAt: row.settled_at,
        key: [row.cursor_at, row.first_id],
      })),
      counted: await cappedSqlCount(executor, firsts, skip),
    };
  }

  async markBetRolledBack(
    id: bigint,
    rollbackLedgerTransactionId: string | null,
    at: Date,
    transaction: DatabaseTransaction,
  ): Promise<void> {
    await transaction
      .updateTable('seamless_transactions')
      .set({
        state: 'rolled_back',
        rollback_ledger_transaction_id: rollbackLedgerTransactionId,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('kind', '=', 'bet')
      .execute();
  }
}
