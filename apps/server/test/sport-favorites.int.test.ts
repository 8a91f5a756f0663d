import { maxSportFavorites, sportFavoritesSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fixture, odds, oneXTwo } from './support/feed-script.ts';

let testApp: TestApp;
/** the book's ids of the events sr:match:1 … 4 */
const eventIds: Record<string, number> = {};

const url = '/api/v2/sport/favorites';

function put(player: SignedIn | null, body: unknown) {
  return testApp.app.inject({
    method: 'PUT',
    url,
    payload: body as object,
    headers: player ? bearer(player) : {},
  });
}

function remove(player: SignedIn | null, type: string, id: string) {
  return testApp.app.inject({
    method: 'DELETE',
    url: `${url}?type=${type}&id=${encodeURIComponent(id)}`,
    headers: player ? bearer(player) : {},
  });
}

async function favoritesOf(player: SignedIn) {
  const response = await testApp.app.inject({ url, headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return sportFavoritesSchema.strict().parse(response.json());
}

beforeAll(async () => {
  testApp = await createTestApp();
  const ingestion = testApp.app.services.sportsbook.ingestion;
  // 1: upcoming, early; 2: live; 3: upcoming, later, another league; 4: ended
  await ingestion.apply(fixture('sr:match:1', { startsAt: Date.UTC(2030, 0, 1) }));
  await ingestion.apply(fixture('sr:match:2', { startsAt: Date.UTC(2030, 0, 2) }));
  await ingestion.apply(
    fixture('sr:match:3', {
      startsAt: Date.UTC(2030, 0, 3),
      category: { id: 'sr:category:32', name: 'Spain' },
      tournament: { id: 'sr:tournament:8', name: 'LaLiga' },
    }),
  );
  await ingestion.apply(fixture('sr:match:4', { status: 'ended' }));
  await ingestion.apply(odds('sr:match:2', 1, [oneXTwo('2.10', '3.40', '3.50')]));
  const rows = await testApp.db.selectFrom('sport_events').select(['id', 'feed_id']).execute();
  for (const row of rows) eventIds[row.feed_id] = Number(row.id);
});

afterAll(async () => {
  await testApp.close();
});

describe('sport favourites', () => {
  test('guests are refused on every method', async () => {
    expectError(await testApp.app.inject({ url }), 'unauthorized');
    expectError(await put(null, { type: 'league', id: 'sr:tournament:17' }), 'unauthorized');
    expectError(await remove(null, 'league', 'sr:tournament:17'), 'unauthorized');
  });

  test('a banned player is refused', async () => {
    const player = await registerPlayer(testApp.app);
    const admin = await loginOperator(testApp.app, undefined, testApp.config);
    const { globalId } = (
      await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) })
    ).json() as { globalId: string };
    const banned = await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/players/${globalId}/ban`,
      headers: bearer(admin),
      payload: { reason: 'other' },
    });
    expect(banned.statusCode).toBe(200);
    expectError(await testApp.app.inject({ url, headers: bearer(player) }), 'user_banned');
    expectError(await put(player, { type: 'league', id: 'sr:tournament:17' }), 'user_banned');
  });

  test('events and leagues are added and removed idempotently, per player', async () => {
    const player = await registerPlayer(testApp.app);
    const other = await registerPlayer(testApp.app);
    expect(await favoritesOf(player)).toEqual({ eventIds: [], leagues: [], events: [] });

    for (const feedId of ['sr:match:1', 'sr:match:2', 'sr:match:3', 'sr:match:4']) {
      expect((await put(player, { type: 'event', id: String(eventIds[feedId]) })).statusCode).toBe(
        204,
      );
    }
    // the same again changes nothing
    expect(
      (await put(player, { type: 'event', id: String(eventIds['sr:match:1']) })).statusCode,
    ).toBe(204);
    expect((await put(player, { type: 'league', id: 'sr:tournament:17' })).statusCode).toBe(204);
    expect((await put(player, { type: 'league', id: 'sr:tournament:8' })).statusCode).toBe(204);
    expect((await put(player, { type: 'league', id: 'sr:tournament:17' })).statusCode).toBe(204);

    const favorites = await favoritesOf(player);
    expect([...favorites.eventIds].sort((a, b) => a - b)).toEqual(
      ['sr:match:1', 'sr:match:2', 'sr:match:3', 'sr:match:4']
        .map((feedId) => eventIds[feedId] as number)
        .sort((a, b) => a - b),
    );
    // the ended event is kept but not listed; live first, then by start time
    expect(favorites.events.map((event) => event.id)).toEqual([
      eventIds['sr:match:2'],
      eventIds['sr:match:1'],
      eventIds['sr:match:3'],
    ]);
    expect(favorites.events[0]?.mainMarket?.outcomes.map((outcome) => outcome.odds)).toEqual([
      '2.10',
      '3.40',
      '3.50',
    ]);
    expect(favorites.leagues.map((league) => league.id).sort()).toEqual([
      'sr:tournament:17',
      'sr:tournament:8',
    ]);
    expect(favorites.leagues.find((league) => league.id === 'sr:tournament:8')).toEqual({
      id: 'sr:tournament:8',
      name: 'LaLiga',
      sportId: 1,
      category: { id: 'sr:category:32', name: 'Spain' },
    });
    const rows = await testApp.db
      .selectFrom('sport_favorites')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('user_id', '=', await userIdOf(testApp, player))
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(6);
    // another player's favourites are their own
    expect(await favoritesOf(other)).toEqual({ eventIds: [], leagues: [], events: [] });

    for (let repeat = 0; repeat < 2; repeat += 1) {
      expect((await remove(player, 'event', String(eventIds['sr:match:2']))).statusCode).toBe(204);
      expect((await remove(player, 'league', 'sr:tournament:17')).statusCode).toBe(204);
    }
    // removing what was never a favourite is not an error either
    expect((await remove(other, 'league', 'sr:tournament:17')).statusCode).toBe(204);
    expect((await remove(other, 'event', 'not-a-number')).statusCode).toBe(204);
    const after = await favoritesOf(player);
    expect(after.eventIds).not.toContain(eventIds['sr:match:2']);
    expect(after.eventIds).toHaveLength(3);
    expect(after.events.map((event) => event.id)).toEqual([
      eventIds['sr:match:1'],
      eventIds['sr:match:3'],
    ]);
    expect(after.leagues.map((league) => league.id)).toEqual(['sr:tournament:8']);
  });

  test('an unknown event or league is 404 not_found; a malformed body is 400', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(await put(player, { type: 'event', id: '999999' }), 'not_found');
    expectError(await put(player, { type: 'event', id: 'sr:match:1' }), 'not_found');
    expectError(await put(player, { type: 'event', id: '99999999999999999999' }), 'not_found');
    expectError(await put(player, { type: 'league', id: 'sr:tournament:404' }), 'not_found');
    expectError(await put(player, { type: 'team', id: '1' }), 'validation_error');
    expectError(await put(player, { type: 'event' }), 'validation_error');
    expectError(await put(player, { type: 'event', id: '1', extra: true }), 'validation_error');
    expectError(await remove(player, 'team', '1'), 'validation_error');
    expect(await favoritesOf(player)).toEqual({ eventIds: [], leagues: [], events: [] });
  });

  test(`at most ${maxSportFavorites} favourites, even when added at once`, async () => {
    const ingestion = testApp.app.services.sportsbook.ingestion;
    const extra: number[] = [];
    for (let index = 0; index < maxSportFavorites + 4; index += 1) {
      await ingestion.apply(fixture(`sr:match:limit-${index}`));
    }
    const rows = await testApp.db
      .selectFrom('sport_events')
      .select('id')
      .where('feed_id', 'like', 'sr:match:limit-%')
      .orderBy('id')
      .execute();
    for (const row of rows) extra.push(Number(row.id));
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    // fill to one below the limit directly, then race five adds for the last place
    await testApp.db
      .insertInto('sport_favorites')
      .values(
        extra
          .slice(0, maxSportFavorites - 1)
          .map((eventId) => ({ user_id: userId, event_id: eventId })),
      )
      .execute();
    const racing = await Promise.all(
      extra
        .slice(maxSportFavorites - 1, maxSportFavorites + 4)
        .map((eventId) => put(player, { type: 'event', id: String(eventId) })),
    );
    expect(racing.filter((response) => response.statusCode === 204)).toHaveLength(1);
    for (const response of racing.filter((candidate) => candidate.statusCode !== 204)) {
      expect(expectError(response, 'sport_favorites_full').payload).toEqual({
        limit: maxSportFavorites,
      });
    }
    expect((await favoritesOf(player)).eventIds).toHaveLength(maxSportFavorites);
    // one already kept is still fine when full; a league counts as well
    expect((await put(player, { type: 'event', id: String(extra[0]) })).statusCode).toBe(204);
    expectError(
      await put(player, { type: 'league', id: 'sr:tournament:17' }),
      'sport_favorites_full',
    );
    // removing one makes room again
    expect((await remove(player, 'event', String(extra[0]))).statusCode).toBe(204);
    expect((await put(player, { type: 'league', id: 'sr:tournament:17' })).statusCode).toBe(204);
  });
});
