import { type Selectable, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type {
  StoredTournamentDescription,
  StoredTournamentPrize,
  TournamentScoringColumn,
  TournamentStatusColumn,
  TournamentsTable,
} from './tournaments.tables.ts';

export type TournamentRow = Selectable<TournamentsTable>;

/** What the scoring hook keeps in memory of a tournament whose scores may still change. */
export interface OpenTournamentRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  scoring: TournamentScoringColumn;
  currency: string;
  game_ids: string[];
  scores_sport: boolean;
}

export interface TournamentWrite {
  vip_only?: boolean;
  descriptions?: Record<string, StoredTournamentDescription>;
  starts_at?: Date;
  ends_at?: Date;
  scoring?: TournamentScoringColumn;
  currency?: string;
  prizes?: StoredTournamentPrize[];
  game_ids?: string[];
  scores_sport?: boolean;
}

/** One tournament's score increment from one settled round (or bet, or win). */
export interface ScoreIncrement {
  tournamentId: string;
  /** minor units of the tournament currency, or a multiplier with 4 decimals */
  score: string;
}

export interface RankedScore {
  user_id: string;
  global_id: string;
  email: string;
  score: string;
  updated_at: Date;
}

export interface NewPayout {
  tournamentId: string;
  place: number;
  userId: string;
  score: string;
  amountMinor: bigint;
  currency: string;
  paidAmountMinor: bigint;
  paidCurrency: string;
  rate: string;
  ledgerTransactionId: string | null;
  paidAt: Date;
}

const openStatuses: TournamentStatusColumn[] = ['upcoming', 'running'];

/** Tournaments, their scores and payouts (migrations/0020_tournaments.sql). */
export class TournamentsRepository {
  /**
   * Tournaments whose scores may still change: not yet finished by the payout (one that has
   * ended but is not finished yet still takes rollbacks back).
   */
  async open(executor: DatabaseExecutor): Promise<OpenTournamentRow[]> {
    return await executor
      .selectFrom('tournaments')
      .select(['id', 'starts_at', 'ends_at', 'scoring', 'currency', 'game_ids', 'scores_sport'])
      .where('status', 'in', openStatuses)
      .orderBy('ends_at')
      .limit(500)
      .execute();
  }

  /**
   * Adds one round's increments to the player's scores in one statement. Only tournaments still
   * open at `at` count; their rows are locked FOR KEY SHARE, so the payout (which takes the row
   * FOR UPDATE before freezing the scores) waits for every round already counted to commit, and
   * a round counted after it sees the tournament finished and adds nothing. 'best_multiplier'
   * keeps the larger score, the others add; `updated_at` moves only when the score changes.
   * With a `reference` (a seamless bet) what was added is kept so that the rollback can take
   * exactly that back.
   */
  async addScores(
    executor: DatabaseExecutor,
    input: {
      userId: string;
      at: Date;
      rounds: number;
      increments: ScoreIncrement[];
      reference: string | null;
    },
  ): Promise<void> {
    const ids = input.increments.map((increment) => increment.tournamentId);
    const scores = input.increments.map((increment) => increment.score);
    // tournament_add_scores (promotions/tournaments/db/tournament_add_scores.sql) is shared with the
    // instant rounds' settlement.
    await sql`SELECT tournament_add_scores(
      ${input.userId}::uuid, ${input.at}, ${input.rounds}::integer, ${ids}::text[],
      ${scores}::numeric[], ${input.reference}::text
    )`.execute(executor);
  }

  /**
   * Takes back what the play `reference` (a seamless bet, a sport ticket's settlement) added, in
   * tournaments still open (a finished tournament's scores are final); the record of it goes
   * either way. One statement. A 'best_multiplier' score cannot be lowered by a subtraction:
   * it becomes the best of what stands — the plays that cannot be taken back (`plain_best`) and
   * the player's other recorded contributions.
   */
  async reverseContribution(executor: DatabaseExecutor, reference: string): Promise<void> {
    await sql`
      WITH reversed AS (
        DELETE FROM tournament_score_contributions c WHERE c.reference = ${reference}
        RETURNING c.tournament_id, c.user_id, c.score, c.rounds
      ), open AS (
        SELECT t.id, t.scoring FROM tournaments t JOIN reversed r ON r.tournament_id = t.id
        WHERE t.status IN ('upcoming', 'running')
        FOR KEY SHARE OF t
      )
      UPDATE tournament_scores s
      SET score = CASE
          WHEN o.scoring = 'best_multiplier' THEN greatest(s.plain_best, (
            SELECT max(c.score) FROM tournament_score_contributions c
            WHERE c.tournament_id = r.tournament_id AND c.user_id = r.user_id
              AND c.reference <> ${reference}))
          ELSE s.score - r.score
        END,
        rounds = s.rounds - r.rounds
      FROM reversed r JOIN open o ON o.id = r.tournament_id
      WHERE s.tournament_id = r.tournament_id AND s.user_id = r.user_id
    `.execute(executor);
  }

  /** Tournaments that ended after `endedAfter`, or have not ended, at most `limit`. */
  async list(
    executor: DatabaseExecutor,
    filter: { includeVip: boolean; endedAfter: Date; limit: number },
  ): Promise<TournamentRow[]> {
    let query = executor
      .selectFrom('tournaments')
      .selectAll()
      .where('ends_at', '>', filter.endedAfter)
      .orderBy('ends_at')
      .limit(filter.limit);
    if (!filter.includeVip) query = query.where('vip_only', '=', false);
    return await query.execute();
  }

  async find(executor: DatabaseExecutor, id: string): Promise<TournamentRow | undefined> {
    return await executor
      .selectFrom('tournaments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The tournament row locked FOR UPDATE: it waits for every round being counted to commit. */
  async lock(executor: DatabaseExecutor, id: string): Promise<TournamentRow | undefined> {
    return await executor
      .selectFrom('tournaments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async setStatus(
    executor: DatabaseExecutor,
    id: string,
    status: TournamentStatusColumn,
    at: Date,
  ): Promise<void> {
    await executor
      .updateTable('tournaments')
      .set({ status, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** 'upcoming' rows whose start has come become 'running' (the clock already says so). */
  async markStarted(executor: DatabaseExecutor, now: Date): Promise<void> {
    await executor
      .updateTable('tournaments')
      .set({ status: 'running', updated_at: now })
      .where('status', '=', 'upcoming')
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .execute();
  }

  /** Tournaments to settle: ended but still open, or finished and not yet paid. */
  async due(executor: DatabaseExecutor, now: Date): Promise<string[]> {
    const rows = await executor
      .selectFrom('tournaments')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', openStatuses), eb('ends_at', '<=', now)]),
          eb('status', '=', 'finished'),
        ]),
      )
      .orderBy('ends_at')
      .limit(100)
      .execute();
    return rows.map((row) => row.id);
  }

  /** A page of the leaderboard: positive scores, best first, ties by who got there first. */
  async ranking(
    executor: DatabaseExecutor,
    tournamentId: string,
    page: { limit: number; offset: number },
  ): Promise<RankedScore[]> {
    return await executor
      .selectFrom('tournament_scores as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 'u.email', 's.score', 's.updated_at'])
      .select(sql<string>`u.global_id::text`.as('global_id'))
      .where('s.tournament_id', '=', tournamentId)
      .where('s.score', '>', '0')
      .orderBy('s.score', 'desc')
      .orderBy('s.updated_at')
      .orderBy('s.user_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async rankedCount(executor: DatabaseExecutor, tournamentId: string): Promise<number> {
    const { total } = await executor
      .selectFrom('tournament_scores')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('tournament_id', '=', tournamentId)
      .where('score', '>', '0')
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** The player's place (1-based) and score; undefined without a positive score. */
  async placeOf(
    executor: DatabaseExecutor,
    tournamentId: string,
    userId: string,
  ): Promise<{ place: number; score: string } | undefined> {
    const row = await sql<{ score: string; ahead: string }>`
      SELECT me.score, (
        SELECT count(*) FROM tournament_scores o
        WHERE o.tournament_id = me.tournament_id AND o.score > 0
          AND (o.score > me.score
            OR (o.score = me.score AND (o.updated_at, o.user_id) < (me.updated_at, me.user_id)))
      ) AS ahead
      FROM tournament_scores me
      WHERE me.tournament_id = ${tournamentId} AND me.user_id = ${userId}::uuid AND me.score > 0
    `.execute(executor);
    const found = row.rows[0];
    return found ? { place: Number(found.ahead) + 1, score: found.score } : undefined;
  }

  async playerCounts(executor: DatabaseExecutor): Promise<Map<string, number>> {
    const rows = await executor
      .selectFrom('tournament_scores')
      .select(['tournament_id', (eb) => eb.fn.countAll<string>().as('players')])
      .where('score', '>', '0')
      .groupBy('tournament_id')
      .execute();
    return new Map(rows.map((row) => [row.tournament_id, Number(row.players)]));
  }

  async listAll(executor: DatabaseExecutor): Promise<TournamentRow[]> {
    return await executor
      .selectFrom('tournaments')
      .selectAll()
      .orderBy('starts_at', 'desc')
      .limit(500)
      .execute();
  }

  /** Inserts a tournament; undefined when the id is taken. */
  async insert(
    executor: DatabaseExecutor,
    row: Required<TournamentWrite> & { id: string; at: Date },
  ): Promise<TournamentRow | undefined> {
    return await executor
      .insertInto('tournaments')
      .values({
        id: row.id,
        vip_only: row.vip_only,
        descriptions: JSON.stringify(row.descriptions),
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        scoring: row.scoring,
        currency: row.currency,
        prizes: JSON.stringify(row.prizes),
        game_ids: row.game_ids,
        scores_sport: row.scores_sport,
        created_at: row.at,
        updated_at: row.at,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async update(
    executor: DatabaseExecutor,
    id: string,
    changes: TournamentWrite,
    at: Date,
  ): Promise<TournamentRow | undefined> {
    return await executor
      .updateTable('tournaments')
      .set({
        ...(changes.vip_only === undefined ? {} : { vip_only: changes.vip_only }),
        ...(changes.descriptions === undefined
          ? {}
          : { descriptions: JSON.stringify(changes.descriptions) }),
        ...(changes.starts_at === undefined ? {} : { starts_at: changes.starts_at }),
        ...(changes.ends_at === undefined ? {} : { ends_at: changes.ends_at }),
        ...(changes.scoring === undefined ? {} : { scoring: changes.scoring }),
        ...(changes.currency === undefined ? {} : { currency: changes.currency }),
        ...(changes.prizes === undefined ? {} : { prizes: JSON.stringify(changes.prizes) }),
        ...(changes.game_ids === undefined ? {} : { game_ids: changes.game_ids }),
        ...(changes.scores_sport === undefined ? {} : { scores_sport: changes.scores_sport }),
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async insertPayout(executor: DatabaseExecutor, payout: NewPayout): Promise<void> {
    await executor
      .insertInto('tournament_payouts')
      .values({
        tournament_id: payout.tournamentId,
        place: payout.place,
        user_id: payout.userId,
        score: payout.score,
        amount_minor: payout.amountMinor,
        currency: payout.currency,
        paid_amount_minor: payout.paidAmountMinor,
        paid_currency: payout.paidCurrency,
        rate: payout.rate,
        ledger_transaction_id: payout.ledgerTransactionId,
        paid_at: payout.paidAt,
      })
      .execute();
  }

  /** Contributions matter only while a rollback can still change the scores. */
  async deleteContributions(executor: DatabaseExecutor, tournamentId: string): Promise<void> {
    await executor
      .deleteFrom('tournament_score_contributions')
      .where('tournament_id', '=', tournamentId)
      .execute();
  }

  /** Titles of catalog games, for the rules of a tournament (read only). */
  async gameTitles(
    executor: DatabaseExecutor,
    gameIds: string[],
  ): Promise<Array<{ id: string; title: string }>> {
    if (gameIds.length === 0) return [];
    return await executor
      .selectFrom('games')
      .select(['id', 'title'])
      .where('id', 'in', gameIds)
      .orderBy('title')
      .execute();
  }

  /** Ids of the enabled in-house originals (the demo tournament counts them). */
  async originalGameIds(executor: DatabaseExecutor): Promise<string[]> {
    const rows = await executor
      .selectFrom('games')
      .select('id')
      .where('engine', '<>', 'external')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
