import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import type { CacheInvalidation } from '../../../lib/cache-invalidation.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import type {
  OpenTournamentRow,
  ScoreIncrement,
  TournamentsRepository,
} from './tournaments.repository.ts';

/** The open tournaments are re-read this often, so every process sees a new one soon. */
export const openTournamentsCacheTtlMs = 5_000;

/** Multipliers are kept with this many decimals (numeric(38, 4)). */
const multiplierScale = 4n;

/** One settled round (an original), a seamless bet or a seamless win, as the scores see it. */
export interface ScoredPlay {
  userId: string;
  /** the catalog game */
  gameId: string;
  /** the currency of the stake and payout */
  currency: string;
  /** when it settled: only tournaments running at that moment count it */
  at: Date;
  /** the stake counted for 'wagered' (0 for a win, a free spin, a seamless win) */
  stakeMinor: bigint;
  /** the payout counted for 'won' */
  payoutMinor: bigint;
  /** payout / stake of the round for 'best_multiplier'; null when this play settles no round */
  multiplier: { payoutMinor: bigint; stakeMinor: bigint } | null;
  /** 1 when this play is a round (an original settles, a seamless bet), 0 for a seamless win */
  rounds: 0 | 1;
  /** a seamless bet: what it adds is kept under this reference for its rollback */
  reference?: string;
}

/** A settled sport ticket (sportsbook/betting/settlement.service.ts) as the scores see it. */
export interface ScoredSportTicket {
  ticketId: string;
  userId: string;
  currency: string;
  /** the settlement's generation: what it adds is kept under it for a taking back */
  generation: number;
  /** the stake at risk when it settled */
  stakeMinor: bigint;
  /** the part of it that played (void parts out) */
  wageredStakeMinor: bigint;
  payoutMinor: bigint;
  at: Date;
}

export interface TournamentScoringServiceDependencies {
  repository: Pick<TournamentsRepository, 'open' | 'addScores' | 'reverseContribution'>;
  ledger: Pick<LedgerService, 'quote'>;
  clock: Clock;
  caches: CacheInvalidation;
}

/** What every process drops when a tournament is created, changed or finished. */
const openTournamentsCacheKey = 'tournaments.open';

/**
 * Keeps the live leaderboards: each settled round adds to the player's score in every running
 * tournament it counts for, in the round's own transaction and in one statement. The rounds path
 * is hot, so the tournaments that may count are kept in memory (re-read every few seconds): with
 * none running for the game nothing is sent to the database at all.
 */
export class TournamentScoringService {
  private cached: { rows: OpenTournamentRow[]; loadedAtMs: number } | undefined;
  private loading: { promise: Promise<OpenTournamentRow[]>; generation: number } | null = null;
  /** bumped by `invalidate`: a read started before it is not kept */
  private generation = 0;

  private readonly repository: Pick<
    TournamentsRepository,
    'open' | 'addScores' | 'reverseContribution'
  >;
  private readonly ledger: Pick<LedgerService, 'quote'>;
  private readonly clock: Clock;
  private readonly caches: CacheInvalidation;

  constructor({ repository, ledger, clock, caches }: TournamentScoringServiceDependencies) {
    this.repository = repository;
    this.ledger = ledger;
    this.clock = clock;
    this.caches = caches;
    caches.register(openTournamentsCacheKey, () => this.invalidate());
  }

  /**
   * In the transaction that creates, changes or finishes a tournament: every process reads the
   * open tournaments again as it commits.
   */
  async changed(transaction: DatabaseTransaction): Promise<void> {
    await this.caches.changed(transaction, openTournamentsCacheKey);
  }

  /** Forgets the open tournaments here (what this process inserted without a transaction). */
  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
  }

  /** Adds a play to the player's scores; nothing when no running tournament counts its game. */
  async scored(transaction: DatabaseTransaction, play: ScoredPlay): Promise<void> {
    const increments = await this.increments(play, transaction);
    if (increments.length === 0) return;
    await this.repository.addScores(transaction, {
      userId: play.userId,
      at: play.at,
      rounds: play.rounds,
      increments,
      reference: play.reference ?? null,
    });
  }

  /**
   * What a play adds in each running tournament that counts it (none: nothing to write). The
   * instant rounds write these in their settling statement. When the cache is stale the open
   * tournaments are read through `executor`.
   */
  async increments(play: ScoredPlay, executor: DatabaseExecutor): Promise<ScoreIncrement[]> {
    const atMs = play.at.getTime();
    const counting = (await this.openTournaments(executor)).filter(
      (tournament) =>
        tournament.starts_at.getTime() <= atMs &&
        tournament.ends_at.getTime() > atMs &&
        (tournament.game_ids.length === 0 || tournament.game_ids.includes(play.gameId)),
    );
    const increments: ScoreIncrement[] = [];
    for (const tournament of counting) {
      const score = await this.increment(tournament, play);
      if (score === null) continue;
      if (score === '0' && play.rounds === 0) continue;
      increments.push({ tournamentId: tournament.id, score });
    }
    return increments;
  }

  /**
   * A sport ticket settled: in every tournament that scores sport and runs now, it adds like a
   * round — its wagered stake ('wagered': a void ticket adds nothing), its payout ('won'),
   * payout ÷ stake ('best_multiplier') — and one round; kept under the settlement's generation
   * so that taking the settlement back takes exactly this back. Nothing is read or written when
   * no running tournament scores sport.
   */
  async sportTicketSettled(
    transaction: DatabaseTransaction,
    ticket: ScoredSportTicket,
  ): Promise<void> {
    const atMs = ticket.at.getTime();
    const counting = (await this.openTournaments(transaction)).filter(
      (tournament) =>
        tournament.scores_sport &&
        tournament.starts_at.getTime() <= atMs &&
        tournament.ends_at.getTime() > atMs,
    );
    if (counting.length === 0) return;
    const play: ScoredPlay = {
      userId: ticket.userId,
      gameId: '',
      currency: ticket.currency,
      at: ticket.at,
      stakeMinor: ticket.wageredStakeMinor,
      payoutMinor: ticket.payoutMinor,
      multiplier: { payoutMinor: ticket.payoutMinor, stakeMinor: ticket.stakeMinor },
      rounds: 1,
    };
    const increments: ScoreIncrement[] = [];
    for (const tournament of counting) {
      const score = await this.increment(tournament, play);
      if (score !== null) increments.push({ tournamentId: tournament.id, score });
    }
    if (increments.length === 0) return;
    await this.repository.addScores(transaction, {
      userId: ticket.userId,
      at: ticket.at,
      rounds: 1,
      increments,
      reference: sportReference(ticket.ticketId, ticket.generation),
    });
  }

  /** A sport ticket's settlement was taken back: what it added to open tournaments goes too. */
  async sportTicketUnsettled(
    transaction: DatabaseTransaction,
    ticket: { ticketId: string; generation: number },
  ): Promise<void> {
    if ((await this.openTournaments(transaction)).length === 0) return;
    await this.repository.reverseContribution(
      transaction,
      sportReference(ticket.ticketId, ticket.generation),
    );
  }

  /** A seamless bet was rolled back: what it added to open tournaments is taken back. */
  async rolledBack(transaction: DatabaseTransaction, reference: string): Promise<void> {
    // Nothing open: no contribution can still change a score (the payout drops the rest).
    if ((await this.openTournaments(transaction)).length === 0) return;
    await this.repository.reverseContribution(transaction, reference);
  }

  /**
   * The play's score in one tournament: money converted to the tournament currency at the rate
   * in force (rounded down), or the multiplier. Null when the currency has no rate to it: such
   * stakes cannot be compared, so they do not count (the round itself is unaffected).
   */
  private async increment(tournament: OpenTournamentRow, play: ScoredPlay): Promise<string | null> {
    switch (tournament.scoring) {
      case 'wagered':
        return await this.converted(play.stakeMinor, play.currency, tournament.currency);
      case 'won':
        return await this.converted(play.payoutMinor, play.currency, tournament.currency);
      case 'best_multiplier': {
        const multiplier = play.multiplier;
        if (multiplier === null || multiplier.stakeMinor <= 0n) return '0';
        const scaled = (multiplier.payoutMinor * 10n ** multiplierScale) / multiplier.stakeMinor;
        const text = scaled.toString().padStart(Number(multiplierScale) + 1, '0');
        return `${text.slice(0, -Number(multiplierScale))}.${text.slice(-Number(multiplierScale))}`;
      }
    }
  }

  private async converted(amountMinor: bigint, from: string, to: string): Promise<string | null> {
    if (amountMinor <= 0n) return '0';
    try {
      return (await this.ledger.quote(amountMinor, from, to, 'down')).amountMinor.toString();
    } catch {
      return null;
    }
  }

  /**
   * Read through the caller's transaction, never a second pool connection: with every pooled
   * connection held by a round waiting for this read, a separate connection would never come.
   */
  private async openTournaments(executor: DatabaseExecutor): Promise<OpenTournamentRow[]> {
    const nowMs = this.clock.now().getTime();
    const cached = this.cached;
    if (
      cached &&
      nowMs - cached.loadedAtMs < openTournamentsCacheTtlMs &&
      nowMs >= cached.loadedAtMs
    ) {
      return cached.rows;
    }
    // Concurrent rounds share one read.
    const generation = this.generation;
    if (this.loading?.generation !== generation) {
      const promise = this.repository
        .open(executor)
        .then((rows) => {
          if (this.generation === generation) this.cached = { rows, loadedAtMs: nowMs };
          return rows;
        })
        .finally(() => {
          if (this.loading?.promise === promise) this.loading = null;
        });
      this.loading = { promise, generation };
    }
    return await this.loading.promise;
  }
}

function sportReference(ticketId: string, generation: number): string {
  return `sport:${ticketId}:${generation}`;
}
