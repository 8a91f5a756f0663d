import {
  sportEventSchema,
  sportOperatorEventDetailSchema,
  sportOperatorEventListResponseSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';

/**
 * The back office's sportsbook trading screens (issue 24): the operators' events list and event
 * page, and who may read or change what.
 */

let testApp: TestApp;
let admin: SignedIn;
let trading: SignedIn;
let readOnly: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let marketing: SignedIn;
let player: SignedIn;

const base = '/api/backoffice/v1/sport';

function call(method: 'GET' | 'POST', url: string, who: SignedIn | null) {
  return testApp.app.inject({ method, url, headers: who ? bearer(who) : {} });
}

async function eventIdOf(feedId: string): Promise<number> {
  const row = await testApp.db
    .selectFrom('sport_events')
    .select('id')
    .where('feed_id', '=', feedId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function list(query: string, who: SignedIn = readOnly) {
  const response = await call('GET', `${base}/events?${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return sportOperatorEventListResponseSchema.parse(response.json());
}

async function detail(eventId: number, who: SignedIn = readOnly) {
  const response = await call('GET', `${base}/events/${eventId}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return sportOperatorEventDetailSchema.parse(response.json());
}

let arsenal: number;
let milan: number;
let ended: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  trading = await createOperator(testApp.app, 'trading');
  readOnly = await createOperator(testApp.app, 'read_only');
  finance = await createOperator(testApp.app, 'finance');
  support = await createOperator(testApp.app, 'support');
  marketing = await createOperator(testApp.app, 'marketing');
  player = await registerPlayer(testApp.app);

  const ingestion = testApp.app.services.sportsbook.ingestion;
  // a live football match with two markets
  await ingestion.apply(fixture('bo:match:1'));
  await ingestion.apply(
    odds('bo:match:1', 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.5', '1.90', '1.90')]),
  );
  // an upcoming match in another league, later
  await ingestion.apply(
    fixture('bo:match:2', {
      tournament: { id: 'sr:tournament:23', name: 'Serie A' },
      category: { id: 'sr:category:31', name: 'Italy' },
      home: { id: 'sr:competitor:5', name: 'AC Milan' },
      away: { id: 'sr:competitor:6', name: 'Inter 100%_' },
      startsAt: Date.UTC(2030, 0, 2, 18),
      producer: 'prematch',
    }),
  );
  await ingestion.apply(
    odds('bo:match:2', 1, [oneXTwo('2.50', '3.10', '2.80')], {
      producer: 'prematch',
      status: 'not_started',
      score: null,
      clock: null,
    }),
  );
  // an ended match whose 1X2 the feed settled
  await ingestion.apply(fixture('bo:match:3', { startsAt: Date.UTC(2029, 11, 30, 12) }));
  await ingestion.apply(odds('bo:match:3', 1, [oneXTwo('1.50', '4.00', '6.00')]));
  await ingestion.apply({
    type: 'bet_settlement',
    producer: 'live',
    eventId: 'bo:match:3',
    version: 2,
    certainty: 2,
    markets: [
      {
        typeId: 1,
        specifiers: {},
        outcomes: [
          { id: '1', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
          { id: 'X', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
          { id: '2', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
        ],
      },
    ],
    timestamp: 20_000,
  });
  await ingestion.apply(
    odds('bo:match:3', 3, [], { status: 'ended', score: { home: 1, away: 0, periods: [] } }),
  );
  arsenal = await eventIdOf('bo:match:1');
  milan = await eventIdOf('bo:match:2');
  ended = await eventIdOf('bo:match:3');
});

afterAll(async () => {
  await testApp.close();
});

describe('the operators’ events list and event page', () => {
  test('roles: guests and players 401; marketing 403; every trading-desk reader 200', async () => {
    for (const url of [`${base}/events`, `${base}/events/${arsenal}`]) {
      expectError(await call('GET', url, null), 'unauthorized');
      expectError(await call('GET', url, player), 'unauthorized');
      expectError(await call('GET', url, marketing), 'forbidden');
      for (const who of [admin, trading, support, finance, readOnly]) {
        expect((await call('GET', url, who)).statusCode).toBe(200);
      }
    }
    // finance reads the trading desk's screens too, but changes nothing
    for (const url of [
      `${base}/feed`,
      `${base}/limits`,
      `${base}/bets`,
      `${base}/cashout-settings`,
    ]) {
      expect((await call('GET', url, finance)).statusCode, url).toBe(200);
    }
    const me = await call('GET', '/api/backoffice/v1/me', readOnly);
    const permissions: string[] = me.json().permissions;
    expect(permissions).toContain('GET /api/backoffice/v1/sport/events');
    expect(permissions).not.toContain('POST /api/backoffice/v1/sport/markets/:id/suspend');
  });

  test('a read-only or finance operator cannot hold a market; a trading operator can', async () => {
    const { marketList } = await detail(arsenal);
    const market = marketList.find((candidate) => candidate.typeId === 18);
    if (!market) throw new Error('no totals market');
    for (const who of [readOnly, finance, marketing]) {
      expectError(await call('POST', `${base}/markets/${market.id}/suspend`, who), 'forbidden');
      expectError(await call('POST', `${base}/events/${arsenal}/suspend`, who), 'forbidden');
    }
    const held = await call('POST', `${base}/markets/${market.id}/suspend`, trading);
    expect(held.statusCode, held.body).toBe(200);
    // players see it suspended at once; the operators' page shows the hold and the feed's state
    const shown = sportEventSchema.parse(
      (await testApp.app.inject({ url: `/api/v2/sport/events/${arsenal}` })).json(),
    );
    expect(shown.markets.find((candidate) => candidate.id === market.id)?.status).toBe('suspended');
    const page = await detail(arsenal);
    const after = page.marketList.find((candidate) => candidate.id === market.id);
    expect(after).toMatchObject({ suspended: true, feedStatus: 'active', status: 'suspended' });
    expect(page.markets).toMatchObject({ total: 2, active: 1, suspended: 1, held: 1 });
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'sport.market.suspend')
      .execute();
    expect(audit).toEqual([{ action: 'sport.market.suspend', target_id: String(market.id) }]);
    // the held filter finds it; resume gives it back
    expect((await list('held=true')).items.map((item) => item.id)).toEqual([arsenal]);
    expect((await call('POST', `${base}/markets/${market.id}/resume`, trading)).statusCode).toBe(
      200,
    );
    expect((await list('held=true')).items).toEqual([]);
    expect((await detail(arsenal)).markets).toMatchObject({ active: 2, suspended: 0, held: 0 });
  });

  test('every event, any status, filtered, searched, sorted and paged', async () => {
    const all = await list('');
    expect(all.meta).toEqual({ total: 3, limit: 30, offset: 0 });
    expect(all.items.map((item) => item.id)).toEqual([ended, arsenal, milan]);
    expect(all.items[1]).toMatchObject({
      feedId: 'bo:match:1',
      sportId: 1,
      sportName: expect.any(String),
      league: { id: 'sr:tournament:17', name: 'Premier League', category: { name: 'England' } },
      home: 'Arsenal',
      away: 'Chelsea',
      status: 'live',
      suspended: false,
      markets: { total: 2, active: 2, suspended: 0, held: 0, settled: 0 },
    });
    expect(all.items[0]).toMatchObject({ status: 'ended', markets: { settled: 1 } });

    expect((await list('status=not_started')).items.map((item) => item.id)).toEqual([milan]);
    expect((await list('sportId=5')).items).toEqual([]);
    expect((await list('sort=startsAt&order=desc')).items.map((item) => item.id)).toEqual([
      milan,
      arsenal,
      ended,
    ]);
    const paged = await list('limit=1&offset=1');
    expect(paged.meta).toEqual({ total: 3, limit: 1, offset: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([arsenal]);
    // kick-off: [from, to) as instants, or whole UTC days
    const day = await list(
      `startsFrom=${encodeURIComponent('2030-01-02T00:00:00Z')}&startsTo=${encodeURIComponent('2030-01-02T18:00:00Z')}`,
    );
    expect(day.items).toEqual([]);
    expect(
      (await list('startsFrom=2030-01-02&startsTo=2030-01-02')).items.map((item) => item.id),
    ).toEqual([milan]);
    expect((await list('startsTo=2030-01-01')).items.map((item) => item.id)).toEqual([
      ended,
      arsenal,
    ]);
    // search: part of a name (wildcards taken literally), a league, the feed's id, the book's id
    expect((await list('query=milan')).items.map((item) => item.id)).toEqual([milan]);
    expect((await list('query=100%25_')).items.map((item) => item.id)).toEqual([milan]);
    expect((await list('query=%25')).items.map((item) => item.id)).toEqual([milan]);
    expect((await list('query=serie')).items.map((item) => item.id)).toEqual([milan]);
    expect((await list('query=bo:match:3')).items.map((item) => item.id)).toEqual([ended]);
    expect((await list(`query=${ended}`)).items.map((item) => item.id)).toEqual([ended]);
    expect((await list('query=nobody')).meta.total).toBe(0);
  });

  test('bad filters are 400 with the field named', async () => {
    for (const [query, field] of [
      ['status=open', 'status'],
      ['sort=name', 'sort'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['startsFrom=yesterday', 'startsFrom'],
      ['held=maybe', 'held'],
      ['sportId=x', 'sportId'],
      ['extra=1', null],
    ] as const) {
      const response = await call('GET', `${base}/events?${query}`, readOnly);
      expectError(response, 'validation_error');
      if (field) expect(JSON.stringify(response.json().payload), query).toContain(field);
    }
    expectError(await call('GET', `${base}/events/999999999`, readOnly), 'not_found');
    expectError(await call('GET', `${base}/events/abc`, readOnly), 'validation_error');
  });

  test('the event page has every market: named, with the feed’s price, the override and results', async () => {
    const live = await detail(arsenal, trading);
    expect(live).toMatchObject({ id: arsenal, producer: 'live', status: 'live' });
    const oneX2 = live.marketList.find((market) => market.typeId === 1);
    if (!oneX2) throw new Error('no 1X2');
    const override = await testApp.app.inject({
      method: 'PUT',
      url: `${base}/markets/${oneX2.id}/outcomes/1/price`,
      headers: bearer(trading),
      payload: { odds: '2.20' },
    });
    expect(override.statusCode, override.body).toBe(200);
    const priced = (await detail(arsenal)).marketList.find((market) => market.id === oneX2.id);
    expect(priced?.name).toBe('1x2');
    expect(
      priced?.outcomes.map((outcome) => [
        outcome.name,
        outcome.odds,
        outcome.feedOdds,
        outcome.overrideOdds,
      ]),
    ).toEqual([
      ['Arsenal', '2.20', '2.10', '2.20'],
      ['Draw', '3.40', '3.40', null],
      ['Chelsea', '3.50', '3.50', null],
    ]);
    expect(priced?.outcomes.every((outcome) => outcome.result === null)).toBe(true);

    // the ended match: its settled market is still there, with the results
    const done = await detail(ended);
    expect(done.status).toBe('ended');
    expect(done.marketList).toHaveLength(1);
    expect(done.marketList[0]).toMatchObject({ status: 'settled', feedStatus: 'settled' });
    expect(done.marketList[0]?.outcomes.map((outcome) => outcome.result)).toEqual([
      { result: 'won', voidFactor: '0', deadHeatFactor: '1' },
      { result: 'lost', voidFactor: '0', deadHeatFactor: '1' },
      { result: 'lost', voidFactor: '0', deadHeatFactor: '1' },
    ]);
  });

  test('a player’s bet factor by global id: read by finance, set by trading, audited', async () => {
    const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
    const { globalId } = me.json() as { globalId: string };
    const { id: userId } = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('global_id', '=', BigInt(globalId))
      .executeTakeFirstOrThrow();
    const url = `${base}/players/${globalId}/bet-factor`;
    const read = await call('GET', url, finance);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ userId, globalId, betFactor: '1.000' });
    const body = { betFactor: '0.5' };
    const put = (who: SignedIn) =>
      testApp.app.inject({ method: 'PUT', url, headers: bearer(who), payload: body });
    expectError(await put(readOnly), 'forbidden');
    expectError(await put(finance), 'forbidden');
    const set = await put(trading);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ globalId, betFactor: '0.500' });
    // the same player by its id
    expect(
      (await call('GET', `${base}/players/${userId}/bet-factor`, readOnly)).json(),
    ).toMatchObject({ globalId, betFactor: '0.500' });
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['target_id'])
      .where('action', '=', 'sport.player.bet_factor')
      .execute();
    expect(audit).toEqual([{ target_id: userId }]);
    expectError(await call('GET', `${base}/players/99999999999/bet-factor`, readOnly), 'not_found');
    expectError(
      await call('GET', `${base}/players/nobody/bet-factor`, readOnly),
      'validation_error',
    );
  });
});
