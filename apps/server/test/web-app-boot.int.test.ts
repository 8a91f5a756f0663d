import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bootPlaceholder, firstPaintPlaceholder, headPlaceholder } from '../src/plugins/web-app.ts';
import { categoryPaintGuardScriptHash } from '../src/plugins/web-category-paint.ts';
import { englishSportsbookPaintTexts } from './fixtures/sportsbook-paint-texts.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  registerPlayer,
  type TestApp,
} from './support/app.ts';

// as the real build leaves it: the placeholders, its own preloads, a splash, and enough markup
// to be compressed
const indexHtml = `<!doctype html><html lang="en" class="dark"><head><meta charset="UTF-8">${headPlaceholder}<title>Lucky Orbit</title><link rel="modulepreload" crossorigin href="/assets/app-a0.js"></head><body>${bootPlaceholder}<div id="root">${firstPaintPlaceholder}<div data-testid="splash">${'<div class="splash"></div>'.repeat(60)}</div></div></body></html>`;
// Vite's manifest as the web build writes it: each language's two text parts (only the first is
// preloaded) and a chunk the first imports
const manifest = {
  'virtual:locale-part/en/locale-en-first': {
    file: 'assets/en-a1.js',
    imports: ['_locale-en-b2.js'],
  },
  '_locale-en-b2.js': { file: 'assets/locale-en-b2.js' },
  'virtual:locale-part/en/locale-en-later': { file: 'assets/locale-en-later-f6.js' },
  'virtual:locale-part/ru/locale-ru-first': {
    file: 'assets/ru-c3.js',
    imports: ['_locale-ru-d4.js'],
  },
  '_locale-ru-d4.js': { file: 'assets/locale-ru-d4.js' },
  'src/main.tsx': { file: 'assets/index-e5.js', isEntry: true, imports: ['_app-a0.js'] },
  '_app-a0.js': { file: 'assets/app-a0.js' },
  // the two layers fetched ahead of their opening: their chunks, a chunk both import, one of the
  // first load's (not named again) and a chunk the wallet imports only dynamically (not named)
  'src/app/layout/app-wallet-dialog.tsx': {
    file: 'assets/app-wallet-dialog-g7.js',
    isDynamicEntry: true,
    imports: ['_app-a0.js', '_dialog-h8.js', '_fiat-i9.js'],
    dynamicImports: ['src/features/wallet/components/ton-connect.tsx'],
  },
  'src/features/auth/components/auth-dialog.tsx': {
    file: 'assets/auth-dialog-j1.js',
    isDynamicEntry: true,
    imports: ['_dialog-h8.js', '_app-a0.js'],
  },
  '_dialog-h8.js': { file: 'assets/dialog-h8.js', imports: ['_app-a0.js'] },
  '_fiat-i9.js': { file: 'assets/fiat-i9.js', imports: ['_dialog-h8.js'] },
  'src/features/wallet/components/ton-connect.tsx': {
    file: 'assets/ton-connect-k2.js',
    isDynamicEntry: true,
  },
};
// the painted pages' texts as the web build writes them (`build/first-paint-texts.ts`): English
// only, so a Russian page has none; a title that would close its element if put in raw
const sportsbookTexts = {
  ...englishSportsbookPaintTexts,
  title: 'Sportsbook</h1><script>alert(1)</script>',
};
const paintTexts = {
  languages: {
    en: { sportsbook: sportsbookTexts, fonts: ['/assets/inter-latin-wght-normal-a9.woff2'] },
  },
};
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const americanIp = '8.8.8.8';
const russianIp = '77.88.8.8';
let distDirectory: string;
let testApp: TestApp;

beforeAll(async () => {
  distDirectory = await mkdtemp(join(tmpdir(), 'casino-web-boot-'));
  await mkdir(join(distDirectory, '.vite'), { recursive: true });
  await writeFile(join(distDirectory, 'index.html'), indexHtml);
  await writeFile(join(distDirectory, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(distDirectory, 'first-paint-texts.json'), JSON.stringify(paintTexts));
  testApp = await createTestApp({
    config: { webDistDirectory: distDirectory, trustProxy: false, restrictedCountries: ['RU'] },
  });
  // a guest's banner whose copy would end the script element if it were put in the page raw
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/banners',
    headers: bearer(admin),
    payload: {
      type: 'common',
      position: 1,
      url: '/bonuses',
      descriptions: {
        en: { image_bg: '/banners/welcome-bg.svg', title: '</script><script>alert(1)</script>' },
        ru: { image_bg: '/banners/welcome-bg.svg', title: 'Баннер' },
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(async () => {
  await testApp.close();
  await rm(distDirectory, { recursive: true, force: true });
});

/** The boot data of a served page (null when it has none), read as the app reads it. */
function bootDataOf(page: string): Record<string, unknown> | null {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(page);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

async function page(url: string, remoteAddress = americanIp, cookie?: string) {
  return await testApp.app.inject({
    url,
    headers: cookie ? { ...html, cookie } : html,
    remoteAddress,
  });
}

/** The modulepreload addresses of a page, in order. */
function preloadsOf(body: string): string[] {
  return [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('the page a navigation gets', () => {
  test('a home page carries the language list, a guest’s banners and the navigation’s categories, as the API answers them', async () => {
    const response = await page('/en/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // the banners depend on the visitor's country: no shared cache keeps the page
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const languages = await testApp.app.inject({
      url: '/api/v1/languages?mode=1',
      remoteAddress: americanIp,
    });
    const banners = await testApp.app.inject({
      url: '/api/v2/banners?locale=en&placement=home',
      remoteAddress: americanIp,
    });
    expect(banners.json().items).toHaveLength(1);
    // the lobby's rows: the app asks for their first pages before its first render
    const navigation = await testApp.app.inject({ url: '/api/v2/categories' });
    expect(bootDataOf(response.body)).toEqual({
      languages: languages.json(),
      banners: { locale: 'en', data: banners.json() },
      navigationCategories: navigation.json(),
    });
    // the language's text chunks are preloaded; the rest of the page is the build's
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/en-a1.js"><link rel="modulepreload" crossorigin href="/assets/locale-en-b2.js">',
    );
    // the rest of the texts comes with the first lazy page, not on the first load
    expect(response.body).not.toContain('locale-en-later');
    expect(response.body).not.toContain(bootPlaceholder);
    expect(response.body).toContain('<div id="root">');
  });

  test('another page of a language gets the language list, its language and no banners', async () => {
    for (const url of ['/ru/games/42', '/ru', '/uk/sportsbook?tab=live']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      const data = bootDataOf(response.body);
      expect(data?.languages, url).toEqual(expect.arrayContaining([expect.anything()]));
      if (url === '/ru') expect(data?.banners, url).toMatchObject({ locale: 'ru' });
      else expect(data?.banners, url).toBeUndefined();
    }
    const russian = await page('/ru/games/42');
    expect(russian.body).toContain('<html lang="ru"');
    expect(russian.body).toContain('href="/assets/locale-ru-d4.js"');
    expect(russian.body).not.toContain('locale-en');
  });

  test('/ and a path without a language get no preloads and keep the build’s language', async () => {
    for (const url of ['/', '/bonuses?bonus10=1', '/xx/games']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="en"');
      // the build's own preloads only
      expect(preloadsOf(response.body), url).toEqual(['/assets/app-a0.js']);
      expect(bootDataOf(response.body)?.banners, url).toBeUndefined();
    }
  });

  test('the page is compressed on the fly', async () => {
    const response = await testApp.app.inject({
      url: '/en/',
      headers: { ...html, 'accept-encoding': 'br' },
      remoteAddress: americanIp,
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(bootDataOf(brotliDecompressSync(response.rawPayload).toString())).not.toBeNull();
  });

  test('a visitor from a restricted country gets the page without data: the app meets the block', async () => {
    const response = await page('/en/', russianIp);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(bootDataOf(response.body)).toBeNull();
    expect(response.body).toContain('<div id="root">');
  });

  test('every page names the wallet’s and the sign-in’s files, beyond the first load’s, for their prefetch', async () => {
    for (const url of ['/en/', '/ru/games/42', '/', '/bonuses']) {
      const response = await page(url);
      const named = /<script type="application\/json" id="layer-files">(.*?)<\/script>/s.exec(
        response.body,
      )?.[1];
      expect(named, url).toBeDefined();
      expect(JSON.parse(named ?? 'null'), url).toEqual({
        wallet: ['/assets/app-wallet-dialog-g7.js', '/assets/dialog-h8.js', '/assets/fiat-i9.js'],
        auth: ['/assets/auth-dialog-j1.js', '/assets/dialog-h8.js'],
      });
      // named only: nothing fetches them with the page
      expect(preloadsOf(response.body), url).not.toContain('/assets/dialog-h8.js');
    }
    // a blocked visitor's page too: it holds no data of theirs
    const blocked = await page('/en/', russianIp);
    expect(blocked.body).toContain('id="layer-files"');
  });

  test('text in the data can never close the script element', async () => {
    const response = await page('/en/');
    const script = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(
      response.body,
    )?.[1];
    expect(script).toBeDefined();
    expect(script).not.toMatch(/[<>]/);
  });
});

describe('a guest’s home hero drawn by the HTML', () => {
  test('a guest’s home page draws the first banner in #root before the splash, its pictures fetched first', async () => {
    const response = await page('/en/');
    const body = response.body;
    const hero = body.indexOf('<div id="guest-hero"');
    expect(hero).toBeGreaterThan(body.indexOf('<div id="root">'));
    expect(hero).toBeLessThan(body.indexOf('<div data-testid="splash">'));
    expect(body).toContain('src="/banners/welcome-bg.svg"');
    // the picture's preload is the head's first request, before the build's stylesheet and chunks
    const preload = body.indexOf(
      '<link rel="preload" as="image" fetchpriority="high" href="/banners/welcome-bg.svg">',
    );
    expect(preload).toBeGreaterThan(body.indexOf('<meta charset="UTF-8">'));
    expect(preload).toBeLessThan(body.indexOf('<title>'));
    expect(body).not.toContain(firstPaintPlaceholder);
    expect(body).not.toContain(headPlaceholder);
  });

  test('the banner’s copy is escaped: it can neither close an element nor open one', async () => {
    const body = (await page('/en/')).body;
    const hero = /<div id="guest-hero".*?<\/div><script>/s.exec(body)?.[0] ?? '';
    expect(hero).toContain('&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(hero).not.toContain('<script>alert');
    expect(body).not.toContain('<script>alert(1)');
  });

  test('the page’s one inline script is allowed by its hash in the CSP, and no other', async () => {
    const response = await page('/en/');
    const scripts = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    const scriptSource = /script-src [^;]*/.exec(policy)?.[0];
    expect(scriptSource).not.toContain('unsafe-inline');
  });

  test('a visitor with a session cookie, another page, the banner preview and a restricted country get no hero', async () => {
    const cases = [
      await page('/en/', americanIp, 'session=some-token'),
      await page('/en/games/42'),
      await page('/en/?bannerPreview=1'),
      await page('/en/', russianIp),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('guest-hero');
      expect(response.body).not.toContain('rel="preload" as="image"');
      expect(response.body).toContain('<div data-testid="splash">');
    }
  });
});

describe('a game’s page drawn by the HTML for a player', () => {
  test('carries the game’s tile as a guest gets it, and draws its head and art before the splash, the art fetched first', async () => {
    const response = await page('/en/games/orbit-dice');
    expect(response.statusCode).toBe(200);
    const tile = await testApp.app.inject({
      url: '/api/v2/games/orbit-dice',
      remoteAddress: americanIp,
    });
    expect(tile.statusCode).toBe(200);
    expect(bootDataOf(response.body)?.game).toEqual({ id: 'orbit-dice', data: tile.json() });
    const body = response.body;
    const paint = body.indexOf('<div id="game-paint"');
    expect(paint).toBeGreaterThan(body.indexOf('<div id="root">'));
    expect(paint).toBeLessThan(body.indexOf('<div data-testid="splash">'));
    expect(body).toContain(`>${tile.json().title}</h1>`);
    expect(body).toContain(`src="${tile.json().imageUrl}"`);
    const preload = body.indexOf(
      `<link rel="preload" as="image" fetchpriority="high" href="${tile.json().imageUrl}">`,
    );
    expect(preload).toBeGreaterThan(body.indexOf('<meta charset="UTF-8">'));
    expect(preload).toBeLessThan(body.indexOf('<title>'));
  });

  test('its one inline script, the guard that removes it for a guest, is allowed by its hash in the CSP', async () => {
    const response = await page('/en/games/orbit-dice');
    const scripts = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('localStorage.getItem("auth_token")');
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    const scriptSource = /script-src [^;]*/.exec(
      String(response.headers['content-security-policy']),
    )?.[0];
    expect(scriptSource).toContain(`'sha256-${hash}'`);
    expect(scriptSource).not.toContain('unsafe-inline');
  });

  test('an unknown game, the favourites, a path without a language and a restricted country get no paint', async () => {
    const cases = [
      await page('/en/games/no-such-game'),
      await page('/en/games/favorites'),
      await page('/en/games/Not_An_Id'),
      await page('/games/orbit-dice'),
      await page('/en/games/orbit-dice', russianIp),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('game-paint');
      expect(response.body).not.toContain('rel="preload" as="image"');
      expect(bootDataOf(response.body)?.game).toBeUndefined();
    }
  });
});

describe('the sportsbook’s first answers in its page', () => {
  test('the sports, the first live page and the matches starting soon, as the API answers them', async () => {
    const response = await page('/en/sportsbook');
    expect(response.statusCode).toBe(200);
    const [sports, live, soon] = await Promise.all(
      [
        '/api/v2/sport/sports',
        '/api/v2/sport/events?live=true&offset=0&limit=100',
        '/api/v2/sport/events?live=false&offset=0&limit=12',
      ].map((url) => testApp.app.inject({ url, remoteAddress: americanIp })),
    );
    const data = bootDataOf(response.body)?.sportsbook as Record<string, unknown> | undefined;
    expect(data).toMatchObject({
      sports: sports?.json(),
      live: live?.json(),
      soon: soon?.json(),
    });
    expect(typeof data?.at).toBe('number');
  });

  test('only on its landing page, and not for a restricted country', async () => {
    for (const response of [
      await page('/en/sportsbook/football'),
      await page('/en/'),
      await page('/en/sportsbook', russianIp),
    ]) {
      expect(bootDataOf(response.body)?.sportsbook).toBeUndefined();
      expect(response.body).not.toContain('id="sportsbook-paint"');
    }
  });

  test('its first screen is drawn in #root before the splash from the build’s texts, their font fetched first', async () => {
    const response = await page('/en/sportsbook');
    const root = response.body.slice(response.body.indexOf('<div id="root">'));
    expect(root.indexOf('id="sportsbook-paint"')).toBeGreaterThan(0);
    expect(root.indexOf('id="sportsbook-paint"')).toBeLessThan(
      root.indexOf('data-testid="splash"'),
    );
    expect(root).toContain('>Sports and e-sports.</p>');
    expect(root).toContain('>All sports<');
    expect(root).toContain('Football<');
    // the live list's rows, or its empty state when the feed has no live match
    const data = bootDataOf(response.body)?.sportsbook as
      | { live: { items: { home: { name: string } }[] } }
      | undefined;
    const live = data?.live.items ?? [];
    if (live.length === 0) expect(root).toContain('>No live matches right now</p>');
    else expect(root).toContain(`>${live[0]?.home.name}</span>`);
    // escaped: the title neither closes its element nor opens a script
    expect(root).not.toContain('<script>alert(1)');
    expect(root).toContain('Sportsbook&#60;/h1&#62;&#60;script&#62;');
    const head = response.body.slice(0, response.body.indexOf('<title>'));
    expect(head).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin fetchpriority="high" href="/assets/inter-latin-wght-normal-a9.woff2">',
    );
  });

  test('its guard is allowed by its hash in the CSP, as the only inline script', async () => {
    const response = await page('/en/sportsbook');
    const scripts = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('oddsFormat');
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });

  test('a player gets it too (the same public answers); a language the build has no texts for does not', async () => {
    const player = await page('/en/sportsbook', americanIp, 'session=1');
    expect(player.body).toContain('id="sportsbook-paint"');
    const russian = await page('/ru/sportsbook');
    expect(bootDataOf(russian.body)?.sportsbook).toBeDefined();
    expect(russian.body).not.toContain('id="sportsbook-paint"');
  });
});

describe('a category page: its first games in the data, its first screen drawn by the HTML', () => {
  /** A game category of the navigation, and the id of its first game (its title made hostile). */
  let category: string;
  let firstGameId: string;
  const hostileTitle = '</script><b onclick="x">Reels & Co</b>';

  beforeAll(async () => {
    const categories = await testApp.app.inject({ url: '/api/v2/categories' });
    const found = (categories.json() as Array<{ entity: string; value: string }>).find(
      (entry) => entry.entity === 'category',
    );
    if (!found) throw new Error('the catalog has no game category');
    category = found.value;
    const games = await testApp.app.inject({
      url: `/api/v2/games?category=${encodeURIComponent(category)}&limit=1`,
      remoteAddress: americanIp,
    });
    firstGameId = (games.json() as { items: Array<{ id: string }> }).items[0]?.id ?? '';
    expect(firstGameId).not.toBe('');
    // a title that would close the data's script element and open one if put in the page raw
    await testApp.db
      .updateTable('games')
      .set({ title: hostileTitle })
      .where('id', '=', firstGameId)
      .execute();
  });

  test('the page carries the first page of a guest’s games exactly as the API answers it', async () => {
    const response = await page(`/en/categories/${encodeURIComponent(category)}/games`);
    expect(response.statusCode).toBe(200);
    const api = await testApp.app.inject({
      url: `/api/v2/games?category=${encodeURIComponent(category)}&limit=30&offset=0`,
      remoteAddress: americanIp,
    });
    expect(api.statusCode).toBe(200);
    const data = bootDataOf(response.body);
    expect(data?.categoryGames).toEqual({ category, data: api.json() });
    // and the navigation's categories, which name the page
    const navigation = await testApp.app.inject({ url: '/api/v2/categories' });
    expect(data?.navigationCategories).toEqual(navigation.json());
    expect((api.json() as { items: unknown[] }).items.length).toBeGreaterThan(3);
    // a sort or a studio in the address is another list: the app asks for it itself
    for (const query of ['?sort=title', '?provider=x']) {
      const filtered = await page(`/en/categories/${encodeURIComponent(category)}/games${query}`);
      expect(bootDataOf(filtered.body)?.categoryGames, query).toBeUndefined();
      expect(filtered.body, query).not.toContain('category-paint');
    }
    // other pages carry no games; the home page carries the navigation's categories (its rows)
    const home = bootDataOf((await page('/en/')).body);
    expect(home?.categoryGames).toBeUndefined();
    expect(home?.navigationCategories).toEqual(navigation.json());
    const sportsbook = bootDataOf((await page('/en/sportsbook')).body);
    expect(sportsbook?.navigationCategories).toBeUndefined();
  });

  test('the first screen’s tiles are drawn in #root before the splash, their pictures fetched first', async () => {
    const body = (await page(`/en/categories/${encodeURIComponent(category)}/games`)).body;
    const paint = body.indexOf('<div id="category-paint"');
    expect(paint).toBeGreaterThan(body.indexOf('<div id="root">'));
    expect(paint).toBeLessThan(body.indexOf('<div data-testid="splash">'));
    const tiles = /<div id="category-paint".*?<\/div><script>/s.exec(body)?.[0] ?? '';
    expect(tiles.match(/<img /g)).toHaveLength(9);
    const preloads = [...body.matchAll(/<link rel="preload" as="image" fetchpriority="high"/g)];
    expect(preloads).toHaveLength(9);
    expect(body.indexOf('rel="preload" as="image"')).toBeLessThan(body.indexOf('<title>'));
  });

  test('game titles are escaped in the paint and in the data', async () => {
    const body = (await page(`/en/categories/${encodeURIComponent(category)}/games`)).body;
    const paint = /<div id="category-paint".*?<\/div><script>/s.exec(body)?.[0] ?? '';
    expect(paint).toContain('&#60;/script&#62;&#60;b onclick=&#34;x&#34;&#62;Reels &#38; Co');
    expect(paint).not.toContain('<b onclick');
    const script = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(
      body,
    )?.[1];
    expect(script).not.toMatch(/[<>]/);
    const carried = bootDataOf(body)?.categoryGames as
      | { data: { items: Array<{ title: string }> } }
      | undefined;
    const games = carried?.data.items ?? [];
    expect(games[0]?.title).toBe(hostileTitle);
  });

  test('the paint’s guard is allowed by its hash in the CSP, as the only inline script', async () => {
    const response = await page(`/en/categories/${encodeURIComponent(category)}/games`);
    const scripts = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64')}'`;
    expect(hash).toBe(categoryPaintGuardScriptHash);
    expect(String(response.headers['content-security-policy'])).toContain(hash);
  });

  test('a restricted country gets neither the games nor the paint', async () => {
    const response = await page(`/en/categories/${encodeURIComponent(category)}/games`, russianIp);
    expect(response.statusCode).toBe(200);
    expect(bootDataOf(response.body)).toBeNull();
    expect(response.body).not.toContain('category-paint');
    expect(response.body).not.toContain('rel="preload" as="image"');
  });

  test('a player’s page carries a guest’s games (the app files them as a guest’s) and no paint', async () => {
    const player = await registerPlayer(testApp.app);
    const favorite = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/games/favorites',
      headers: bearer(player),
      payload: { gameId: firstGameId },
      remoteAddress: americanIp,
    });
    expect(favorite.statusCode, favorite.body).toBe(200);
    const path = `/api/v2/games?category=${encodeURIComponent(category)}&limit=30&offset=0`;
    const playersList = await testApp.app.inject({
      url: path,
      headers: bearer(player),
      remoteAddress: americanIp,
    });
    const guestsList = await testApp.app.inject({ url: path, remoteAddress: americanIp });
    // the two answers differ (the heart): the page may only carry the guest's
    const isFavorite = (list: { items: Array<{ id: string; isFavorite: boolean }> }) =>
      list.items.find((game) => game.id === firstGameId)?.isFavorite;
    expect(isFavorite(playersList.json())).toBe(true);
    expect(isFavorite(guestsList.json())).toBe(false);

    const response = await page(
      `/en/categories/${encodeURIComponent(category)}/games`,
      americanIp,
      player.cookie,
    );
    expect(response.statusCode).toBe(200);
    const data = bootDataOf(response.body)?.categoryGames as { data: unknown } | undefined;
    expect(data?.data).toEqual(guestsList.json());
    expect(response.body).not.toContain('category-paint');
    expect(response.body).not.toContain('rel="preload" as="image"');
    expect(response.body).toContain('<div data-testid="splash">');
  });
});
