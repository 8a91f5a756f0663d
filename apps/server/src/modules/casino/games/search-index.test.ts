import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CatalogEntry,
  GameSearch,
  type SearchCatalog,
  type SearchEntry,
  SearchIndex,
} from './search-index.ts';
import { phraseBonus, searchWords, wordScore } from './search-words.ts';

const pageSize = 30;

function entry(
  id: string,
  title: string,
  provider = 'House',
  engine: SearchEntry['engine'] = 'external',
): CatalogEntry {
  return {
    id,
    title,
    provider_name: provider,
    engine,
    provider_id: provider.toLowerCase(),
    listed: true,
    title_rank: 0,
    rating_rank: 0,
    popularity_rank: 0,
    recency_rank: 0,
  };
}

/** A catalog of these games (no categories), ranked by title as given. */
function catalogOf(games: CatalogEntry[]): SearchCatalog {
  return {
    games: games.map((game, at) => ({ ...game, title_rank: at + 1 })),
    categories: [],
    promoCategories: [],
  };
}

/** The ids found, best first (ties by id: the page's sort is the repository's). */
function ranked(index: SearchIndex, search: string): string[] {
  const { ids, scores } = index.search(search);
  return ids
    .map((id, position) => ({ id, score: scores[position] as number }))
    .sort((left, right) => right.score - left.score || left.id.localeCompare(right.id))
    .map((match) => match.id);
}

const catalog = new SearchIndex(
  catalogOf([
    entry('roulette', 'Roulette'),
    entry('lightning-roulette', 'Lightning Roulette', 'Evo Studio'),
    entry('roulette-royale', 'Roulette Royale Deluxe'),
    entry('rouletteball', 'Rouletteball'),
    entry('golden-koi-keno', 'Golden Koi Keno', 'House', 'keno'),
    entry('golden-koi-keno-deluxe', 'Golden Koi Keno Deluxe', 'House', 'keno'),
    entry('orbit-dice', 'Orbit Dice', 'Orbit Originals', 'dice'),
    entry('neon-reels', 'Neon Reels', 'Orbit Originals', 'slot'),
    entry('dragon', 'Золотой Дракон', 'Царь Игр'),
    entry('pharaoh', "Pharaoh's Gold", 'House', 'slot'),
  ]),
);

describe('the search index', () => {
  it('ranks exact words above starts of words above typos', () => {
    // the title that is the search, then one that starts with it, then the word elsewhere
    expect(ranked(catalog, 'roulette').slice(0, 3)).toEqual([
      'roulette',
      'roulette-royale',
      'lightning-roulette',
    ]);
    // "rouletteball" starts with the word: after every exact match
    expect(ranked(catalog, 'roulette')[3]).toBe('rouletteball');
    // a typo finds them all, the whole words before the word that only starts with it
    const typo = ranked(catalog, 'ruolette');
    expect(typo.slice(0, 3).toSorted()).toEqual([
      'lightning-roulette',
      'roulette',
      'roulette-royale',
    ]);
    expect(typo[3]).toBe('rouletteball');
    expect(ranked(catalog, 'roulete')).toContain('roulette');
    expect(ranked(catalog, 'rouletet')).toContain('lightning-roulette');
  });

  it('the whole title said first: "Golden Koi Keno" before "Golden Koi Keno Deluxe"', () => {
    expect(ranked(catalog, 'golden koi keno')).toEqual([
      'golden-koi-keno',
      'golden-koi-keno-deluxe',
    ]);
    expect(ranked(catalog, 'Golden Koi Keno Deluxe')[0]).toBe('golden-koi-keno-deluxe');
  });

  it('every word must match the title, the provider or the kind of game', () => {
    expect(ranked(catalog, 'orbit reels')).toEqual(['neon-reels']);
    expect(ranked(catalog, 'orbt')).toEqual(['neon-reels', 'orbit-dice']);
    expect(ranked(catalog, 'slots')).toEqual(['neon-reels', 'pharaoh']);
    expect(ranked(catalog, 'slto')).toEqual(['neon-reels', 'pharaoh']);
    expect(ranked(catalog, 'dcie')).toEqual(['orbit-dice']);
    expect(ranked(catalog, 'pharaoh')).toEqual(['pharaoh']);
    expect(ranked(catalog, 'golden xylophone')).toEqual([]);
    expect(ranked(catalog, 'xylophone')).toEqual([]);
  });

  it('matches names in any script, provider names too', () => {
    expect(ranked(catalog, 'дракон')).toEqual(['dragon']);
    expect(ranked(catalog, 'даркон')).toEqual(['dragon']);
    expect(ranked(catalog, 'ЗОЛОТ')).toEqual(['dragon']);
    expect(ranked(catalog, 'царь')).toEqual(['dragon']);
    expect(ranked(catalog, 'evo studio')).toEqual(['lightning-roulette']);
  });

  it('a broad search of one letter finds every word that starts with it', () => {
    expect(ranked(catalog, 'g')).toEqual(['golden-koi-keno', 'golden-koi-keno-deluxe', 'pharaoh']);
  });

  it('property: one typo in a title word of five letters or more finds that game on the first page', () => {
    const word = fc.stringMatching(/^[a-z]{3,10}$/);
    const title = fc.array(word, { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.uniqueArray(title, {
          minLength: 1,
          maxLength: 200,
          selector: (words) => words.join(' '),
        }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('swap', 'drop', 'insert'),
        fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
        (titles, pickGame, pickAt, edit, letter) => {
          const games = titles.map((words, index) => entry(`g${index}`, words.join(' ')));
          const target = pickGame % games.length;
          const words = titles[target] as string[];
          const long = words.findIndex((candidate) => candidate.length >= 5);
          fc.pre(long >= 0);
          const original = words[long] as string;
          const letters = [...original];
          const at = pickAt % (letters.length - 1);
          if (edit === 'swap') {
            fc.pre(letters[at] !== letters[at + 1]);
            [letters[at], letters[at + 1]] = [letters[at + 1] as string, letters[at] as string];
          } else if (edit === 'drop') letters.splice(at, 1);
          else letters.splice(at, 0, letter);
          const typo = words.map((candidate, index) =>
            index === long ? letters.join('') : candidate,
          );
          const index = new SearchIndex(catalogOf(games));
          const { ids, scores } = index.search(typo.join(' '));
          const position = ids.indexOf(`g${target}`);
          expect(position, typo.join(' ')).toBeGreaterThanOrEqual(0);
          const own = scores[position] as number;
          // at worst it ties with the games ahead of it: fewer than a page of them
          const ahead = scores.filter((other, at) => at !== position && other >= own).length;
          expect(ahead, typo.join(' ')).toBeLessThan(pageSize);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('property: the index finds exactly what the word rules find, comparing game by game', () => {
    const letters = fc.constantFrom(...'abcdeoruлт');
    const word = fc.array(letters, { minLength: 1, maxLength: 9 }).map((list) => list.join(''));
    // a search word: a catalog word with an edit anywhere (the first letters too), or any word
    const edited = fc.record({
      pick: fc.nat(),
      at: fc.nat(),
      edit: fc.constantFrom('swap', 'drop', 'insert', 'replace', 'none'),
      letter: letters,
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.oneof(word, edited), { minLength: 1, maxLength: 3 }),
        (titles, searchParts) => {
          const catalogWords = titles.flat();
          const search = searchParts.map((part) => {
            if (typeof part === 'string') return part;
            const chars = [...(catalogWords[part.pick % catalogWords.length] as string)];
            const at = part.at % chars.length;
            if (part.edit === 'swap' && at + 1 < chars.length) {
              [chars[at], chars[at + 1]] = [chars[at + 1] as string, chars[at] as string];
            } else if (part.edit === 'drop' && chars.length > 1) chars.splice(at, 1);
            else if (part.edit === 'insert') chars.splice(at, 0, part.letter);
            else if (part.edit === 'replace') chars[at] = part.letter;
            return chars.join('');
          });
          const games = titles.map((words, index) => entry(`g${index}`, words.join(' '), 'p'));
          const { ids, scores } = new SearchIndex(catalogOf(games)).search(search.join(' '));
          const found = new Map(ids.map((id, index) => [id, scores[index] as number]));
          const words = searchWords(search.join(' '));
          games.forEach((game, index) => {
            const own = [...(titles[index] as string[]), 'p'];
            const best = words.map((query) =>
              Math.max(...own.map((candidate) => wordScore([...query], [...candidate]))),
            );
            const matched = best.every((score) => score > 0);
            expect(found.has(game.id), `${game.title} / ${search.join(' ')}`).toBe(matched);
            if (matched) {
              const sum = best.reduce((total, score) => total + score, 0);
              expect(found.get(game.id)).toBeGreaterThanOrEqual(sum - 1e-9);
              expect(found.get(game.id)).toBeLessThanOrEqual(sum + phraseBonus.equal + 1e-9);
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a page of a search, as the index filters, orders and pages it', () => {
  /** 120 games: "Lucky …" titles of two providers, every third disabled, in two categories. */
  function bigCatalog(): SearchCatalog {
    const games = Array.from({ length: 120 }, (_, at) => ({
      ...entry(`g${at}`, `Lucky ${['Dragon', 'Tiger', 'Panda'][at % 3]} ${at}`),
      provider_id: at % 2 === 0 ? 'even' : 'odd',
      listed: at % 7 !== 0,
      // ranks with ties: the title's rank decides among them
      title_rank: 120 - at,
      rating_rank: at % 5,
      popularity_rank: at % 4,
      recency_rank: at % 6,
    }));
    return {
      games,
      categories: games
        .filter((_, at) => at % 3 === 0)
        .map((game, position) => ({ value: 'slots', game_id: game.id, position: 100 - position })),
      promoCategories: [
        { id: 1, game_id: 'g1', position: 2, enabled: true },
        { id: 1, game_id: 'g2', position: 1, enabled: true },
        { id: 2, game_id: 'g3', position: 1, enabled: false },
      ],
    };
  }

  it('page 2 of a broad search is rows 25–48 of the whole ranking; the total counts every listed match', () => {
    const index = new SearchIndex(bigCatalog());
    const whole = index.page('lucky', { limit: 100, offset: 0 });
    // a seventh is disabled: left out, named for the page query to check
    expect(whole.total).toBe(120 - 18);
    expect(whole.ids).toHaveLength(100);
    expect(whole.unlisted).toHaveLength(18);
    expect(whole.unlisted).toContain('g7');
    const all = [...whole.ids, ...index.page('lucky', { limit: 100, offset: 100 }).ids];
    expect(new Set(all).size).toBe(whole.total);
    expect(index.page('lucky', { limit: 24, offset: 24 }).ids).toEqual(all.slice(24, 48));
    expect(index.page('lucky', { limit: 24, offset: 200 })).toEqual({
      ids: [],
      total: whole.total,
      unlisted: whole.unlisted,
    });
  });

  it('orders by score, then the sort asked (ranks), then the title', () => {
    const catalog = bigCatalog();
    const index = new SearchIndex(catalog);
    const byId = new Map(catalog.games.map((game) => [game.id, game]));
    const listed = catalog.games.filter((game) => game.listed);
    const byTitle = (left: CatalogEntry, right: CatalogEntry) => left.title_rank - right.title_rank;
    const expected = {
      rate: listed.toSorted((l, r) => l.rating_rank - r.rating_rank || byTitle(l, r)),
      popularity: listed.toSorted((l, r) => l.popularity_rank - r.popularity_rank || byTitle(l, r)),
      recently: listed.toSorted((l, r) => l.recency_rank - r.recency_rank || byTitle(l, r)),
      title: listed.toSorted(byTitle),
    } as const;
    for (const sort of ['rate', 'popularity', 'recently', 'title'] as const) {
      // "lucky" scores every game the same: the sort alone orders them
      expect(index.page('lucky', { sort, limit: 200, offset: 0 }).ids, sort).toEqual(
        expected[sort].map((game) => game.id),
      );
    }
    // without a sort: popularity
    expect(index.page('lucky', { limit: 200, offset: 0 }).ids).toEqual(
      expected.popularity.map((game) => game.id),
    );
    // a better score comes first whatever the sort: the exact word "dragon" over "drag…"
    const dragons = index.page('lucky dragon', { sort: 'title', limit: 200, offset: 0 }).ids;
    expect(dragons.every((id) => byId.get(id)?.title.includes('Dragon'))).toBe(true);
  });

  it('filters by provider, category and enabled promo category, in their own order', () => {
    const index = new SearchIndex(bigCatalog());
    const even = index.page('lucky', { provider: 'even', limit: 200, offset: 0 });
    expect(even.ids.every((id) => Number(id.slice(1)) % 2 === 0)).toBe(true);
    expect(even.unlisted.every((id) => Number(id.slice(1)) % 2 === 0)).toBe(true);
    const slots = index.page('lucky', { category: 'slots', limit: 200, offset: 0 });
    // the category's positions count down with the game's number: the last first
    const expectedSlots = Array.from({ length: 40 }, (_, at) => 3 * at)
      .filter((at) => at % 7 !== 0)
      .toReversed()
      .map((at) => `g${at}`);
    expect(slots.ids).toEqual(expectedSlots);
    expect(index.page('lucky', { promoCategory: 1, limit: 10, offset: 0 }).ids).toEqual([
      'g2',
      'g1',
    ]);
    // a disabled promo category or an unknown category holds nothing
    expect(index.page('lucky', { promoCategory: 2, limit: 10, offset: 0 }).total).toBe(0);
    expect(index.page('lucky', { category: 'nope', limit: 10, offset: 0 }).total).toBe(0);
  });

  it('built in slices (`build`, letting requests through) it answers as built at once', async () => {
    const games = Array.from({ length: 9_000 }, (_, at) =>
      entry(
        `g${at}`,
        `${['Golden', 'Wild', 'Frozen'][at % 3]} ${['Koi', 'Tiger', 'Gems'][(at % 7) % 3]} ${at}`,
      ),
    );
    const catalog = catalogOf(games);
    const sliced = await SearchIndex.build(catalog);
    const whole = new SearchIndex(catalog);
    for (const search of ['golden', 'wlid tiger', 'gems 4', 'frozn']) {
      expect(sliced.page(search, { limit: 30, offset: 30 }), search).toEqual(
        whole.page(search, { limit: 30, offset: 30 }),
      );
    }
  });
});

/** What a search finds once a background build finished (turns of the event loop, no timer). */
async function foundAfterBuild(search: GameSearch, query: string, expected: number) {
  let found: string[] = [];
  for (let turn = 0; turn < 50 && found.length < expected; turn += 1) {
    await new Promise((next) => setImmediate(next));
    found = (await search.matches(query)).ids;
  }
  return found;
}

describe('the per-process index, kept fresh', () => {
  function setup() {
    let nowMs = 0;
    const titles = [entry('a', 'Alpha Dice')];
    const loads: Array<{ resolve: () => void; fail: (error: Error) => void }> = [];
    let auto = true;
    const search = new GameSearch({
      load: () =>
        new Promise<SearchCatalog>((resolve, reject) => {
          const snapshot = catalogOf([...titles]);
          if (auto) resolve(snapshot);
          else loads.push({ resolve: () => resolve(snapshot), fail: reject });
        }),
      clock: { now: () => new Date(nowMs) },
      ttlMs: 1_000,
    });
    return {
      search,
      titles,
      loads,
      loaded: () => loads.length,
      manual: () => {
        auto = false;
      },
      advance: (ms: number) => {
        nowMs += ms;
      },
    };
  }

  it('builds on the first search, once however many ask at once', async () => {
    const { search, loads, manual } = setup();
    manual();
    const first = search.matches('alpha');
    const second = search.matches('dice');
    expect(loads).toHaveLength(1);
    loads[0]?.resolve();
    expect((await first).ids).toEqual(['a']);
    expect((await second).ids).toEqual(['a']);
  });

  it('past the TTL answers from the index it has while one rebuild runs behind', async () => {
    const { search, titles, loads, manual, advance } = setup();
    await search.matches('alpha');
    titles.push(entry('b', 'Beta Dice'));
    advance(999);
    expect((await search.matches('dice')).ids).toEqual(['a']);
    manual();
    advance(1);
    expect((await search.matches('dice')).ids).toEqual(['a']);
    expect((await search.matches('dice')).ids).toEqual(['a']);
    expect(loads).toHaveLength(1);
    loads[0]?.resolve();
    // the build lets the event loop run between its slices: a few turns of it
    expect(await foundAfterBuild(search, 'dice', 2)).toEqual(['a', 'b']);
  });

  it('a failed rebuild keeps the old index; the next search tries again', async () => {
    const { search, titles, loads, manual, advance } = setup();
    await search.matches('alpha');
    manual();
    advance(1_000);
    titles.push(entry('b', 'Beta Dice'));
    expect((await search.matches('dice')).ids).toEqual(['a']);
    loads[0]?.fail(new Error('database down'));
    await Promise.resolve();
    await Promise.resolve();
    expect((await search.matches('dice')).ids).toEqual(['a']);
    expect(loads).toHaveLength(2);
  });

  it('outdated(index) makes the next search wait for a fresh index, unless one came already', async () => {
    const { search, titles } = setup();
    const first = await search.index();
    titles.push(entry('b', 'Beta Dice'));
    search.outdated(first);
    const second = await search.index();
    expect(second).not.toBe(first);
    expect((await search.matches('beta')).ids).toEqual(['b']);
    // a search that still held the first index reports it: the newer one stays
    search.outdated(first);
    expect(await search.index()).toBe(second);
  });

  it('expire() answers from the index it has and rebuilds behind (popularity changed)', async () => {
    const { search, titles, loads, manual } = setup();
    await search.matches('alpha');
    titles.push(entry('b', 'Beta Dice'));
    manual();
    search.expire();
    expect((await search.matches('dice')).ids).toEqual(['a']);
    expect(loads).toHaveLength(1);
    loads[0]?.resolve();
    expect(await foundAfterBuild(search, 'dice', 2)).toEqual(['a', 'b']);
  });

  it('after invalidate() the next search waits for a fresh index', async () => {
    const { search, titles } = setup();
    expect((await search.matches('beta')).ids).toEqual([]);
    titles.push(entry('b', 'Beta Dice'));
    expect((await search.matches('beta')).ids).toEqual([]);
    search.invalidate();
    expect((await search.matches('beta')).ids).toEqual(['b']);
  });
});
