import {
  backofficeGameCategoriesSchema,
  backofficeGameListSchema,
  backofficeLeaderboardSchema,
  backofficeOfferSchema,
  backofficeStudiosSchema,
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
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

/**
 * The back office's catalog and promotions reads (issue 24): the operators' games list with
 * disabled games, studios, categories, a tournament's leaderboard unmasked, and who may write
 * promotions.
 */
let testApp: TestApp;
let admin: SignedIn;
let marketing: SignedIn;
let support: SignedIn;
let finance: SignedIn;

function get(url: string, session: Pick<SignedIn, 'token'> = admin) {
  return testApp.app.inject({ url, headers: bearer(session) });
}

async function gamesList(query: string, session: SignedIn = admin) {
  const response = await get(`/api/backoffice/v1/games${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return backofficeGameListSchema.parse(response.json());
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  [marketing, support, finance] = await Promise.all([
    createOperator(testApp.app, 'marketing'),
    createOperator(testApp.app, 'support'),
    createOperator(testApp.app, 'finance'),
  ]);
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/backoffice/v1/games', () => {
  test('lists every game, disabled ones too, paged with the total', async () => {
    const all = await testApp.db.selectFrom('games').select(['id', 'title']).execute();
    const target = all[0];
    if (!target) throw new Error('the catalog seed holds games');
    await testApp.db
      .updateTable('games')
      .set({ enabled: false })
      .where('id', '=', target.id)
      .execute();

    const first = await gamesList('?limit=5');
    expect(first.meta).toEqual({ offset: 0, limit: 5, total: all.length });
    expect(first.items).toHaveLength(5);

    const ids: string[] = [];
    for (let offset = 0; offset < all.length; offset += 40) {
      const page = await gamesList(`?limit=40&offset=${offset}`);
      ids.push(...page.items.map((item) => item.id));
    }
    expect(new Set(ids).size).toBe(all.length);
    expect(ids).toContain(target.id);

    const disabled = await gamesList('?enabled=false&limit=100');
    expect(disabled.items.map((item) => item.id)).toEqual([target.id]);
    expect(disabled.items[0]?.enabled).toBe(false);
    const enabled = await gamesList('?enabled=true&limit=1');
    expect(enabled.meta.total).toBe(all.length - 1);

    await testApp.db
      .updateTable('games')
      .set({ enabled: true })
      .where('id', '=', target.id)
      .execute();
  });

  test('searches title or id (LIKE characters match themselves), filters by studio and category', async () => {
    const game = await testApp.db
      .selectFrom('games')
      .select(['id', 'title', 'provider_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const byTitle = await gamesList(`?q=${encodeURIComponent(game.title.toUpperCase())}`);
    expect(byTitle.items.map((item) => item.id)).toContain(game.id);
    const byId = await gamesList(`?q=${encodeURIComponent(game.id)}`);
    expect(byId.items.map((item) => item.id)).toContain(game.id);
    expect((await gamesList('?q=%25')).meta.total).toBe(0);

    const studioGames = await testApp.db
      .selectFrom('games')
      .select('id')
      .where('provider_id', '=', game.provider_id)
      .execute();
    const byStudio = await gamesList(`?provider=${game.provider_id}&limit=100`);
    expect(byStudio.meta.total).toBe(studioGames.length);
    expect(byStudio.items.every((item) => item.providerId === game.provider_id)).toBe(true);

    const category = await testApp.db
      .selectFrom('game_categories as c')
      .innerJoin('game_category_games as cg', 'cg.category_id', 'c.id')
      .select(['c.value', (eb) => eb.fn.countAll<string>().as('games')])
      .where('c.entity', '=', 'category')
      .groupBy('c.value')
      .executeTakeFirstOrThrow();
    const byCategory = await gamesList(`?category=${encodeURIComponent(category.value)}`);
    expect(byCategory.meta.total).toBe(Number(category.games));
  });

  test('sorts by the asked column in either order, ties by id', async () => {
    const ascending = await gamesList('?sort=rtp&order=asc&limit=100');
    const rtps = ascending.items.map((item) => Number(item.rtp));
    expect(rtps).toEqual([...rtps].sort((a, b) => a - b));
    const descending = await gamesList('?sort=title&order=desc&limit=100');
    const titles = descending.items.map((item) => item.title.toLowerCase());
    expect(titles).toEqual([...titles].sort().reverse());
    const byProvider = await gamesList('?sort=provider&limit=100');
    const names = byProvider.items.map((item) => item.providerName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  test('bad query parameters answer validation_error', async () => {
    for (const query of [
      '?sort=nope',
      '?order=up',
      '?enabled=yes',
      '?limit=0',
      '?limit=101',
      '?x=1',
    ]) {
      expectError(await get(`/api/backoffice/v1/games${query}`), 'validation_error');
    }
  });

  test('catalog readers may list; finance may not; a player is not an operator', async () => {
    await gamesList('?limit=1', marketing);
    await gamesList('?limit=1', support);
    expectError(await get('/api/backoffice/v1/games', finance), 'forbidden');
    expectError(await get('/api/backoffice/v1/games/studios', finance), 'forbidden');
    const player = await registerPlayer(testApp.app);
    expectError(await get('/api/backoffice/v1/games', player), 'unauthorized');
  });
});

describe('studios and categories', () => {
  test('every studio with its game counts, a disabled studio too', async () => {
    const provider = await testApp.db
      .selectFrom('game_providers')
      .select('id')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await testApp.db
      .updateTable('game_providers')
      .set({ enabled: false })
      .where('id', '=', provider.id)
      .execute();
    const response = await get('/api/backoffice/v1/games/studios', marketing);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = backofficeStudiosSchema.parse(response.json());
    const studio = items.find((item) => item.id === provider.id);
    const games = await testApp.db
      .selectFrom('games')
      .select(['enabled'])
      .where('provider_id', '=', provider.id)
      .execute();
    expect(studio).toMatchObject({
      enabled: false,
      games: games.length,
      enabledGames: games.filter((game) => game.enabled).length,
    });
    const providers = await testApp.db.selectFrom('game_providers').select('id').execute();
    expect(items).toHaveLength(providers.length);
    await testApp.db
      .updateTable('game_providers')
      .set({ enabled: true })
      .where('id', '=', provider.id)
      .execute();
  });

  test('the categories the list filters by', async () => {
    const response = await get('/api/backoffice/v1/games/categories');
    expect(response.statusCode, response.body).toBe(200);
    const { items } = backofficeGameCategoriesSchema.parse(response.json());
    const rows = await testApp.db
      .selectFrom('game_categories')
      .select('value')
      .where('entity', '=', 'category')
      .execute();
    expect(items.map((item) => item.value).sort()).toEqual(rows.map((row) => row.value).sort());
  });
});

describe('GET /api/backoffice/v1/tournaments/{id}/leaderboard', () => {
  test('players unmasked, best first, with the prize of their place; VIP-only ones too', async () => {
    await testApp.db
      .insertInto('tournaments')
      .values({
        id: 'vip-sprint',
        vip_only: true,
        descriptions: JSON.stringify({ en: { name: 'Sprint', description: 'd', image: '/t.svg' } }),
        starts_at: new Date(Date.now() - 60_000),
        ends_at: new Date(Date.now() + 86_400_000),
        status: 'running',
        scoring: 'wagered',
        currency: 'USD',
        prizes: JSON.stringify([{ place: 1, amount: '50.00' }]),
      })
      .execute();
    const [first, second, zero] = await Promise.all([
      registerPlayer(testApp.app),
      registerPlayer(testApp.app),
      registerPlayer(testApp.app),
    ]);
    const at = new Date();
    const scores: Array<[typeof first, string]> = [
      [first, '120.50'],
      [second, '300'],
      [zero, '0'],
    ];
    for (const [player, score] of scores) {
      await testApp.db
        .insertInto('tournament_scores')
        .values({
          tournament_id: 'vip-sprint',
          user_id: await userIdOf(testApp, player),
          score,
          updated_at: at,
          plain_best: '0',
        })
        .execute();
    }
    const response = await get('/api/backoffice/v1/tournaments/vip-sprint/leaderboard', marketing);
    expect(response.statusCode, response.body).toBe(200);
    const board = backofficeLeaderboardSchema.parse(response.json());
    expect(board.meta).toEqual({ offset: 0, limit: 30, total: 2 });
    expect(board.items.map((entry) => [entry.place, entry.email, entry.prize])).toEqual([
      [1, second.email, '50.00'],
      [2, first.email, null],
    ]);
    expect(board.items[0]?.globalId).toMatch(/^\d+$/);

    const page2 = await get(
      '/api/backoffice/v1/tournaments/vip-sprint/leaderboard?limit=1&offset=1',
    );
    expect(backofficeLeaderboardSchema.parse(page2.json()).items[0]?.place).toBe(2);
  });

  test('unknown tournament, bad paging and roles', async () => {
    expectError(await get('/api/backoffice/v1/tournaments/nope/leaderboard'), 'not_found');
    expectError(
      await get('/api/backoffice/v1/tournaments/vip-sprint/leaderboard?limit=500'),
      'validation_error',
    );
    expectError(
      await get('/api/backoffice/v1/tournaments/vip-sprint/leaderboard', support),
      'forbidden',
    );
  });
});

describe('who may write promotions', () => {
  test('marketing creates and changes a bonus offer; support may not', async () => {
    const body = {
      type: 'welcome',
      title: { en: 'Marketing welcome' },
      minDepositNumber: 1,
      deadlineHours: 24,
    };
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/bonuses/offers',
      headers: bearer(marketing),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = backofficeOfferSchema.parse(created.json());
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/v1/bonuses/offers/${offer.id}`,
      headers: bearer(marketing),
      payload: { isEnabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/bonuses/offers',
        headers: bearer(support),
        payload: body,
      }),
      'forbidden',
    );
    for (const [method, url] of [
      ['PUT', '/api/backoffice/v1/wheel/prizes'],
      ['POST', '/api/backoffice/v1/banners'],
      ['POST', '/api/backoffice/v1/promocodes'],
      ['POST', '/api/backoffice/v1/tournaments'],
    ] as const) {
      expectError(
        await testApp.app.inject({ method, url, headers: bearer(support), payload: {} }),
        'forbidden',
      );
    }
  });
});
