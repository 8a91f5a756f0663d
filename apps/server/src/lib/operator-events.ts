import { randomUUID } from 'node:crypto';
import {
  type OperatorEventMap,
  type OperatorEventType,
  operatorEventTypes,
  type PaymentQueue,
  type SportTicketPlacedEvent,
} from '@casino/contract';
import { sql } from 'kysely';
import type { DatabaseExecutor } from '../db/database.ts';
import { Batcher } from './batcher.ts';

/** The PostgreSQL notification channel of the operators' live feed. */
export const operatorEventsChannel = 'backoffice_events';

/**
 * The channel on which a server process says it holds operators' streams (`{process, ttlMs}`,
 * for ttlMs from now) or holds none any more (`ttlMs: 0`).
 */
export const operatorStreamsChannel = 'backoffice_streams';

/** A process's open streams as heard or read: for `ttlMs` from when it was heard. */
export interface StreamsPresence {
  process: string;
  ttlMs: number;
}

/** NOTIFY payloads stop at 8000 bytes: a batch of tickets is split below that. */
const maxPayloadBytes = 7_000;

export type OperatorEvent = {
  [Type in OperatorEventType]: { type: Type; data: OperatorEventMap[Type] };
}[OperatorEventType];

/** What travels on the channel: one event, or a batch of tickets. */
type Notification =
  | { type: 'queues.changed'; data: OperatorEventMap['queues.changed'] }
  | { type: 'sport.ticket'; data: SportTicketPlacedEvent[] };

/**
 * The operators' live feed (`GET /api/backoffice/v1/events`), fed by PostgreSQL NOTIFY so every
 * server process's operators hear of a change made in any process, and only once it commits:
 *
 * - `queuesChanged(transaction, …queues)` in the transaction that changes a payment queue (a
 *   receipt arrives, an order is approved or declined, a withdrawal is requested or paid, a
 *   transfer arrives unmatched, an approval is asked or given). A rolled back change says
 *   nothing; the same queues named twice in one transaction are one notification (PostgreSQL
 *   folds identical ones).
 * - `ticketPlaced(ticket)` after a sportsbook ticket committed: the tickets of a moment leave
 *   together, one NOTIFY per batch, on the pool, never in the placement's transaction or path —
 *   and only while some process holds an operator's stream (`ticketsWanted`): a placement with
 *   nobody watching costs nothing here.
 *
 * Each process's listener (modules/backoffice/live) hands what it hears to `received`, which
 * tells the open streams, and what it hears or reads of the processes holding streams to
 * `streamsHeard` / `streamsRead`. Until a process knows (it is not listening, or its listener
 * lost its connection) it announces every ticket, as before.
 */
export class OperatorEvents {
  private readonly subscribers = new Set<(event: OperatorEvent) => void>();
  private readonly tickets: Batcher<SportTicketPlacedEvent, void>;
  private readonly pool: DatabaseExecutor;
  private readonly onError: (error: unknown) => void;
  private readonly now: () => number;
  /** streams open in this process */
  private localStreams = 0;
  /** other processes holding streams: until when (this process's clock, ms) */
  private readonly remoteStreams = new Map<string, number>();
  /** whether `remoteStreams` is known (read, then followed on the channel) */
  private streamsKnown = false;
  /** this process on the streams channel */
  readonly processId = randomUUID();

  constructor({
    pool,
    onError,
    now = Date.now,
  }: {
    pool: DatabaseExecutor;
    onError: (error: unknown) => void;
    /** milliseconds: when a process's announced streams expire */
    now?: () => number;
  }) {
    this.pool = pool;
    this.onError = onError;
    this.now = now;
    this.tickets = new Batcher((items) => this.sendTickets(items), {
      gatherTurn: true,
      maxItems: 200,
    });
  }

  async queuesChanged(executor: DatabaseExecutor, ...queues: PaymentQueue[]): Promise<void> {
    const unique = [...new Set(queues)].sort();
    if (unique.length === 0) return;
    const notification: Notification = { type: 'queues.changed', data: { queues: unique } };
    await sql`SELECT pg_notify(${operatorEventsChannel}, ${JSON.stringify(notification)})`.execute(
      executor,
    );
  }

  /**
   * Whether a placed ticket is to be announced: some process (this one included) holds an
   * operator's stream, or this process does not know. Read in memory, no query.
   */
  get ticketsWanted(): boolean {
    if (this.localStreams > 0 || !this.streamsKnown) return true;
    if (this.remoteStreams.size === 0) return false;
    const now = this.now();
    for (const [process, until] of this.remoteStreams) {
      if (until > now) return true;
      this.remoteStreams.delete(process);
    }
    return false;
  }

  /**
   * After commit; never throws (the ticket stands whatever becomes of its announcement). A
   * function is called only when the ticket is to be announced.
   */
  ticketPlaced(ticket: SportTicketPlacedEvent | (() => SportTicketPlacedEvent)): void {
    if (!this.ticketsWanted) return;
    this.tickets.submit(typeof ticket === 'function' ? ticket() : ticket).catch(this.onError);
  }

  /** A stream opened in this process (`+1`) or closed (`-1`). */
  localStreamsChanged(by: 1 | -1): void {
    this.localStreams = Math.max(0, this.localStreams + by);
  }

  /** The processes holding streams as read from the table, replacing what was known. */
  streamsRead(rows: StreamsPresence[]): void {
    this.remoteStreams.clear();
    for (const row of rows) this.remember(row);
    this.streamsKnown = true;
  }

  /** Not listening any more (the connection was lost): every ticket is announced until read. */
  streamsUnknown(): void {
    this.streamsKnown = false;
  }

  /** A payload of the streams channel. */
  streamsHeard(payload: string): void {
    let presence: StreamsPresence;
    try {
      presence = JSON.parse(payload) as StreamsPresence;
    } catch {
      return;
    }
    if (typeof presence?.process !== 'string' || typeof presence.ttlMs !== 'number') return;
    this.remember(presence);
  }

  private remember({ process, ttlMs }: StreamsPresence): void {
    if (process === this.processId) return;
    if (ttlMs > 0) this.remoteStreams.set(process, this.now() + ttlMs);
    else this.remoteStreams.delete(process);
  }

  private async sendTickets(
    items: SportTicketPlacedEvent[],
  ): Promise<Array<PromiseSettledResult<void>>> {
    const payloads: string[] = [];
    let batch: SportTicketPlacedEvent[] = [];
    let size = 0;
    const flush = () => {
      if (batch.length === 0) return;
      payloads.push(JSON.stringify({ type: 'sport.ticket', data: batch } satisfies Notification));
      batch = [];
      size = 0;
    };
    for (const item of items) {
      const itemSize = Buffer.byteLength(JSON.stringify(item)) + 1;
      if (size + itemSize > maxPayloadBytes - 64) flush();
      batch.push(item);
      size += itemSize;
    }
    flush();
    try {
      await sql`SELECT pg_notify(${operatorEventsChannel}, payload)
        FROM unnest(${payloads}::text[]) AS payload`.execute(this.pool);
      return items.map(() => ({ status: 'fulfilled', value: undefined }));
    } catch (error) {
      return items.map(() => ({ status: 'rejected', reason: error }));
    }
  }

  /** Calls `listener` with every event this process hears until the returned function is called. */
  subscribe(listener: (event: OperatorEvent) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** A notification's payload (another build's types are ignored). */
  received(payload: string): void {
    // every process listens (to hear who holds streams); one without streams reads nothing
    if (this.subscribers.size === 0) return;
    let notification: Notification;
    try {
      notification = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (!(operatorEventTypes as readonly string[]).includes(notification.type)) return;
    const events: OperatorEvent[] =
      notification.type === 'sport.ticket'
        ? notification.data.map((data) => ({ type: 'sport.ticket', data }))
        : [notification];
    for (const event of events) {
      for (const subscriber of this.subscribers) {
        try {
          subscriber(event);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }
}

/** What a module that changes a payment queue needs of the feed. */
export type PaymentQueueEvents = Pick<OperatorEvents, 'queuesChanged'>;
