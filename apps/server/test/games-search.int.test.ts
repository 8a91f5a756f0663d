import { gamesPageSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { searchIndexTtlMs } from '../src/modules/casino/games/games.service.ts';
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
