import {
  type InterfaceActionEvent,
  type LastBet,
  type LateDepositNotice,
  lastBetChannel,
  type SportTicketEvent,
  type TournamentEvent,
  type TransactionEvent,
  type UserChannelName,
  userChannel,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../db/database.ts';
import type { BalanceService } from '../money/ledger/balance.service.ts';
import type { CommittedPublications, RealtimePublisher } from './publisher.ts';
import type { RealtimeRepository } from './realtime.repository.ts';

/**
 * Told of the player events as they are published, in the same transaction (web push queues its
 * messages to run after the commit).
 */
export interface RealtimeEventObserver {
  transactionChanged(
    executor: DatabaseExecutor,
    userId: string,
    event: TransactionEvent,
  ): Promise<void>;
  tournamentWon(executor: DatabaseExecutor, userId: string, event: TournamentEvent): Promise<void>;
  sportTicketsChanged(
    executor: DatabaseExecutor,
    changes: ReadonlyArray<{ userId: string; event: SportTicketEvent }>,
  ): Promise<void>;
}

export interface RealtimeEventsDependencies {
  publisher: RealtimePublisher;
  repository: Pick<RealtimeRepository, 'globalId' | 'globalIds'>;
  balance: Pick<BalanceService, 'balanceOf'>;
  observer?: RealtimeEventObserver | undefined;
}

/**
 * The domain's realtime events (shell spec §7). Each is published inside the transaction that
 * makes the change, so a player never hears of a change that was rolled back and always hears
 * of one that committed.
 */
export class RealtimeEvents {
  private readonly publisher: RealtimePublisher;
  private readonly repository: Pick<RealtimeRepository, 'globalId' | 'globalIds'>;
  private readonly balance: Pick<BalanceService, 'balanceOf'>;
  private readonly observer: RealtimeEventObserver | null;

  constructor({ publisher, repository, balance, observer }: RealtimeEventsDependencies) {
    this.observer = observer ?? null;
    this.publisher = publisher;
    this.repository = repository;
    this.balance = balance;
  }

  /** `balance#{globalId}` with each player's whole balance as the transaction leaves it. */
  async balancesChanged(executor: DatabaseExecutor, userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) {
      const { globalId, balance } = await this.balance.balanceOf(userId, executor);
      await this.publisher.publish(executor, userChannel('balance', globalId), balance);
    }
  }

  /** `transaction#{globalId}`: an order or transfer of the player changed status. */
  async transactionChanged(
    executor: DatabaseExecutor,
    userId: string,
    event: TransactionEvent,
  ): Promise<void> {
    await this.toUser(executor, userId, 'transaction', event);
    await this.observer?.transactionChanged(executor, userId, event);
  }

  /** `transaction#{globalId}`: one of the player's sport tickets changed (decided, settled, cashed out). */
  async sportTicketChanged(
    executor: DatabaseExecutor,
    userId: string,
    event: SportTicketEvent,
  ): Promise<void> {
    await this.toUser(executor, userId, 'transaction', event);
    await this.observer?.sportTicketsChanged(executor, [{ userId, event }]);
  }

  /**
   * `transaction#{globalId}` of each player: a batch of sport tickets changed (settled, taken
   * back); the players' global ids read once and the publications appended in one statement.
   */
  async sportTicketsChanged(
    executor: DatabaseExecutor,
    changes: ReadonlyArray<{ userId: string; event: SportTicketEvent }>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const globalIds = await this.repository.globalIds(
      executor,
      changes.map((change) => change.userId),
    );
    await this.publisher.publishMany(
      executor,
      changes.map(({ userId, event }) => {
        const globalId = globalIds.get(userId);
        if (globalId === undefined) throw new Error(`no player ${userId}`);
        return { channel: userChannel('transaction', globalId), data: event };
      }),
    );
    await this.observer?.sportTicketsChanged(executor, changes);
  }

  /**
   * `transaction#{globalId}`: a deposit was credited past a deposit limit or during an
   * exclusion (responsible gambling, issue 22); the app shows it as a notice.
   */
  async lateDepositCredited(
    executor: DatabaseExecutor,
    userId: string,
    notice: LateDepositNotice,
  ): Promise<void> {
    await this.toUser(executor, userId, 'transaction', notice);
  }

  /** `tournaments#{globalId}`: the player won a place. */
  async tournamentWon(
    executor: DatabaseExecutor,
    userId: string,
    event: TournamentEvent,
  ): Promise<void> {
    await this.toUser(executor, userId, 'tournaments', event);
    await this.observer?.tournamentWon(executor, userId, event);
  }

  /** `interface_actions#{globalId}`: the app should act on a game. */
  async interfaceAction(
    executor: DatabaseExecutor,
    userId: string,
    event: InterfaceActionEvent,
  ): Promise<void> {
    await this.toUser(executor, userId, 'interface_actions', event);
  }

  /** Closes the player's realtime connections at commit, for good: banned. */
  async disconnectPlayer(executor: DatabaseExecutor, globalId: string): Promise<void> {
    await this.publisher.disconnectUser(executor, globalId);
  }

  /**
   * Closes at commit, for good, the connections opened with tokens of the player's sign-in
   * session (signed out, or revoked); the player's other sessions keep theirs.
   */
  async sessionEnded(
    executor: DatabaseExecutor,
    globalId: string,
    signInSession: string,
  ): Promise<void> {
    await this.publisher.endSession(executor, globalId, signInSession);
  }

  /** See RealtimePublisher.committedPublications. */
  committedPublications(): CommittedPublications | null {
    return this.publisher.committedPublications();
  }

  /** `broadcast:last_bet`: a settled round, for everyone. */
  async lastBet(executor: DatabaseExecutor, bet: LastBet): Promise<void> {
    await this.publisher.publish(executor, lastBetChannel, bet);
  }

  private async toUser(
    executor: DatabaseExecutor,
    userId: string,
    name: UserChannelName,
    data: unknown,
  ): Promise<void> {
    const globalId = await this.repository.globalId(executor, userId);
    await this.publisher.publish(executor, userChannel(name, globalId), data);
  }
}
