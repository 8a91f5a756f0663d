import { randomUUID } from 'node:crypto';
import { realtimeCloseCodes } from '@casino/contract';
import type { DatabaseExecutor } from '../../db/database.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { hasHistory } from './channels.ts';
import { disconnects } from './protocol.ts';
import {
  type OutboxMethod,
  outboxWakeChannel,
  type RealtimeRepository,
  type StreamPosition,
} from './realtime.repository.ts';

/** The PostgreSQL notification channel publications travel on. */
export const publicationNotificationChannel = 'realtime';

/** NOTIFY payloads stop at 8000 bytes; broadcasts have no history to fall back on. */
export const maxBroadcastBytes = 7_000;

/**
 * Publishes to a realtime channel inside the caller's transaction: the publication reaches
 * subscribers only if and when that transaction commits. Pass the transaction that makes the
 * change (given the pool, the publication is its own autocommit statement).
 */
export interface RealtimePublisher {
  publish(executor: DatabaseExecutor, channel: string, data: unknown): Promise<void>;
  /**
   * `publish` for many publications (of channels with history: user channels) in one go, in
   * the order given: one statement for the lot instead of one each.
   */
  publishMany(
    executor: DatabaseExecutor,
    publications: ReadonlyArray<{ channel: string; data: unknown }>,
  ): Promise<void>;
  /** Closes every connection of the user (globalId) for good when the transaction commits: banned. */
  disconnectUser(executor: DatabaseExecutor, user: string): Promise<void>;
  /**
   * When the transaction commits, closes for good the connections opened with tokens of the
   * user's sign-in session (signed out or revoked); the user's other sessions go on.
   */
  endSession(executor: DatabaseExecutor, user: string, signInSession: string): Promise<void>;
  /**
   * For a statement that appends its publications to the history itself (an instant round's
   * settlement): the history size to keep, and the notifications to send once it committed.
   * Null when the engine publishes otherwise (an external Centrifugo).
   */
  committedPublications(): CommittedPublications | null;
}

export interface CommittedPublications {
  readonly historySize: number;
  /** After commit: announces publications made by the statement (position null: a broadcast). */
  notify(
    publications: Array<{ channel: string; position: StreamPosition | null; data: string }>,
  ): Promise<void>;
}

/** A notification the listeners read (see websocket-server.ts `parseNotification`). */
export function publicationNotification(
  channel: string,
  position: StreamPosition | null,
  data: string,
): string {
  const head = `{"c":${JSON.stringify(channel)},"e":${position ? JSON.stringify(position.epoch) : 'null'},"o":${position ? position.offset : 'null'},"u":${JSON.stringify(randomUUID())}`;
  // NOTIFY payloads stop at 8000 bytes: a larger publication of a user channel is read back
  // from the history by (channel, offset).
  if (position && Buffer.byteLength(data) > maxBroadcastBytes) return `${head}}`;
  return `${head},"d":${data}}`;
}

/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes. */
const notificationPayloadBytes = 7_999;

/**
 * Packs publication notifications, in order, into as few NOTIFY payloads as fit (each a JSON
 * array of them; one too big for an array of its own stays as it is). Every notification costs
 * the sending and every listening database session and each listening process, so a batch of
 * publications travels as a few instead of one each.
 */
export function packNotifications(payloads: readonly string[]): string[] {
  const packs: string[] = [];
  let pack: string[] = [];
  let packBytes = 2;
  const close = () => {
    if (pack.length > 0) packs.push(`[${pack.join(',')}]`);
    pack = [];
    packBytes = 2;
  };
  for (const payload of payloads) {
    const bytes = Buffer.byteLength(payload);
    if (bytes + 2 > notificationPayloadBytes) {
      close();
      packs.push(payload);
      continue;
    }
    const added = pack.length === 0 ? bytes : bytes + 1;
    if (packBytes + added > notificationPayloadBytes) close();
    packBytes += pack.length === 0 ? bytes : bytes + 1;
    pack.push(payload);
  }
  close();
  return packs;
}

/**
 * Runs `notify` after the transaction commits when it can (the opener's after-commit work, see
 * lib/transactions.ts), else inside it (a transactional NOTIFY, delivered at commit all the same).
 */
async function notifyAtCommit(
  transactions: Transactions,
  executor: DatabaseExecutor,
  notify: (executor: DatabaseExecutor) => Promise<void>,
  pool: DatabaseExecutor,
): Promise<void> {
  if (transactions.afterCommit(executor, () => notify(pool))) return;
  await notify(executor);
}

/**
 * Sends the notifications of committed transactions in batches (lib/batcher.ts): under load a
 * `pg_notify` round trip carries many commits' notifications instead of one each, in the order
 * they were queued. `send` resolves once its batch was sent. Commits come in bursts (the rounds
 * of one settlement call all go on in one turn of the event loop), so a batch gathers the turn's.
 */
export class NotificationBatcher {
  private readonly batcher: Batcher<string[], undefined>;

  constructor(deliver: (payloads: string[]) => Promise<void>) {
    this.batcher = new Batcher<string[], undefined>(
      async (groups) => {
        await deliver(groups.flat());
        return groups.map(() => ({ status: 'fulfilled', value: undefined }));
      },
      { gatherTurn: true },
    );
  }

  send(payloads: string[]): Promise<void> {
    return this.batcher.submit(payloads);
  }
}

export interface BuiltinPublisherDependencies {
  repository: RealtimeRepository;
  pool: DatabaseExecutor;
  historySize: number;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * The built-in engine: user channels append to their stream and history in the transaction;
 * every process hears of the publication through a notification sent once it committed.
 */
export class BuiltinPublisher implements RealtimePublisher {
  private readonly afterCommit: NotificationBatcher;
  /** the notifications each open transaction will send once it committed, in publish order */
  private readonly committing = new WeakMap<object, string[]>();

  private readonly repository: RealtimeRepository;
  private readonly pool: DatabaseExecutor;
  private readonly historySize: number;
  private readonly transactions: Transactions;

  constructor({ repository, pool, historySize, transactions }: BuiltinPublisherDependencies) {
    this.repository = repository;
    this.pool = pool;
    this.historySize = historySize;
    this.transactions = transactions;
    this.afterCommit = new NotificationBatcher((payloads) => this.notify(this.pool, payloads));
  }

  private async notify(executor: DatabaseExecutor, payloads: string[]): Promise<void> {
    await this.repository.notify(
      executor,
      publicationNotificationChannel,
      packNotifications(payloads),
    );
  }

  async publish(executor: DatabaseExecutor, channel: string, data: unknown): Promise<void> {
    const json = JSON.stringify(data);
    const history = hasHistory(channel);
    if (!history && Buffer.byteLength(json) > maxBroadcastBytes) {
      throw new RangeError(`a broadcast publication is limited to ${maxBroadcastBytes} bytes`);
    }
    const position = history
      ? await this.repository.append(executor, channel, json, this.historySize)
      : null;
    await this.queue(executor, [publicationNotification(channel, position, json)]);
  }

  async publishMany(
    executor: DatabaseExecutor,
    publications: ReadonlyArray<{ channel: string; data: unknown }>,
  ): Promise<void> {
    if (publications.length === 0) return;
    const stored = publications.map(({ channel, data }) => {
      if (!hasHistory(channel)) {
        throw new RangeError(`publishMany publishes to channels with history, not ${channel}`);
      }
      return { channel, data: JSON.stringify(data) };
    });
    const positions = await this.repository.appendMany(executor, stored, this.historySize);
    await this.queue(
      executor,
      stored.map(({ channel, data }, index) =>
        publicationNotification(channel, positions[index] ?? null, data),
      ),
    );
  }

  /** The notifications go out once the transaction committed (or with it, see notifyAtCommit). */
  private async queue(executor: DatabaseExecutor, notifications: string[]): Promise<void> {
    const queued = this.committing.get(executor);
    if (queued) {
      queued.push(...notifications);
      return;
    }
    const payloads = [...notifications];
    if (this.transactions.afterCommit(executor, () => this.afterCommit.send(payloads))) {
      this.committing.set(executor, payloads);
      return;
    }
    await this.notify(executor, payloads);
  }

  async disconnectUser(executor: DatabaseExecutor, user: string): Promise<void> {
    await this.repository.notifyDisconnect(executor, user);
  }

  async endSession(executor: DatabaseExecutor, user: string, signInSession: string): Promise<void> {
    await this.repository.notifySessionEnded(executor, user, signInSession);
  }

  committedPublications(): CommittedPublications {
    return {
      historySize: this.historySize,
      notify: (publications) =>
        this.afterCommit.send(
          publications.map(({ channel, position, data }) =>
            publicationNotification(channel, position, data),
          ),
        ),
    };
  }
}

export interface CentrifugoOutboxPublisherDependencies {
  repository: RealtimeRepository;
  pool: DatabaseExecutor;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/** An external Centrifugo: the outbox row is sent to its HTTP API after commit. */
export class CentrifugoOutboxPublisher implements RealtimePublisher {
  private readonly repository: RealtimeRepository;
  private readonly pool: DatabaseExecutor;
  private readonly transactions: Transactions;

  constructor({ repository, pool, transactions }: CentrifugoOutboxPublisherDependencies) {
    this.repository = repository;
    this.pool = pool;
    this.transactions = transactions;
  }

  async publish(executor: DatabaseExecutor, channel: string, data: unknown): Promise<void> {
    await this.enqueue(executor, 'publish', JSON.stringify({ channel, data }));
  }

  async publishMany(
    executor: DatabaseExecutor,
    publications: ReadonlyArray<{ channel: string; data: unknown }>,
  ): Promise<void> {
    if (publications.length === 0) return;
    await this.repository.enqueueMany(
      executor,
      'publish',
      publications.map(({ channel, data }) => JSON.stringify({ channel, data })),
    );
    await notifyAtCommit(
      this.transactions,
      executor,
      (target) => this.repository.notify(target, outboxWakeChannel, ['']),
      this.pool,
    );
  }

  committedPublications(): null {
    return null;
  }

  async disconnectUser(executor: DatabaseExecutor, user: string): Promise<void> {
    // A terminal code (no reconnect) on which the app asks /api/v1/me and shows the ban.
    const { code, reason } = disconnects.banned;
    const body = { user, disconnect: { code, reason } };
    await this.enqueue(executor, 'disconnect', JSON.stringify(body));
  }

  /**
   * Centrifugo (open source) cannot close one sign-in session's connections: it knows a
   * connection only by its user and its own client id, and its `session` (disconnect API) names
   * the connection of a unidirectional or emulated transport, not ours. Nor can it refuse a
   * token it issued nothing for: it checks only the JWT's signature and expiry (revoking tokens
   * is a Centrifugo PRO feature). So every connection of the player is closed with a code on
   * which the app gets a fresh token before it reconnects (and recovers what it missed): only an
   * open session gets one, so the ended session's tabs stop, the others go on. A client that
   * kept the old token itself can still connect until the token expires
   * (WEBSOCKET_TOKEN_TTL_SECONDS, worth keeping short with this engine).
   */
  async endSession(executor: DatabaseExecutor, user: string): Promise<void> {
    const body = {
      user,
      disconnect: { code: realtimeCloseCodes.reauthenticate, reason: 'reauthenticate' },
    };
    await this.enqueue(executor, 'disconnect', JSON.stringify(body));
  }

  private async enqueue(executor: DatabaseExecutor, method: OutboxMethod, body: string) {
    await this.repository.enqueue(executor, method, body);
    // Wakes the dispatcher; its poll catches a wake-up that never came.
    await notifyAtCommit(
      this.transactions,
      executor,
      (target) => this.repository.notify(target, outboxWakeChannel, ['']),
      this.pool,
    );
  }
}
