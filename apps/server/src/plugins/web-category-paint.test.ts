import { createHash } from 'node:crypto';
import type { GamesPage, GameTile } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import {
  categoryOfPath,
  categoryPaintGuardScriptHash,
  categoryPaintHtml,
} from './web-category-paint.ts';

function game(id: string, overrides: Partial<GameTile> = {}): GameTile {
  return {
    id,
    title: `${id} title`,
    imageUrl: `/game-art/${id}.svg?v=1`,
    provider: { id: 'studio', name: 'Studio' },
    labelType: null,
    isFavorite: false,
    blacklists: [],
    ...overrides,
  };
}

function pageOf(count: number): GamesPage {
  return {
    items: Array.from({ length: count }, (_, index) => game(`g${index}`)),
    meta: { offset: 0, limit: 30, total: count },
  };
}

describe('the category page’s path', () => {
  test('names the category of a language’s category page, decoded', () => {
    expect(categoryOfPath('/en/categories/slots/games')).toBe('slots');
    expect(categoryOfPath('/ru/categories/live%20casino/games/')).toBe('live casino');
  });

  test('nothing for another page, a broken escape or a key the API refuses', () => {
    for (const path of [
      '/en/',
      '/en/games/42',
      '/en/categories/slots',
      '/en/providers/x/games',
      '/categories/slots/games',
      '/en/categories/%E0%A4%A/games',
      `/en/categories/${'k'.repeat(101)}/games`,
    ]) {
      expect(categoryOfPath(path), path).toBeNull();
    }
  });
});

describe('the category paint', () => {
  test('draws the first screen’s nine tiles, preloaded in order, the first row uncontained', () => {
    const paint = categoryPaintHtml(pageOf(30));
    const sources = [...(paint?.body ?? '').matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(Array.from({ length: 9 }, (_, index) => `/game-art/g${index}.svg?v=1`));
    expect(paint?.head).toBe(
      sources
        .map((src) => `<link rel="preload" as="image" fetchpriority="high" href="${src}">`)
        .join(''),
    );
    // as the app's tiles: the boxes below the first row are skipped until near the screen
    expect(paint?.body.match(/\[content-visibility:auto\]/g)).toHaveLength(6);
    expect(paint?.body).toContain('g8 title');
    expect(paint?.body).not.toContain('g9 title');
  });

  test('fewer games draw fewer tiles; none draw nothing (the app’s empty state)', () => {
    expect(categoryPaintHtml(pageOf(2))?.body.match(/<img /g)).toHaveLength(2);
    expect(categoryPaintHtml(pageOf(0))).toBeNull();
  });

  test('a tile blocked in the visitor’s country is dimmed, as the app dims it', () => {
    const paint = categoryPaintHtml({
      items: [game('blocked', { blacklists: ['country'] })],
      meta: { offset: 0, limit: 30, total: 1 },
    });
    expect(paint?.body).toContain('object-cover opacity-40 grayscale');
  });

  test('titles, studios and addresses are escaped for text and quoted attributes', () => {
    const paint = categoryPaintHtml({
      items: [
        game('x', {
          title: '<script>alert(1)</script>',
          imageUrl: '/a.svg" onload="alert(1)',
          provider: { id: 'p', name: `O'Brien & "Sons"` },
        }),
      ],
      meta: { offset: 0, limit: 30, total: 1 },
    });
    expect(paint?.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(paint?.body).toContain('src="/a.svg&#34; onload=&#34;alert(1)"');
    expect(paint?.head).toContain('href="/a.svg&#34; onload=&#34;alert(1)"');
    expect(paint?.body).toContain('O&#39;Brien &#38; &#34;Sons&#34;');
    expect(paint?.body).not.toContain('<script>alert');
  });

  test('its one script is the guard the CSP allows by hash', () => {
    const body = categoryPaintHtml(pageOf(3))?.body ?? '';
    const scripts = [...body.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('document.getElementById("category-paint").remove()');
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    expect(categoryPaintGuardScriptHash).toBe(`'sha256-${hash}'`);
  });
});
