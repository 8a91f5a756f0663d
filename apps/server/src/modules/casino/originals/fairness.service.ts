import { randomBytes } from 'node:crypto';
import { type FairnessState, serverSeedHash } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { FairnessRepository, FairnessSeedRow } from './fairness.repository.ts';
import type { RoundsRepository } from './rounds.repository.ts';

/** The seeds and nonce a round is bound to when it is bet. */
export interface RoundSeed {
  seedId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: bigint;
}

/** What a player may see of one of their seed pairs: the seed itself only once revealed. */
export interface PublishedSeed {
  serverSeedHash: string;
  /** null while the pair is in use */
  serverSeed: string | null;
}

/** How often a lazily created pair is looked for again when a rotation raced it. */
const activePairAttempts = 3;

function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A default client seed: 10 random bytes, URL-safe base64 (14 printable characters). */
function newClientSeed(): string {
  return randomBytes(10).toString('base64url');
}

export interface FairnessServiceDependencies {
  db: Kysely<Database>;
  repository: FairnessRepository;
  rounds: Pick<RoundsRepository, 'findOpen'>;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Provably fair seed pairs. Each player has one active pair, created on first use; its server
 * seed's SHA-256 is public, the seed itself stays secret until the player rotates. A round takes
 * the active pair's next nonce under the pair's row lock, in the transaction that debits the
 * stake, and stores seed id, client seed and nonce: the commitment behind a round can never
 * change. Rotation is refused while a round is open (mines), whose outcome is already fixed by
 * the secret seed: revealing it would show where the mines are.
 */
export class FairnessService {
  private readonly db: Kysely<Database>;
  private readonly repository: FairnessRepository;
  private readonly rounds: Pick<RoundsRepository, 'findOpen'>;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({ db, repository, rounds, clock, transactions }: FairnessServiceDependencies) {
    this.db = db;
    this.repository = repository;
    this.rounds = rounds;
    this.clock = clock;
    this.transactions = transactions;
  }

  async state(userId: string): Promise<FairnessState> {
    const active = await this.activePair(this.db, userId, { lock: false });
    return await this.toState(this.db, active);
  }

  /** A new client seed for the next rounds; rounds already bet keep theirs. */
  async setClientSeed(userId: string, clientSeed: string): Promise<FairnessState> {
    return await this.transactions.run(async (transaction) => {
      const active = await this.activePair(transaction, userId, { lock: true });
      await this.repository.setClientSeed(transaction, active.id, clientSeed);
      return await this.toState(transaction, { ...active, client_seed: clientSeed });
    });
  }

  /**
   * Reveals the active server seed and starts a new pair (same client seed, nonce 0).
   * `round_in_progress` while one of the player's rounds is open.
   */
  async rotate(userId: string): Promise<FairnessState> {
    return await this.transactions.run(async (transaction) => {
      const active = await this.activePair(transaction, userId, { lock: true });
      // Rounds take a nonce under the same lock, so no round can open while this runs.
      const open = await this.rounds.findOpen(transaction, userId, null);
      if (open) {
        throw new AppError('round_in_progress', {
          message: 'Finish the open round before rotating the seeds.',
          payload: { roundId: open.id, gameId: open.game_id },
        });
      }
      await this.repository.reveal(transaction, active.id, this.clock.now());
      const serverSeed = newServerSeed();
      await this.repository.insertActiveIfAbsent(transaction, {
        userId,
        serverSeed,
        serverSeedHash: serverSeedHash(serverSeed),
        clientSeed: active.client_seed,
      });
      const next = await this.repository.findActive(transaction, userId, { lock: false });
      if (!next) throw new Error('the rotated seed pair was not stored');
      return await this.toState(transaction, next);
    });
  }

  /**
   * For the wheel, inside the transaction that credits a spin: locks the active pair (creating
   * it on first use) and takes its next nonce.
   */
  async takeRoundSeed(transaction: DatabaseTransaction, userId: string): Promise<RoundSeed> {
    for (let attempt = 0; attempt < activePairAttempts; attempt += 1) {
      const active = await this.repository.takeActiveNonce(transaction, userId);
      if (active) return { ...roundSeedOf(active), nonce: active.next_nonce - 1n };
      await this.createPairIfAbsent(transaction, userId);
    }
    throw new Error('no active seed pair could be found or created');
  }

  /**
   * For the round service, inside the transaction that plays the round: locks the active pair
   * (creating it on first use) and reads its next nonce, which the round's settlement
   * (settle_rounds, money/wagering/db/) takes when it applies the round.
   */
  async lockRoundSeed(transaction: DatabaseTransaction, userId: string): Promise<RoundSeed> {
    return roundSeedOf(await this.activePair(transaction, userId, { lock: true }));
  }

  /** The server seed of a pair (the round service replays an open mines round with it). */
  async serverSeedOf(executor: DatabaseExecutor, seedId: string): Promise<string> {
    const row = await this.repository.findById(executor, seedId);
    if (!row) throw new Error(`seed pair ${seedId} is missing`);
    return row.server_seed;
  }

  /**
   * The published side of the player's pairs among `seedIds` (by id), for the records of other
   * modules (wheel spins): the hash always, the server seed only once the pair is revealed.
   */
  async publishedSeeds(
    executor: DatabaseExecutor,
    userId: string,
    seedIds: readonly string[],
  ): Promise<Map<string, PublishedSeed>> {
    const rows = await this.repository.findOwnByIds(executor, userId, [...new Set(seedIds)]);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          serverSeedHash: row.server_seed_hash,
          serverSeed: row.revealed_at === null ? null : row.server_seed,
        },
      ]),
    );
  }

  private async activePair(
    executor: DatabaseExecutor,
    userId: string,
    options: { lock: boolean },
  ): Promise<FairnessSeedRow> {
    for (let attempt = 0; attempt < activePairAttempts; attempt += 1) {
      const active = await this.repository.findActive(executor, userId, options);
      if (active) return active;
      await this.createPairIfAbsent(executor, userId);
    }
    throw new Error('no active seed pair could be found or created');
  }

  /**
   * First use, or a rotation committed while a statement waited for the old pair's lock (the
   * re-checked row is revealed now): creates the pair if absent, so the caller can look again.
   */
  private async createPairIfAbsent(executor: DatabaseExecutor, userId: string): Promise<void> {
    const serverSeed = newServerSeed();
    await this.repository.insertActiveIfAbsent(executor, {
      userId,
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      clientSeed: newClientSeed(),
    });
  }

  private async toState(
    executor: DatabaseExecutor,
    active: FairnessSeedRow,
  ): Promise<FairnessState> {
    const previous = await this.repository.findLastRevealed(executor, active.user_id);
    return {
      serverSeedHash: active.server_seed_hash,
      clientSeed: active.client_seed,
      nonce: Number(active.next_nonce),
      previous: previous
        ? {
            serverSeed: previous.server_seed,
            serverSeedHash: previous.server_seed_hash,
            clientSeed: previous.client_seed,
            rounds: Number(previous.next_nonce),
          }
        : null,
    };
  }
}

/** A pair as a round takes it: its next nonce is the round's. */
function roundSeedOf(pair: FairnessSeedRow): RoundSeed {
  return {
    seedId: pair.id,
    serverSeed: pair.server_seed,
    serverSeedHash: pair.server_seed_hash,
    clientSeed: pair.client_seed,
    nonce: pair.next_nonce,
  };
}
