import { randomUUID } from 'node:crypto';
import type { PlaceSportBetBody } from '@casino/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import { operatorEventsChannel, operatorStreamsChannel } from '../src/lib/operator-events.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { openOperatorStream } from './support/operator-stream.ts';
import { preMatchOneXTwo } from './support/sport-tickets.ts';

/**
 * The operators' live feed across server processes (two apps on one database): a placed sport
 * ticket is announced (NOTIFY) only while some process holds an operator's stream.
 */

let testApp: TestApp;
/** a second server process on the same database */
let second: App;
let secondDb: ReturnType<typeof createDatabase>;
let secondUrl: string;
/** a plain LISTEN session: what the processes say on the channels */
let observer: pg.Client;
const heard: Array<{ channel: string; payload: string }> = [];
const heardWaiters: Array<() => void> = [];
let trading: SignedIn;
let market: { eventId: number; marketId: number };

async function address(app: App) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bound = app.server.address();
  if (bound === null || typeof bound === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
}

beforeAll(async () => {
  testApp = await createTestApp();
  secondDb = createDatabase({ connectionString: testApp.databaseUrl, maxConnections: 3 });
  second = await buildApp({
    config: testApp.config,
    db: secondDb,
    databaseUrl: testApp.databaseUrl,
    passwordHashing: { memoryCost: 4096, timeCost: 2, parallelism: 1 },
  });
  await second.ready();
  secondUrl = await address(second);
  observer = new pg.Client({ connectionString: testApp.databaseUrl });
  await observer.connect();
  observer.on('notification', (message) => {
    heard.push({ channel: message.channel, payload: message.payload ?? '' });
    for (const wake of heardWaiters.splice(0)) wake();
  });
  await observer.query(`LISTEN ${operatorEventsChannel}`);
  await observer.query(`LISTEN ${operatorStreamsChannel}`);
  trading = await createOperator(testApp.app, 'trading');

  const feedId = `sr:match:live-feed-${randomUUID().slice(0, 8)}`;
  market = await preMatchOneXTwo(testApp, feedId);
});

afterAll(async () => {
  await observer?.end();
  await second?.close();
  await secondDb?.destroy();
  await testApp?.close();
});

/** The ticket ids in the `sport.ticket` notifications heard so far. */
function ticketsHeard(): string[] {
  return heard
    .filter((entry) => entry.channel === operatorEventsChannel)
    .map((entry) => JSON.parse(entry.payload) as { type: string; data: Array<{ id: string }> })
    .filter((notification) => notification.type === 'sport.ticket')
    .flatMap((notification) => notification.data.map((ticket) => ticket.id));
}

async function heardTicket(id: string) {
  while (!ticketsHeard().includes(id)) {
    await new Promise<void>((resolve) => heardWaiters.push(resolve));
  }
}

async function fundedPlayer() {
  const player = await registerPlayer(testApp.app);
  const userId = await userIdOf(testApp, player);
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `live-feed-fund:${randomUUID()}`,
    postings: [
      { account: platformAccount('USD', 'provider_clearing'), amountMinor: -10_000n },
      { account: playerAccount(userId, 'USD', 'main'), amountMinor: 10_000n },
    ],
  });
  return player;
}

/** A pre-match single placed through the first process's HTTP API; its ticket id. */
async function place(player: SignedIn) {
  const body: PlaceSportBetBody = {
    type: 'single',
    stake: '1',
    oddsChange: 'none',
    selections: [{ ...market, outcomeId: '1', odds: '2.10' }],
  };
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/sport/bets',
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** An operator's stream on the second process, read as it arrives; resolves once `ready`. */
async function openStream(session: SignedIn) {
  const stream = await openOperatorStream(secondUrl, bearer(session));
  const tickets = () =>
    stream.received
      .filter((event) => event.type === 'sport.ticket')
      .map((event) => (event.data as { id: string }).id);
  return {
    tickets,
    waitForTicket: (id: string) =>
      stream.waitFor('sport.ticket', (data: { id: string }) => data.id === id),
    close: stream.close,
  };
}

async function streamRows() {
  const { rows } = await sql<{ process_id: string }>`
    SELECT process_id FROM operator_event_streams WHERE expires_at > now()`.execute(testApp.db);
  return rows.map((row) => row.process_id);
}

describe('the operators’ live feed across processes', () => {
  test('no NOTIFY while no stream is open anywhere; a stream opened in another process hears the tickets placed after it', async () => {
    const feed = testApp.app.services.operatorEvents;
    // both processes read at start who holds streams: nobody
    expect(feed.ticketsWanted).toBe(false);
    expect(second.services.operatorEvents.ticketsWanted).toBe(false);
    const player = await fundedPlayer();
    const unheard = await place(player);

    const stream = await openStream(trading);
    try {
      // the second process keeps its row and said so on the channel as it committed
      expect(await streamRows()).toEqual([second.services.operatorEvents.processId]);
      // the first process hears it on its LISTEN connection (no query per placement)
      await vi.waitFor(() => expect(feed.ticketsWanted).toBe(true));
      const placed = await place(player);
      await stream.waitForTicket(placed);
      await heardTicket(placed);
      // notifications arrive in commit order: the ticket before the stream was never announced
      expect(ticketsHeard()).not.toContain(unheard);
      expect(stream.tickets()).toEqual([placed]);
    } finally {
      stream.close();
    }
    // the last stream closed: its row goes, and the first process stops announcing
    await vi.waitFor(async () => expect(await streamRows()).toEqual([]));
    await vi.waitFor(() => expect(feed.ticketsWanted).toBe(false));
    const afterClose = await place(player);

    // open again: what was placed while nobody watched was never said
    const again = await openStream(trading);
    try {
      await vi.waitFor(() => expect(feed.ticketsWanted).toBe(true));
      const placed = await place(player);
      await again.waitForTicket(placed);
      await heardTicket(placed);
      expect(ticketsHeard()).not.toContain(afterClose);
      expect(again.tickets()).toEqual([placed]);
    } finally {
      again.close();
    }
  });
});
