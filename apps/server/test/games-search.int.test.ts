import { gamesPageSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GamesRepository } from '../src/modules/casino/games/games.repository.ts';
import { searchIndexTtlMs } from '../src/modules/casino/games/games.service.ts';
import { SearchIndex } from '../src/modules/casino/games/search-index.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';

/**
 * The catalog search over HTTP (issue 21 item 8): the in-memory index's matches, ranked, paged
 * and filtered by the page query. Games are added behind the service's back (SQL) before the
 * first search, which builds the index.
 */
let testApp: TestApp;
let admin: SignedIn;
const clock = manualClock();

const added = [
  { id: 'roulette', title: 'Roulette', rounds: 0 },
  { id: 'roulette-royale', title: 'Roulette Royale', rounds: 500 },
  { id: 'lightning-roulette', title: 'Lightning Roulette', rounds: 10 },
  { id: 'rouletteball', title: 'Rouletteball', rounds: 900 },
  { id: 'golden-dragon-ru', title: 'Золотой Дракон', rounds: 0 },
];

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  for (const game of added) {
    await sql`
      INSERT INTO games (id, title, provider_id, engine, image_url, rtp, rounds_played, external_launch_url)
      VALUES (${game.id}, ${game.title}, 'orbit-originals', 'external', ${`/game-art/${game.id}.svg`},
        0.96, ${game.rounds}, 'https://games.example/launch')`.execute(testApp.db);
  }
  // popularity with ties and without, so every order has games it cannot tell apart
  await sql`UPDATE games SET rounds_played = abs(hashtext(id)) % 4 WHERE rounds_played = 0`.execute(
    testApp.db,
  );
});
afterAll(async () => {
  await testApp.close();
});

async function search(query: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({
    url: `/api/v2/games?search=${encodeURIComponent(query)}&limit=100`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return gamesPageSchema.parse(response.json());
}
const ids = async (query: string, headers?: Record<string, string>) =>
  (await search(query, headers)).items.map((item) => item.id);

describe('search at scale: ranking', () => {
  test('exact words first, then starts of words; a typo of any kind finds the same games, popular ones first', async () => {
    // the title that is the search, one starting with it, one with the word elsewhere, then
    // the word that only starts with it
    expect(await ids('roulette')).toEqual([
      'roulette',
      'roulette-royale',
      'lightning-roulette',
      'rouletteball',
    ]);
    for (const typo of ['ruolette', 'roulete', 'roulettte', 'roulatte', 'ROULETET']) {
      // equally good matches in the page's order (popularity); the start of a word after them
      expect(await ids(typo), typo).toEqual([
        'roulette-royale',
        'lightning-roulette',
        'roulette',
        'rouletteball',
      ]);
    }
    // a word being typed matches the starts of words
    expect((await ids('roul')).slice(0, 4).toSorted()).toEqual(
      ['lightning-roulette', 'roulette', 'roulette-royale', 'rouletteball'].toSorted(),
    );
    expect(await ids('xylophone')).toEqual([]);
  });

  test('names in any script and provider names still match, with typos', async () => {
    expect(await ids('дракон')).toEqual(['golden-dragon-ru']);
    expect(await ids('ЗОЛОТОЙ даркон')).toEqual(['golden-dragon-ru']);
    // every word must match the title or the provider
    expect(await ids('orbit originals roulette royale')).toEqual(['roulette-royale']);
    expect(await ids('orbt roulette royale')).toEqual(['roulette-royale']);
  });

  test('a broad search pages through every match exactly once', async () => {
    const first = await search('gol');
    expect(first.meta.total).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let offset = 0; offset < first.meta.total; offset += 7) {
      const response = await testApp.app.inject({
        url: `/api/v2/games?search=gol&limit=7&offset=${offset}`,
      });
      seen.push(...gamesPageSchema.parse(response.json()).items.map((item) => item.id));
    }
    expect(seen).toHaveLength(first.meta.total);
    expect(new Set(seen).size).toBe(first.meta.total);
  });
});

/** Every page of a listing, by `limit`, as the infinite grid fetches it. */
async function allPages(query: string, limit: number) {
  const ids: string[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < total; offset += limit) {
    const response = await testApp.app.inject({
      url: `/api/v2/games?${query}&limit=${limit}&offset=${offset}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = gamesPageSchema.parse(response.json());
    expect(page.meta).toEqual({ offset, limit, total: page.meta.total });
    total = page.meta.total;
    ids.push(...page.items.map((item) => item.id));
  }
  return ids;
}

describe('search at scale: the index ranks and pages as the database orders', () => {
  test('every search, sort and filter answers as the listing of the same filter and sort, best score first', async () => {
    // the reference: the database's own order of the listing (no search), the games the words
    // rules find taken from it in that order, then stably sorted by score
    const repository = new GamesRepository({ db: testApp.db });
    const index = new SearchIndex(await repository.searchCatalog());
    const category = await sql<{ value: string }>`
      SELECT c.value FROM game_categories c WHERE c.entity = 'category'
        AND EXISTS (SELECT 1 FROM game_category_games cg WHERE cg.category_id = c.id)
      ORDER BY c.position, c.id LIMIT 1`.execute(testApp.db);
    const promo = await sql<{ id: number }>`
      SELECT pc.id FROM promo_categories pc WHERE pc.enabled
        AND EXISTS (SELECT 1 FROM promo_category_games pcg WHERE pcg.promo_category_id = pc.id)
      ORDER BY pc.id LIMIT 1`.execute(testApp.db);
    const filters = [
      '',
      `category=${category.rows[0]?.value}`,
      'provider=orbit-originals',
      `promoCategory=${promo.rows[0]?.id}`,
    ];
    const sorts = ['', 'sort=rate', 'sort=title', 'sort=popularity', 'sort=recently'];
    let compared = 0;
    for (const filter of filters) {
      for (const sort of sorts) {
        const listing = await allPages([filter, sort].filter(Boolean).join('&'), 100);
        for (const search of ['gol', 'roulette', 'ruolette', 'dice', 'orbt', 'slots', 'koi']) {
          const { ids, scores } = index.search(search);
          const score = new Map(ids.map((id, at) => [id, scores[at] as number]));
          const expected = listing
            .filter((id) => score.has(id))
            .toSorted((left, right) => (score.get(right) ?? 0) - (score.get(left) ?? 0));
          const query = [filter, sort, `search=${encodeURIComponent(search)}`]
            .filter(Boolean)
            .join('&');
          expect(await allPages(query, 100), query).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    // the comparisons were about something
    expect(compared).toBeGreaterThan(1_000);
  });

  test('page 2 of a broad search is rows 25–48 of the whole ranking', async () => {
    const whole = await allPages('search=slots', 100);
    expect(whole.length).toBeGreaterThan(48);
    const response = await testApp.app.inject({
      url: '/api/v2/games?search=slots&limit=24&offset=24',
    });
    const page = gamesPageSchema.parse(response.json());
    expect(page.items.map((item) => item.id)).toEqual(whole.slice(24, 48));
    expect(page.meta).toEqual({ offset: 24, limit: 24, total: whole.length });
    // past the end: no games, the same total
    const past = gamesPageSchema.parse(
      (
        await testApp.app.inject({
          url: `/api/v2/games?search=slots&limit=24&offset=${whole.length}`,
        })
      ).json(),
    );
    expect(past).toEqual({
      items: [],
      meta: { offset: whole.length, limit: 24, total: whole.length },
    });
  });
});

describe('search at scale: who sees what', () => {
  test('guests and players get the same results', async () => {
    const player = await registerPlayer(testApp.app);
    for (const query of ['ruolette', 'gol', 'orbt']) {
      expect(await ids(query, bearer(player)), query).toEqual(await ids(query));
    }
  });

  test('a disabled game or provider never appears, however it was disabled', async () => {
    const patch = (enabled: boolean) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/backoffice/v1/games/roulette-royale',
        headers: bearer(admin),
        payload: { enabled },
      });
    expect((await patch(false)).statusCode).toBe(200);
    expect(await ids('ruolette')).not.toContain('roulette-royale');
    expect((await search('roulette')).meta.total).toBe(3);
    expect((await patch(true)).statusCode).toBe(200);
    expect(await ids('ruolette')).toContain('roulette-royale');

    // behind the service's back: no cache is told, and still the game is gone at once
    await sql`UPDATE games SET enabled = false WHERE id = 'lightning-roulette'`.execute(testApp.db);
    expect(await ids('roulette')).not.toContain('lightning-roulette');
    await sql`UPDATE games SET enabled = true WHERE id = 'lightning-roulette'`.execute(testApp.db);
    await sql`UPDATE game_providers SET enabled = false WHERE id = 'orbit-originals'`.execute(
      testApp.db,
    );
    expect(await ids('roulette')).toEqual([]);
    await sql`UPDATE game_providers SET enabled = true WHERE id = 'orbit-originals'`.execute(
      testApp.db,
    );
    expect(await ids('roulette')).toHaveLength(4);
  });

  test("a game another process added is found once this process's index is older than its TTL", async () => {
    expect(await ids('roulette')).toHaveLength(4);
    await sql`
      INSERT INTO games (id, title, provider_id, engine, image_url, rtp, external_launch_url)
      VALUES ('quokka-quest', 'Quokka Quest', 'orbit-originals', 'external',
        '/game-art/quokka-quest.svg', 0.96, 'https://games.example/launch')`.execute(testApp.db);
    expect(await ids('quokka')).toEqual([]);
    clock.advance(searchIndexTtlMs);
    // this search starts the rebuild and is answered from the index it had
    expect(await ids('quokka')).toEqual([]);
    let found: string[] = [];
    // the rebuild's read is I/O: let the event loop reach it between searches (no timer, no
    // waiting for real time; a search without matches never touches the database itself)
    for (let attempt = 0; attempt < 200 && found.length === 0; attempt += 1) {
      await new Promise((next) => setImmediate(next));
      found = await ids('quokka');
    }
    expect(found).toEqual(['quokka-quest']);
    expect(await ids('qoukka')).toEqual(['quokka-quest']);
  });
});

describe('search at scale: popularity', () => {
  test('after the popularity job the searches follow the new order, without waiting for the TTL', async () => {
    // as seeded: equally good matches by rounds played (500, 10, then a few)
    expect(await ids('ruolette')).toEqual([
      'roulette-royale',
      'lightning-roulette',
      'roulette',
      'rouletteball',
    ]);
    // nobody played a round this week: every game's popularity drops to 0, titles decide
    expect(await testApp.app.services.games.refreshPopularity()).toBeGreaterThan(0);
    const expected = ['lightning-roulette', 'roulette', 'roulette-royale', 'rouletteball'];
    let found = await ids('ruolette');
    // the index is rebuilt in the background: turns of the event loop, no timer, no TTL
    for (let attempt = 0; attempt < 200 && found.join() !== expected.join(); attempt += 1) {
      await new Promise((next) => setImmediate(next));
      found = await ids('ruolette');
    }
    expect(found).toEqual(expected);
  });
});
