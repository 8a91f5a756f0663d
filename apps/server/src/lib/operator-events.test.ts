import type { SportTicketPlacedEvent } from '@casino/contract';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, test } from 'vitest';
import { visibleTo } from '../modules/backoffice/live/operator-events.routes.ts';
import { type OperatorEvent, OperatorEvents } from './operator-events.ts';

function ticket(id: number): SportTicketPlacedEvent {
  return {
    id: `ticket-${id}`,
    playerGlobalId: String(10_000_000 + id),
    stake: '5.00',
    currency: 'USD',
    odds: '2.10',
    type: 'single',
    status: 'accepted',
    eventId: 7,
    eventName: `Home ${'x'.repeat(80)} v Away`,
    legs: 1,
    live: false,
    placedAt: '2026-11-27T02:00:00.000Z',
  };
}

/** The feed with a pool that records each NOTIFY statement's payloads instead of sending them. */
function recordingFeed(now: () => number = Date.now) {
  const payloads: string[][] = [];
  const connection = {
    executeQuery: async (compiled: CompiledQuery) => {
      payloads.push(compiled.parameters.find(Array.isArray) as string[]);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const pool = new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () =>
        Object.assign(new DummyDriver(), { acquireConnection: async () => connection }),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const errors: unknown[] = [];
  const events = new OperatorEvents({
    pool: pool as never,
    onError: (error) => errors.push(error),
    now,
  });
  return { events, payloads, errors };
}

describe('operator events', () => {
  test('tickets of one moment leave in one NOTIFY statement, split under the payload limit, and arrive one by one', async () => {
    const { events, payloads, errors } = recordingFeed();
    for (let index = 0; index < 60; index += 1) events.ticketPlaced(ticket(index));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([]);
    expect(payloads).toHaveLength(1);
    const batch = payloads[0] ?? [];
    expect(batch.length).toBeGreaterThan(1);
    for (const payload of batch) expect(Buffer.byteLength(payload)).toBeLessThan(7_000);
    const heard: OperatorEvent[] = [];
    events.subscribe((event) => heard.push(event));
    for (const payload of batch) events.received(payload);
    expect(heard.map((event) => (event.type === 'sport.ticket' ? event.data.id : null))).toEqual(
      Array.from({ length: 60 }, (_, index) => `ticket-${index}`),
    );
  });

  test('a payload of another build or not JSON is ignored', () => {
    const { events } = recordingFeed();
    const heard: OperatorEvent[] = [];
    events.subscribe((event) => heard.push(event));
    events.received('not json');
    events.received(JSON.stringify({ type: 'something.else', data: {} }));
    expect(heard).toEqual([]);
  });

  test('an operator sees the queues and the ticker their permissions read', () => {
    const support = new Set([
      'GET /api/backoffice/v1/crypto/deposits',
      'GET /api/backoffice/v1/sport/bets',
    ]);
    const event: OperatorEvent = {
      type: 'queues.changed',
      data: { queues: ['depositsAwaitingApproval', 'unmatchedCryptoTransfers'] },
    };
    expect(visibleTo(support, event)).toEqual({
      type: 'queues.changed',
      data: { queues: ['unmatchedCryptoTransfers'] },
    });
    expect(
      visibleTo(support, { type: 'queues.changed', data: { queues: ['approvals'] } }),
    ).toBeNull();
    expect(visibleTo(support, { type: 'sport.ticket', data: ticket(1) })).not.toBeNull();
    expect(visibleTo(new Set(), { type: 'sport.ticket', data: ticket(1) })).toBeNull();
  });

  test('tickets are announced only while some process holds a stream, or while nobody knows', async () => {
    let clock = 1_000_000;
    const { events, payloads } = recordingFeed(() => clock);
    const settle = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    };
    let built = 0;
    const place = (id: number) =>
      events.ticketPlaced(() => {
        built += 1;
        return ticket(id);
      });
    // not listening yet: every ticket is announced, as before
    expect(events.ticketsWanted).toBe(true);
    events.streamsRead([]);
    expect(events.ticketsWanted).toBe(false);
    place(1);
    await settle();
    expect(payloads).toEqual([]);
    expect(built).toBe(0);
    // another process opened a stream (heard on the channel) until 30 s from now
    events.streamsHeard(JSON.stringify({ process: 'other', ttlMs: 30_000 }));
    place(2);
    await settle();
    expect(payloads).toHaveLength(1);
    expect(built).toBe(1);
    // it renewed nothing: its announcement expires
    clock += 30_001;
    expect(events.ticketsWanted).toBe(false);
    // announced again, then its last stream closed
    events.streamsHeard(JSON.stringify({ process: 'other', ttlMs: 30_000 }));
    expect(events.ticketsWanted).toBe(true);
    events.streamsHeard(JSON.stringify({ process: 'other', ttlMs: 0 }));
    expect(events.ticketsWanted).toBe(false);
    // what this process says of itself on the channel is its own count's business
    events.streamsHeard(JSON.stringify({ process: events.processId, ttlMs: 30_000 }));
    expect(events.ticketsWanted).toBe(false);
    events.localStreamsChanged(1);
    expect(events.ticketsWanted).toBe(true);
    events.localStreamsChanged(-1);
    expect(events.ticketsWanted).toBe(false);
    // a read replaces what was known; garbage on the channel changes nothing
    events.streamsRead([{ process: 'third', ttlMs: 5_000 }]);
    expect(events.ticketsWanted).toBe(true);
    events.streamsHeard('not json');
    events.streamsHeard(JSON.stringify({ process: 7 }));
    expect(events.ticketsWanted).toBe(true);
    events.streamsRead([]);
    expect(events.ticketsWanted).toBe(false);
    // the listener lost its connection: announce everything until read again
    events.streamsUnknown();
    expect(events.ticketsWanted).toBe(true);
  });
});
