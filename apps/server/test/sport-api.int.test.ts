import { sportEventSchema, sportEventsPageSchema, sportsResponseSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';

let testApp: TestApp;

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

beforeAll(async () => {
  testApp = await createTestApp();
  const ingestion = testApp.app.services.sportsbook.ingestion;
  // soccer: two live and three upcoming in two leagues; tennis: one upcoming; one cancelled
  for (let index = 1; index <= 5; index += 1) {
    await ingestion.apply(
      fixture(`sr:match:${index}`, {
        startsAt: Date.UTC(2030, 0, index),
        ...(index === 5 ? { tournament: { id: 'sr:tournament:8', name: 'LaLiga' } } : {}),
      }),
    );
  }
  await ingestion.apply(
    fixture('sr:match:6', {
      sportId: 5,
      category: { id: 'sr:category:3', name: 'ATP' },
      tournament: { id: 'sr:tournament:2', name: 'Wimbledon' },
    }),
  );
  await ingestion.apply(fixture('sr:match:7', { status: 'cancelled' }));
  await ingestion.apply(
    odds('sr:match:2', 1, [total('2.5', '1.90', '1.90'), oneXTwo('2.10', '3.40', '3.50')]),
  );
  await ingestion.apply(odds('sr:match:4', 1, [oneXTwo('1.50', '4.00', '6.00')]));
});

afterAll(async () => {
  await testApp.close();
});

describe('public sport API', () => {
  test('sports: the seed list with live and upcoming counts, cached briefly', async () => {
    const response = await get('/api/v2/sport/sports');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=10');
    const sports = sportsResponseSchema.parse(response.json());
    expect(sports).toHaveLength(14);
    expect(sports[0]).toEqual({
      id: 1,
      slug: 'soccer',
      name: 'Soccer',
      kind: 'sport',
      liveCount: 2,
      upcomingCount: 3,
    });
    expect(sports.find((sport) => sport.slug === 'tennis')).toMatchObject({
      id: 5,
      liveCount: 0,
      upcomingCount: 1,
    });
    expect(sports.find((sport) => sport.id === 109)).toMatchObject({
      slug: 'counter-strike',
      kind: 'esport',
    });
  });

  test('events: live first then by start time, with the main market; filters and paging', async () => {
    const response = await get('/api/v2/sport/events?sportId=1');
    expect(response.statusCode).toBe(200);
    const page = sportEventsPageSchema.parse(response.json());
    expect(page.meta).toEqual({ offset: 0, limit: 20, total: 5 });
    const feedOrder = page.items.map((item) => `${item.status}:${item.startsAt.slice(0, 10)}`);
    expect(feedOrder).toEqual([
      'live:2030-01-02',
      'live:2030-01-04',
      'not_started:2030-01-01',
      'not_started:2030-01-03',
      'not_started:2030-01-05',
    ]);
    expect(page.items[0]?.mainMarket).toMatchObject({
      typeId: 1,
      name: '1x2',
      status: 'active',
      outcomes: [
        { id: '1', name: 'Arsenal', odds: '2.10', active: true },
        { id: 'X', name: 'Draw', odds: '3.40', active: true },
        { id: '2', name: 'Chelsea', odds: '3.50', active: true },
      ],
    });
    expect(page.items[2]?.mainMarket).toBeNull();

    const live = sportEventsPageSchema.parse((await get('/api/v2/sport/events?live=true')).json());
    expect(live.items.map((item) => item.status)).toEqual(['live', 'live']);
    const upcoming = sportEventsPageSchema.parse(
      (await get('/api/v2/sport/events?live=false&sportId=1&offset=1&limit=1')).json(),
    );
    expect(upcoming.meta).toEqual({ offset: 1, limit: 1, total: 3 });
    expect(upcoming.items.map((item) => item.startsAt.slice(0, 10))).toEqual(['2030-01-03']);
    const league = sportEventsPageSchema.parse(
      (await get('/api/v2/sport/events?leagueId=sr:tournament:8')).json(),
    );
    expect(league.items.map((item) => item.league)).toEqual([
      { id: 'sr:tournament:8', name: 'LaLiga', category: { id: 'sr:category:1', name: 'England' } },
    ]);
  });

  test('events: bad filters and limits are validation errors', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'offset=-1',
      'live=yes',
      'sportId=abc',
      'other=1',
    ]) {
      expectError(await get(`/api/v2/sport/events?${query}`), 'validation_error');
    }
  });

  test('one event: every market with names from its type and specifiers; 404 and 400', async () => {
    const list = sportEventsPageSchema.parse((await get('/api/v2/sport/events?live=true')).json());
    const id = list.items[0]?.id;
    const response = await get(`/api/v2/sport/events/${id}`);
    expect(response.statusCode).toBe(200);
    const event = sportEventSchema.parse(response.json());
    expect(event).toMatchObject({
      id,
      sportId: 1,
      home: { id: 'sr:competitor:1', name: 'Arsenal' },
      away: { id: 'sr:competitor:2', name: 'Chelsea' },
      status: 'live',
      score: { home: 0, away: 0, periods: [] },
      clock: { period: '1st_half', elapsedSeconds: 60, running: true },
      version: 1,
    });
    expect(event.markets.map((market) => [market.typeId, market.name, market.specifiers])).toEqual([
      [1, '1x2', {}],
      [18, 'Total 2.5', { total: '2.5' }],
    ]);
    expect(event.markets[1]?.outcomes.map((outcome) => outcome.name)).toEqual([
      'Over 2.5',
      'Under 2.5',
    ]);

    expectError(await get('/api/v2/sport/events/999999'), 'not_found');
    expectError(await get('/api/v2/sport/events/abc'), 'validation_error');
    expectError(await get('/api/v2/sport/events/0'), 'validation_error');
  });
});
