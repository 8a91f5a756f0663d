import type { AddressInfo } from 'node:net';
import {
  type SportEventDiff,
  type SportLiveUpdate,
  sportEventChannel,
  sportEventDiffSchema,
  sportLiveChannel,
  sportLiveUpdateSchema,
} from '@casino/contract';
import type { Centrifuge, Subscription } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxBroadcastBytes } from '../src/modules/realtime/publisher.ts';
import type { MarketOdds } from '../src/modules/sportsbook/feed/feed-messages.ts';
import { createTestApp, manualClock, type TestApp } from './support/app.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';
import { centrifugeClient, collect, nextEvent } from './support/realtime.ts';

// Windows of an hour: nothing is published until the test flushes, so what a window gathers is
// exactly what the test applied (no timing in the assertions).
const clock = manualClock(new Date('2030-01-01T15:00:00Z'));
let testApp: TestApp;
let websocketUrl: string;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: { sportFeedAliveTimeoutSeconds: 10 },
    sportLiveWindows: { eventMs: 3_600_000, sportMs: 3_600_000 },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = testApp.app.server.address() as AddressInfo;
  websocketUrl = `ws://127.0.0.1:${port}/connection/websocket`;
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await testApp.close();
});

const services = () => testApp.app.services.sportsbook;
const flush = () => services().publisher.flush();

async function eventIdOf(feedId: string): Promise<number> {
  const row = await testApp.db
    .selectFrom('sport_events')
    .select('id')
    .where('feed_id', '=', feedId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A guest subscribed to `channel`, collecting what arrives. */
async function guestOn(channel: string) {
  const guest = centrifugeClient(websocketUrl, clients);
  const subscription: Subscription = guest.newSubscription(channel);
  const received = collect(subscription);
  const subscribed = nextEvent(subscription, 'subscribed');
  subscription.subscribe();
  guest.connect();
  await subscribed;
  return received;
}

/** Publications arrive over NOTIFY: wait for the n-th, then a little for any extra one. */
async function exactly<T>(
  received: { received: unknown[]; until(n: number): Promise<unknown[]> },
  count: number,
): Promise<T[]> {
  await received.until(count);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(received.received).toHaveLength(count);
  return received.received as T[];
}

/** A match with its 1x2 at version 1, live. */
async function liveMatch(feedId: string): Promise<number> {
  const ingestion = services().ingestion;
  await ingestion.apply(fixture(feedId));
  await ingestion.apply(
    odds(feedId, 1, [oneXTwo('2.00', '3.40', '3.80'), total('2.5', '1.90', '1.90')]),
  );
  const eventId = await eventIdOf(feedId);
  await flush();
  // let its publication pass the listeners before anyone subscribes (they count what arrives)
  await new Promise((resolve) => setTimeout(resolve, 300));
  return eventId;
}

describe('sport_event:{id}', () => {
  test('a guest receives each change as whole markets, a bet stop greys them, versions chain', async () => {
    const eventId = await liveMatch('sr:match:live-1');
    const received = await guestOn(sportEventChannel(eventId));
    const ingestion = services().ingestion;

    await ingestion.apply(odds('sr:match:live-1', 2, [oneXTwo('1.80', '3.60', '4.50')]));
    await flush();
    const [first] = await exactly<SportEventDiff>(received, 1);
    const diff = sportEventDiffSchema.parse(first);
    expect(diff).toMatchObject({ eventId, previous: 1, version: 2, status: 'live' });
    expect(diff.markets).toHaveLength(1);
    expect(diff.markets?.[0]).toMatchObject({
      typeId: 1,
      name: '1x2',
      status: 'active',
      outcomes: [
        { id: '1', name: 'Arsenal', odds: '1.80', active: true },
        { id: 'X', name: 'Draw', odds: '3.60', active: true },
        { id: '2', name: 'Chelsea', odds: '4.50', active: true },
      ],
    });
    // the diff is what a fetched snapshot shows
    const snapshot = await testApp.app.inject({ url: `/api/v2/sport/events/${eventId}` });
    const markets = (snapshot.json() as { version: number; markets: unknown[] }).markets;
    expect(markets).toContainEqual(diff.markets?.[0]);

    await ingestion.apply({
      type: 'bet_stop',
      producer: 'live',
      eventId: 'sr:match:live-1',
      version: 3,
      marketTypeIds: null,
      timestamp: 20_000,
    });
    await flush();
    const [, stopped] = await exactly<SportEventDiff>(received, 2);
    expect(stopped).toMatchObject({ previous: 2, version: 3 });
    expect(stopped?.markets?.map((market) => [market.typeId, market.status]).sort()).toEqual([
      [1, 'suspended'],
      [18, 'suspended'],
    ]);
    // no scoreboard field unless the scoreboard could have changed
    expect(stopped).not.toHaveProperty('score');
  });

  test('a burst in one window is one publication, and the next one chains on it', async () => {
    const eventId = await liveMatch('sr:match:burst');
    const received = await guestOn(sportEventChannel(eventId));
    const ingestion = services().ingestion;
    for (let version = 2; version <= 9; version += 1) {
      await ingestion.apply(
        odds('sr:match:burst', version, [oneXTwo((1 + version / 10).toFixed(2), '3.40', '3.80')]),
      );
    }
    await flush();
    await ingestion.apply(odds('sr:match:burst', 10, [total('2.5', '1.70', '2.10')]));
    await flush();
    const [burst, next] = await exactly<SportEventDiff>(received, 2);
    expect(burst).toMatchObject({ previous: 1, version: 9 });
    expect(burst?.markets?.[0]?.outcomes[0]?.odds).toBe('1.90');
    expect(next).toMatchObject({ previous: 9, version: 10 });
    expect(next?.markets?.map((market) => market.typeId)).toEqual([18]);
  });

  test('a diff too large for one publication is split, each part with the same versions', async () => {
    const eventId = await liveMatch('sr:match:large');
    const received = await guestOn(sportEventChannel(eventId));
    const lines: MarketOdds[] = [];
    for (let line = 0; line < 120; line += 1) lines.push(total(`${line}.5`, '1.85', '1.95'));
    await services().ingestion.apply(odds('sr:match:large', 2, lines));
    await flush();
    await received.until(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const parts = received.received as SportEventDiff[];
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(maxBroadcastBytes);
      expect(part).toMatchObject({ eventId, previous: 1, version: 2 });
      sportEventDiffSchema.parse(part);
    }
    const carried = parts.flatMap((part) => part.markets ?? []).map((market) => market.name);
    expect(carried).toHaveLength(120);
    expect(new Set(carried).size).toBe(120);
  });

  test('a producer down suspends every market in one publication; its next odds reopen them', async () => {
    const ingestion = services().ingestion;
    await ingestion.apply({ type: 'alive', producer: 'live', subscribed: true, timestamp: 1 });
    const eventId = await liveMatch('sr:match:down');
    const received = await guestOn(sportEventChannel(eventId));
    clock.advance(11_000);
    expect(await ingestion.checkProducers()).toContain('live');
    await flush();
    const [down] = await exactly<SportEventDiff>(received, 1);
    expect(down?.markets?.map((market) => market.status)).toEqual(['suspended', 'suspended']);
    expect(down).toMatchObject({ previous: 1, version: 1 });

    await ingestion.apply({ type: 'alive', producer: 'live', subscribed: true, timestamp: 2 });
    await ingestion.apply(odds('sr:match:down', 2, [oneXTwo('2.10', '3.30', '3.60')]));
    await flush();
    const [, back] = await exactly<SportEventDiff>(received, 2);
    expect(back).toMatchObject({ previous: 1, version: 2 });
    expect(back?.markets?.map((market) => [market.typeId, market.status])).toEqual([[1, 'active']]);
  });

  test('eventChanged publishes the whole event as it is now', async () => {
    const eventId = await liveMatch('sr:match:operator');
    const received = await guestOn(sportEventChannel(eventId));
    services().publisher.eventChanged(eventId);
    await flush();
    const [whole] = await exactly<SportEventDiff>(received, 1);
    expect(whole).toMatchObject({ eventId, previous: 1, version: 1, status: 'live' });
    expect(whole?.markets?.map((market) => market.typeId).sort()).toEqual([1, 18]);
  });
});

describe('sport_live:{sportId}', () => {
  test('carries the listed events with their main market only', async () => {
    const eventId = await liveMatch('sr:match:overview');
    const received = await guestOn(sportLiveChannel(1));
    const ingestion = services().ingestion;
    await ingestion.apply(odds('sr:match:overview', 2, [total('2.5', '1.60', '2.30')]));
    await ingestion.apply(odds('sr:match:overview', 3, [oneXTwo('1.50', '4.00', '6.00')]));
    await flush();
    const [update] = await exactly<SportLiveUpdate>(received, 1);
    const parsed = sportLiveUpdateSchema.parse(update);
    expect(parsed.sportId).toBe(1);
    const diff = parsed.events.find((candidate) => candidate.eventId === eventId);
    expect(diff).toMatchObject({ previous: 1, version: 3, status: 'live' });
    expect(diff?.markets?.map((market) => [market.typeId, market.outcomes[0]?.odds])).toEqual([
      [1, '1.50'],
    ]);

    // a change of another market only: the scoreboard, no market
    await ingestion.apply(odds('sr:match:overview', 4, [total('2.5', '1.50', '2.50')]));
    await flush();
    const [, next] = await exactly<SportLiveUpdate>(received, 2);
    const nextDiff = next?.events.find((candidate) => candidate.eventId === eventId);
    expect(nextDiff).toMatchObject({ previous: 3, version: 4 });
    expect(nextDiff).not.toHaveProperty('markets');
    // never a market other than the main one
    for (const publication of received.received as SportLiveUpdate[]) {
      for (const event of publication.events) {
        for (const market of event.markets ?? []) expect(market.typeId).toBe(1);
      }
    }
  });
});
