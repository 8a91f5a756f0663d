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
 *   together, one NOTIFY per batch, on the pool, never in the placement's transaction or path.
 *
 * Each process's listener (modules/backoffice/events) hands what it hears to `received`, which
 * tells the open streams.
 */
export class OperatorEvents {
  private readonly subscribers = new Set<(event: OperatorEvent) => void>();
  private readonly tickets: Batcher<SportTicketPlacedEvent, void>;
  private readonly pool: DatabaseExecutor;
  private readonly onError: (error: unknown) => void;

  constructor({ pool, onError }: { pool: DatabaseExecutor; onError: (error: unknown) => void }) {
    this.pool = pool;
    this.onError = onError;
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

  /** After commit; never throws (the ticket stands whatever becomes of its announcement). */
  ticketPlaced(ticket: SportTicketPlacedEvent): void {
    this.tickets.submit(ticket).catch(this.onError);
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
