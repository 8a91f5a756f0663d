import {
  gameProviderSchema,
  gamesPageSchema,
  gameTileSchema,
  navigationCategoriesResponseSchema,
  promoCategorySchema,
  validationPayloadSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { bootstrapPlatform } from '../src/db/bootstrap.ts';
import { buildCatalogSeed } from '../src/modules/casino/games/catalog-seed.ts';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
const seed = buildCatalogSeed();

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function gamesPage(query: string) {
  const response = await testApp.app.inject({ url: `/api/v2/games${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return gamesPageSchema.parse(response.json());
}

/** Every page of a listing, by `limit`, as the infinite grid fetches it. */
async function allPages(query: string, limit: number) {
  const ids: string[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < total; offset += limit) {
    const separator = query === '' ? '?' : '&';
    const page = await gamesPage(`${query}${separator}limit=${limit}&offset=${offset}`);
    expect(page.meta).toEqual({ offset, limit, total: page.meta.total });
    total = page.meta.total;
    ids.push(...page.items.map((item) => item.id));
  }
  return ids;
}

async function gameColumns() {
  const rows = await testApp.db
    .selectFrom('games')
    .select(['id', 'title', 'engine', 'provider_id', 'rating', 'released_at', 'rounds_played'])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function tableCounts() {
  const count = async (
    table:
      | 'games'
      | 'game_providers'
      | 'game_categories'
      | 'game_category_games'
      | 'promo_categories'
      | 'promo_category_games',
  ) => {
    const row = await testApp.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    games: await count('games'),
    providers: await count('game_providers'),
    categories: await count('game_categories'),
    categoryGames: await count('game_category_games'),
    promoCategories: await count('promo_categories'),
    promoCategoryGames: await count('promo_category_games'),
  };
}

describe('the seeded catalog', () => {
  test('holds at least 300 playable originals with art, from six studios', async () => {
    const counts = await tableCounts();
    expect(counts.games).toBe(seed.games.length);
    expect(counts.games).toBeGreaterThanOrEqual(300);
    expect(counts.providers).toBe(6);
    const rows = await testApp.db
      .selectFrom('games')
      .select(['id', 'engine', 'image_url', 'rtp', 'rounds_played', 'external_launch_url'])
      .execute();
    const engines = new Set(rows.map((row) => row.engine));
    expect([...engines].sort()).toEqual(['dice', 'keno', 'limbo', 'mines', 'plinko', 'slot']);
    for (const row of rows) {
      expect(row.image_url).toMatch(new RegExp(`^/game-art/${row.id}\\.svg\\?v=[0-9a-f]{10}$`));
      expect(Number(row.rtp)).toBeGreaterThanOrEqual(0.9);
      expect(Number(row.rtp)).toBeLessThanOrEqual(0.99);
      expect(row.rounds_played).toBe(0n);
      expect(row.external_launch_url).toBeNull();
    }
  });

  test('starting again neither duplicates rows nor undoes the operator’s changes', async () => {
    const admin = await loginOperator(testApp.app, undefined, testApp.config);
    const before = await tableCounts();
    const patch = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/v1/games/supernova-dice',
      headers: bearer(admin),
      payload: { rtp: '0.95', enabled: false, label: 'early_access' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const releasedBefore = (await gameColumns()).get('supernova-dice')?.released_at;

    await bootstrapPlatform(testApp.app.services, testApp.config);
    await bootstrapPlatform(testApp.app.services, testApp.config);

    expect(await tableCounts()).toEqual(before);
    const game = await testApp.db
      .selectFrom('games')
      .select(['rtp', 'enabled', 'label', 'released_at'])
      .where('id', '=', 'supernova-dice')
      .executeTakeFirstOrThrow();
    expect(game).toEqual({
      rtp: '0.9500',
      enabled: false,
      label: 'early_access',
      released_at: releasedBefore,
    });
    // put it back for the other tests
    await testApp.db
      .updateTable('games')
      .set({ enabled: true, rtp: '0.9900', label: null })
      .where('id', '=', 'supernova-dice')
      .execute();
  });

  test('the art is an SVG at the tile’s URL, cached for good, with the title escaped', async () => {
    const page = await gamesPage('?search=pharaoh');
    const tile = page.items.find((item) => item.id === 'pharaohs-gold-dice');
    expect(tile).toBeDefined();
    const response = await testApp.app.inject({ url: tile?.imageUrl ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="384" height="516"/,
    );
    expect(response.body).toContain('Pharaoh&apos;s');
    expect(response.body).not.toMatch(/<script|href=|xlink:|url\(http/i);

    const rockAndRoll = await testApp.app.inject({ url: '/game-art/rock-roll-keno.svg' });
    expect(rockAndRoll.body).toContain('Rock &amp; Roll');
    expect(rockAndRoll.body).not.toMatch(/[^;]&[^a#]/);

    for (const url of [
      '/game-art/no-such-game.svg',
      '/game-art/orbit-dice.png',
      '/game-art/..svg',
    ]) {
      expectError(await testApp.app.inject({ url }), 'not_found');
    }
  });
});

describe('GET /api/v2/games', () => {
  test('a guest gets the first 30 tiles and the total', async () => {
    const page = await gamesPage('');
    expect(page.meta).toEqual({ offset: 0, limit: 30, total: seed.games.length });
    expect(page.items).toHaveLength(30);
    for (const item of page.items) {
      gameTileSchema.strict().parse(item);
      expect(item.isFavorite).toBe(false);
      expect(item.blacklists).toEqual([]);
    }
  });

  test('paging walks every game exactly once, whatever the sort', async () => {
    for (const query of ['', '?sort=title', '?sort=rate', '?sort=recently', '?sort=popularity']) {
      const ids = await allPages(query, 100);
      expect(ids).toHaveLength(seed.games.length);
      expect(new Set(ids).size).toBe(seed.games.length);
    }
  });

  test('limit is capped at 100 and offset past the end gives an empty page', async () => {
    expect((await gamesPage('?limit=100')).items).toHaveLength(100);
    const tooMany = expectError(
      await testApp.app.inject({ url: '/api/v2/games?limit=101' }),
      'validation_error',
    );
    expect(
      validationPayloadSchema.parse(tooMany.payload).fields.map((field) => field.field),
    ).toEqual(['limit']);
    const past = await gamesPage('?offset=5000');
    expect(past.items).toEqual([]);
    expect(past.meta.total).toBe(seed.games.length);
  });

  test('bad query parameters answer validation_error with Validation keys', async () => {
    const cases = [
      ['?search=pl', 'search', 'Validation.search_too_short'],
      ['?color=red', 'color', 'Validation.unknown_field'],
      ['?sort=newest', 'sort', 'Validation.invalid_value'],
      ['?promoCategory=abc', 'promoCategory', 'Validation.invalid_value'],
      ['?offset=-1', 'offset', 'Validation.invalid_value'],
    ] as const;
    for (const [query, field, message] of cases) {
      const body = expectError(
        await testApp.app.inject({ url: `/api/v2/games${query}` }),
        'validation_error',
      );
      expect(validationPayloadSchema.parse(body.payload).fields, query).toEqual([
        { field, message },
      ]);
    }
  });

  test('filters by provider, category and promo category', async () => {
    const games = await gameColumns();
    const nebula = await allPages('?provider=nebula-forge', 100);
    expect(nebula.length).toBe(
      seed.games.filter((game) => game.providerId === 'nebula-forge').length,
    );
    for (const id of nebula) expect(games.get(id)?.provider_id).toBe('nebula-forge');

    const slots = await allPages('?category=slots', 100);
    expect(slots.length).toBe(seed.games.filter((game) => game.engine === 'slot').length);
    for (const id of slots) expect(games.get(id)?.engine).toBe('slot');

    const crashAndDice = await allPages('?category=crash-dice', 100);
    expect(new Set(crashAndDice.map((id) => games.get(id)?.engine))).toEqual(
      new Set(['dice', 'limbo']),
    );

    const promo = seed.promoCategories.find((category) => category.id === 2);
    const promoIds = await allPages('?promoCategory=2', 100);
    // without a sort, a promo category keeps its own order
    expect(promoIds).toEqual(promo?.games);

    const both = await allPages('?category=slots&provider=tidewater', 100);
    expect(both.length).toBe(
      seed.games.filter((game) => game.engine === 'slot' && game.providerId === 'tidewater').length,
    );

    for (const query of ['?category=no-such-category', '?provider=nobody', '?promoCategory=999']) {
      const page = await gamesPage(query);
      expect(page, query).toEqual({ items: [], meta: { offset: 0, limit: 30, total: 0 } });
    }
  });

  test('without a sort a category lists in its own order', async () => {
    const popular = seed.categories.find((category) => category.value === 'popular');
    const page = await gamesPage('?category=popular&limit=40');
    expect(page.items.map((item) => item.id)).toEqual(popular?.games.slice(0, 40));
  });

  test('each sort orders the whole list', async () => {
    // give a few games some play so popularity has something to order by
    const played = ['lava-lake-mines', 'orbit-keno', 'golden-koi-plinko'];
    for (const [index, id] of played.entries()) {
      await testApp.db
        .updateTable('games')
        .set({ rounds_played: BigInt(1000 - index * 100) })
        .where('id', '=', id)
        .execute();
    }
    const games = await gameColumns();
    const column = <Key extends 'title' | 'rating' | 'released_at' | 'rounds_played'>(
      ids: string[],
      key: Key,
    ) => ids.map((id) => games.get(id)?.[key]);

    const byTitle = column(await allPages('?sort=title', 100), 'title') as string[];
    expect(byTitle).toEqual(
      [...byTitle].sort((left, right) => (left.toLowerCase() < right.toLowerCase() ? -1 : 1)),
    );

    const ratings = column(await allPages('?sort=rate', 100), 'rating').map(Number);
    expect(ratings).toEqual([...ratings].sort((left, right) => right - left));

    const released = column(await allPages('?sort=recently', 100), 'released_at') as Date[];
    const times = released.map((date) => date.getTime());
    expect(times).toEqual([...times].sort((left, right) => right - left));

    const popular = await gamesPage('?sort=popularity&limit=3');
    expect(popular.items.map((item) => item.id)).toEqual(played);
    // the default order of the whole catalog is popularity too
    expect((await gamesPage('?limit=3')).items.map((item) => item.id)).toEqual(played);
  });
});

describe('search', () => {
  test('forgives typos in titles: "plinco" finds the Plinko games', async () => {
    const plinkoCount = seed.games.filter((game) => game.engine === 'plinko').length;
    const page = await gamesPage('?search=plinco&limit=100');
    expect(page.meta.total).toBe(plinkoCount);
    for (const item of page.items) expect(item.title).toMatch(/Plinko/);
    expect(page.items.map((item) => item.id)).toContain('orbit-plinko');
  });

  test('forgives typos in provider names: "orbt" finds Orbit Originals first', async () => {
    const orbit = seed.games.filter((game) => game.providerId === 'orbit-originals');
    const page = await gamesPage(`?search=orbt&limit=${orbit.length}&sort=title`);
    expect(page.items.map((item) => item.provider.id)).toEqual(orbit.map(() => 'orbit-originals'));
    // equally good matches follow the sort
    const titles = page.items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort());
  });

  test('ranks the closest match first, is case-insensitive and combines with filters', async () => {
    const dragon = await gamesPage('?search=DRGON%20HORD');
    expect(dragon.items[0]?.title.startsWith("Dragon's Hoard")).toBe(true);

    const exact = await gamesPage('?search=Golden%20Koi%20Keno');
    expect(exact.items[0]?.id).toBe('golden-koi-keno');

    const filtered = await gamesPage('?search=koi&category=slots');
    expect(filtered.items.map((item) => item.id)).toEqual(
      seed.games
        .filter((game) => game.engine === 'slot' && game.title.startsWith('Golden Koi'))
        .map((game) => game.id),
    );
    expect((await gamesPage('?search=xylophone')).meta.total).toBe(0);
  });

  test('over the whole catalog, every title can be found by itself and by a typo of it', async () => {
    const titles = seed.games.filter((_, index) => index % 7 === 0).map((game) => game);
    for (const game of titles) {
      const page = await gamesPage(`?search=${encodeURIComponent(game.title)}&limit=5`);
      expect(
        page.items.map((item) => item.id),
        game.title,
      ).toContain(game.id);
      // drop one letter from the longest word
      const words = game.title.split(' ');
      const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
      const typo = game.title.replace(longest, longest.slice(0, 2) + longest.slice(3));
      const fuzzy = await gamesPage(`?search=${encodeURIComponent(typo)}&limit=10`);
      expect(
        fuzzy.items.map((item) => item.id),
        typo,
      ).toContain(game.id);
    }
  });

  test('finds two neighbouring letters swapped: "dcie", "lmibo", "mnies", "slto"', async () => {
    const typos = [
      { typo: 'dcie', word: 'dice', engine: 'dice' },
      { typo: 'lmibo', word: 'limbo', engine: 'limbo' },
      { typo: 'mnies', word: 'mines', engine: 'mines' },
      // no slot's title says "slot": the word names the kind of game
      { typo: 'slto', word: 'slot', engine: 'slot' },
    ] as const;
    for (const { typo, word, engine } of typos) {
      const games = seed.games.filter((game) => game.engine === engine).map((game) => game.id);
      const found = await allPages(`?search=${typo}`, 100);
      // that kind's games first, as for the word spelt right
      expect(found.slice(0, games.length).toSorted(), typo).toEqual(games.toSorted());
      const spelt = await allPages(`?search=${word}`, 100);
      expect(spelt.slice(0, games.length).toSorted(), word).toEqual(games.toSorted());
    }
    // a word still being typed, swapped: "lmib" finds the Limbo games
    const typing = await gamesPage('?search=lmib&limit=100');
    expect(typing.items.map((item) => item.title)).toEqual(
      expect.arrayContaining(
        seed.games.filter((game) => game.engine === 'limbo').map((game) => game.title),
      ),
    );
    // with another word, the exact one still ranks first
    const golden = await gamesPage('?search=golden%20dcie');
    expect(golden.items[0]?.title).toMatch(/^Golden .*Dice$/);
  });

  test('a correction never widens a search to everything, and spelt-right words stay as they were', async () => {
    for (const search of ['xylophone', 'zqxj', 'qwerty']) {
      expect((await gamesPage(`?search=${search}`)).meta.total, search).toBe(0);
    }
    const total = seed.games.length;
    for (const search of ['dcie', 'lmibo', 'mnies', 'slto', 'kneo', 'plikno']) {
      const found = (await gamesPage(`?search=${search}`)).meta.total;
      expect(found, search).toBeGreaterThan(0);
      expect(found, search).toBeLessThan(total / 4);
    }
    // "slots" spelt right finds the slot games and only them
    const slots = await allPages('?search=slots', 100);
    expect(slots.toSorted()).toEqual(
      seed.games
        .filter((game) => game.engine === 'slot')
        .map((game) => game.id)
        .toSorted(),
    );
  });
});

describe('single game and navigation', () => {
  test('the OpenAPI document lists the catalog calls', async () => {
    const document = (await testApp.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/v2/games', 'get'],
      ['/api/v2/games/{id}', 'get'],
      ['/api/v2/games/{id}/session', 'get'],
      ['/api/v2/games/favorites', 'post'],
      ['/api/v2/games/favorites/{gameId}', 'delete'],
      ['/api/v2/categories', 'get'],
      ['/api/backoffice/v1/games/{id}', 'patch'],
      ['/api/backoffice/v1/games/blacklists', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  test('GET /api/v2/games/{id} answers one tile; unknown and malformed ids do not', async () => {
    const response = await testApp.app.inject({ url: '/api/v2/games/orbit-dice' });
    expect(response.statusCode).toBe(200);
    expect(gameTileSchema.strict().parse(response.json())).toMatchObject({
      id: 'orbit-dice',
      title: 'Orbit Dice',
      provider: { id: 'orbit-originals', name: 'Orbit Originals' },
      isFavorite: false,
      blacklists: [],
    });
    expectError(await testApp.app.inject({ url: '/api/v2/games/no-such-game' }), 'not_found');
    const malformed = expectError(
      await testApp.app.inject({ url: '/api/v2/games/Not%20An%20Id' }),
      'validation_error',
    );
    expect(validationPayloadSchema.parse(malformed.payload).fields).toEqual([
      { field: 'id', message: 'Validation.invalid_value' },
    ]);
  });

  test('categories come ordered by position, with parents, providers and promo categories', async () => {
    const response = await testApp.app.inject({ url: '/api/v2/categories' });
    expect(response.statusCode).toBe(200);
    const categories = navigationCategoriesResponseSchema.parse(response.json());
    const positions = categories.map((category) => category.position);
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
    const byValue = new Map(
      categories.map((category) => [`${category.entity}:${category.value}`, category]),
    );
    expect(categories.slice(0, 4).map((category) => category.title)).toEqual([
      'Popular',
      'New',
      'Originals',
      'Slots',
    ]);
    expect(byValue.get('category:slots-high-volatility')?.parentId).toBe(
      byValue.get('category:slots')?.id,
    );
    expect(byValue.get('provider:emberline')).toMatchObject({ title: 'Emberline', parentId: null });
    expect(byValue.get('promo_category:1')).toMatchObject({ title: 'Weekend Drops' });
    expect(categories.filter((category) => category.entity === 'provider')).toHaveLength(6);
  });

  test('providers count their enabled games; promo categories too', async () => {
    const providers = z
      .array(gameProviderSchema)
      .parse((await testApp.app.inject({ url: '/api/v2/providers' })).json());
    expect(providers.map((provider) => provider.id)).toEqual(
      seed.providers.map((provider) => provider.id),
    );
    expect(providers.reduce((sum, provider) => sum + provider.gamesCount, 0)).toBe(
      seed.games.length,
    );

    const promos = z
      .array(promoCategorySchema)
      .parse((await testApp.app.inject({ url: '/api/v2/promo-categories' })).json());
    expect(promos).toEqual(
      seed.promoCategories.map((promo) => ({
        id: promo.id,
        title: promo.title,
        gamesCount: promo.games.length,
      })),
    );

    // a disabled provider disappears with its games, from every list
    await testApp.db
      .updateTable('game_providers')
      .set({ enabled: false })
      .where('id', '=', 'neon-alley')
      .execute();
    try {
      const after = z
        .array(gameProviderSchema)
        .parse((await testApp.app.inject({ url: '/api/v2/providers' })).json());
      expect(after.map((provider) => provider.id)).not.toContain('neon-alley');
      const neonCount = seed.games.filter((game) => game.providerId === 'neon-alley').length;
      expect((await gamesPage('')).meta.total).toBe(seed.games.length - neonCount);
      const categories = navigationCategoriesResponseSchema.parse(
        (await testApp.app.inject({ url: '/api/v2/categories' })).json(),
      );
      expect(categories.map((category) => category.value)).not.toContain('neon-alley');
      expectError(await testApp.app.inject({ url: '/api/v2/games/neon-nights-dice' }), 'not_found');
    } finally {
      await testApp.db
        .updateTable('game_providers')
        .set({ enabled: true })
        .where('id', '=', 'neon-alley')
        .execute();
    }
  });
});
