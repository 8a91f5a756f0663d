import type { OriginalEngine } from '@casino/contract';
import { type Selectable, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { GameRoundsTable } from '../../../db/schema.ts';

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
  /** the player has an active or pending bonus */
  openBonus: boolean;
  /** the idempotency record of the request's key, if the key was used before */
  replay: { hash: Buffer; statusCode: number | null; body: unknown } | null;
}

/** A computed instant round to settle (casino/originals/db/play_instant_rounds.sql). */
export interface InstantSettlement {
  scope: string;
  key: string;
  requestHash: Buffer;
  response: unknown;
  round: NewRound;
  tournamentIds: string[];
  tournamentScores: string[];
  mainMinor: bigint;
  /** the request's session, and the primary currency the request was read with */
  sessionId: string;
  primaryCurrency: string;
  /** every balance of the player the round was computed from: "CUR:kind" → minor units */
  sheet: Record<string, string>;
  balanceChannel: string;
  balanceData: string;
}

/** The statuses of a round play_instant_rounds left unapplied, without more to say. */
const unappliedStatuses = ['session', 'stale', 'bonus', 'moved', 'nohouse', 'key'] as const;
type UnappliedStatus = (typeof unappliedStatuses)[number];

/** What play_instant_rounds (casino/originals/db/) answered for one round of its batch. */
export type InstantSettlementOutcome =
  | { status: 'played'; position: { epoch: string; offset: number } }
  | { status: 'short'; currency: string; balanceMinor: bigint; debitMinor: bigint }
  | { status: UnappliedStatus };

function isUnapplied(status: string): status is UnappliedStatus {
  return (unappliedStatuses as readonly string[]).includes(status);
}

function settlementOutcome(row: {
  status: string;
  epoch: string | null;
  offset: bigint | null;
  detail: string | null;
}): InstantSettlementOutcome {
  if (row.status === 'played' && row.epoch !== null && row.offset !== null) {
    return { status: 'played', position: { epoch: row.epoch, offset: Number(row.offset) } };
  }
  if (row.status === 'short' && row.detail !== null) {
    const [currency = '', balance = '0', debit = '0'] = row.detail.split(' ');
    return {
      status: 'short',
      currency,
      balanceMinor: BigInt(balance),
      debitMinor: BigInt(debit),
    };
  }
  if (isUnapplied(row.status)) return { status: row.status };
  throw new Error(`play_instant_rounds answered ${row.status}`);
}

/** Rounds of the originals (game_rounds). */
export class RoundsRepository {
  async instantContext(
    executor: DatabaseExecutor,
    userId: string,
    idempotency: { scope: string; key: string },
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
      open_bonus: boolean;
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
        EXISTS (
          SELECT 1 FROM user_bonuses b
          WHERE b.user_id = u.id AND b.status IN ('active', 'pending')
        ) AS open_bonus,
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
      openBonus: row.open_bonus,
      replay: row.replay
        ? {
            hash: Buffer.from(row.replay.hash, 'hex'),
            statusCode: row.replay.statusCode,
            body: row.replay.body,
          }
        : null,
    };
  }

  /**
   * Settles computed instant rounds in one statement (see casino/originals/db/play_instant_rounds.sql):
   * each is applied or refused on its own; the answers are in the order of `inputs`.
   */
  async settleInstantBatch(
    executor: DatabaseExecutor,
    inputs: readonly InstantSettlement[],
    historySize: number,
  ): Promise<InstantSettlementOutcome[]> {
    const batch = inputs.map((input, index) => ({
      idx: index,
      scope: input.scope,
      key: input.key,
      request_hash: input.requestHash.toString('hex'),
      response: input.response,
      user_id: input.round.userId,
      seed_id: input.round.seedId,
      nonce: input.round.nonce.toString(),
      round_id: input.round.id,
      game_id: input.round.gameId,
      currency: input.round.currency,
      bet_minor: input.round.betMinor.toString(),
      payout_minor: input.round.payoutMinor.toString(),
      multiplier: input.round.multiplier,
      rtp: input.round.rtp,
      client_seed: input.round.clientSeed,
      params: input.round.params,
      outcome: input.round.outcome,
      at: input.round.createdAt.toISOString(),
      tournament_ids: input.tournamentIds,
      tournament_scores: input.tournamentScores,
      main_minor: input.mainMinor.toString(),
      session_id: input.sessionId,
      primary_currency: input.primaryCurrency,
      sheet: input.sheet,
      balance_channel: input.balanceChannel,
      balance_data: input.balanceData,
    }));
    const { rows } = await sql<{
      idx: number;
      status: string;
      epoch: string | null;
      offset: bigint | null;
      detail: string | null;
    }>`
      SELECT idx, status, epoch, "offset", detail
      FROM play_instant_rounds(${JSON.stringify(batch)}::jsonb, ${historySize}::integer)`.execute(
      executor,
    );
    const outcomes: Array<InstantSettlementOutcome | undefined> = inputs.map(() => undefined);
    for (const row of rows) {
      outcomes[row.idx] = settlementOutcome(row);
    }
    return outcomes.map((outcome, index) => {
      if (!outcome) throw new Error(`play_instant_rounds did not answer round ${index}`);
      return outcome;
    });
  }

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
