import { isRtpWithinBounds } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import {
  buildCatalogSeed,
  houseProviderId,
  slugify,
  variantSchemaByEngine,
} from './catalog-seed.ts';

const seed = buildCatalogSeed();
const gameIds = new Set(seed.games.map((game) => game.id));

describe('the catalog seed', () => {
  test('is the same on every build', () => {
    expect(buildCatalogSeed()).toEqual(seed);
  });

  test('has at least 300 titles, each id and title unique and ids valid for the games table', () => {
    expect(seed.games.length).toBeGreaterThanOrEqual(300);
    expect(gameIds.size).toBe(seed.games.length);
    expect(new Set(seed.games.map((game) => game.title)).size).toBe(seed.games.length);
    for (const game of seed.games) {
      expect(game.id).toMatch(/^[a-z0-9][a-z0-9-]{0,99}$/);
      expect(game.id).toBe(slugify(game.title));
    }
  });

  test('every title is a playable original with a documented variant and an rtp in bounds', () => {
    const perEngine = new Map<string, number>();
    for (const game of seed.games) {
      const parsed = variantSchemaByEngine[game.engine].safeParse(game.variant);
      expect(parsed.success, `${game.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(isRtpWithinBounds(game.rtp), game.id).toBe(true);
      expect(game.rtp).toMatch(/^0\.\d{4}$/);
      expect(Number(game.rating)).toBeGreaterThanOrEqual(0);
      expect(Number(game.rating)).toBeLessThanOrEqual(5);
      expect(game.releasedDaysAgo).toBeGreaterThanOrEqual(0);
      expect(game.releasedDaysAgo).toBeLessThan(366);
      perEngine.set(game.engine, (perEngine.get(game.engine) ?? 0) + 1);
    }
    expect([...perEngine.keys()].sort()).toEqual([
      'dice',
      'keno',
      'limbo',
      'mines',
      'plinko',
      'slot',
    ]);
    for (const count of perEngine.values()) expect(count).toBeGreaterThanOrEqual(50);
  });

  test('varies what the variant may vary: slot paytables and line counts, plinko and keno defaults', () => {
    const values = (engine: string, key: string) =>
      new Set(
        seed.games
          .filter((game) => game.engine === engine)
          .map((game) => (game.variant as Record<string, unknown>)[key]),
      );
    expect(values('slot', 'volatility')).toEqual(new Set(['low', 'medium', 'high']));
    expect(values('slot', 'lines').size).toBeGreaterThan(1);
    expect(values('plinko', 'rows').size).toBeGreaterThan(3);
    expect(values('plinko', 'risk')).toEqual(new Set(['low', 'medium', 'high']));
    expect(values('keno', 'risk')).toEqual(new Set(['classic', 'low', 'medium', 'high']));
    expect(values('dice', 'theme').size).toBeGreaterThan(50);
  });

  test('labels some titles exclusive and some early access, releases spread over the year', () => {
    const labels = seed.games.map((game) => game.label);
    expect(labels.filter((label) => label === 'exclusive').length).toBeGreaterThan(10);
    expect(labels.filter((label) => label === 'early_access').length).toBeGreaterThan(5);
    const quarters = new Set(seed.games.map((game) => Math.floor(game.releasedDaysAgo / 91)));
    expect(quarters.size).toBe(4);
  });

  test('providers: the house brand and themed studios, each with games', () => {
    expect(seed.providers[0]?.id).toBe(houseProviderId);
    expect(seed.providers.length).toBeGreaterThanOrEqual(5);
    for (const provider of seed.providers) {
      expect(
        seed.games.some((game) => game.providerId === provider.id),
        provider.id,
      ).toBe(true);
    }
  });

  test('categories and promo categories name existing games, parents before children', () => {
    const seen = new Set<string>();
    const keys = new Set<string>();
    for (const category of seed.categories) {
      if (category.parentKey !== null)
        expect(seen.has(category.parentKey), category.key).toBe(true);
      seen.add(category.key);
      const key = `${category.entity}:${category.value}`;
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
      expect(new Set(category.games).size).toBe(category.games.length);
      for (const id of category.games) expect(gameIds.has(id), id).toBe(true);
      if (category.entity === 'category')
        expect(category.games.length, category.key).toBeGreaterThan(0);
    }
    expect(seed.categories.filter((category) => category.entity === 'provider')).toHaveLength(
      seed.providers.length,
    );
    expect(seed.promoCategories.length).toBeGreaterThanOrEqual(2);
    for (const promo of seed.promoCategories) {
      expect(promo.games.length).toBeGreaterThan(0);
      for (const id of promo.games) expect(gameIds.has(id), id).toBe(true);
      expect(
        seed.categories.some(
          (category) => category.entity === 'promo_category' && category.value === String(promo.id),
        ),
      ).toBe(true);
    }
  });
});
