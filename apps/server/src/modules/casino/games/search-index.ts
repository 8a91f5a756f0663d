import type { GameSort } from '@casino/contract';
import type { GamesTable } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  allowedTypos,
  engineSearchNames,
  normalise,
  phraseScore,
  searchWords,
  textWords,
  wordScore,
} from './search-words.ts';

/** One game as the search index reads it (every game, enabled or not: the query filters). */
export interface SearchEntry {
  id: string;
  title: string;
  provider_name: string;
  engine: GamesTable['engine'];
}

/**
 * One game as the index keeps it to filter, order and page what a search finds. The orders are
 * the database's (its collation for titles), read as ranks when the index is built: games that
 * tie in an order share its rank.
 */
export interface CatalogEntry extends SearchEntry {
  provider_id: string;
  /** the game and its provider were enabled when read (the page query checks it again) */
  listed: boolean;
  /** `lower(title), id`: unique */
  title_rank: number;
  /** `rating DESC` */
  rating_rank: number;
  /** `rounds_played DESC, rating DESC` */
  popularity_rank: number;
  /** `released_at DESC` */
  recency_rank: number;
}

/** What the index is built from: every game, and the members of the categories. */
export interface SearchCatalog {
  games: CatalogEntry[];
  /** the navigation categories (entity `category`) by value, with each game's position */
  categories: Array<{ value: string; game_id: string; position: number }>;
  promoCategories: Array<{ id: number; game_id: string; position: number; enabled: boolean }>;
}

/** The games a search found, with their scores (higher first), in no particular order. */
export interface SearchMatches {
  ids: string[];
  scores: number[];
}

/** The filters, order and page of a search (`GET /api/v2/games`). */
export interface SearchPageQuery {
  category?: string | undefined;
  provider?: string | undefined;
  promoCategory?: number | undefined;
  sort?: GameSort | undefined;
  limit: number;
  offset: number;
}

/**
 * One page of a search as the index sees it: the page's games in order and how many games
 * match. `unlisted` are matching games the index holds as disabled: if the database says one of
 * them is enabled now, or that a game of the page is not, the index is stale.
 */
export interface SearchPage {
  ids: string[];
  total: number;
  unlisted: string[];
}

/**
 * The catalog's words in memory: each distinct word of the titles, provider names and kinds of
 * game once, with the games it belongs to. A search compares each of its words with every
 * distinct word (a few thousand, however many games share them: search-words.ts's rules), then
 * adds up each game's best score per search word; a game matches when every search word does.
 * 20,000 games of realistic names hold a few thousand distinct words, so a search costs about
 * a millisecond of CPU rather than a similarity per game. It also keeps what filters and orders
 * a page of results (each game's provider, whether it was enabled, its ranks in each sort, the
 * categories' members), so it ranks and pages every match itself and the database reads only
 * the page's games by primary key (`page`).
 */
export class SearchIndex {
  private readonly ids: string[];
  private readonly titleWords: string[][] = [];
  private readonly entries: readonly CatalogEntry[];
  /** game index by id */
  private readonly gameIndex = new Map<string, number>();
  /** category value → game index → position */
  private readonly categories = new Map<string, Map<number, number>>();
  /** promo category id → game index → position (enabled promo categories only) */
  private readonly promoCategories = new Map<number, Map<number, number>>();
  /** distinct words with the games (indexes into `ids`) they belong to */
  private readonly words: Array<{ letters: string[]; games: Int32Array }> = [];
  /** the words (indexes into `words`) by their first letter and by their second letter */
  private readonly byFirstLetter = new Map<string, number[]>();
  private readonly bySecondLetter = new Map<string, number[]>();
  /** which words a search word was compared with already (by `stamp`) */
  private seen = new Int32Array(0);
  private stamp = 0;

  /** Builds the index at once (tests, small catalogs); `build` lets requests through meanwhile. */
  constructor(catalog: SearchCatalog) {
    this.entries = catalog.games;
    this.ids = catalog.games.map((entry) => entry.id);
    this.construction = this.fill(catalog);
  }

  /**
   * The index of a catalog, built a slice of games at a time: between two slices the event loop
   * serves requests, so a rebuild of 20,000 games never holds it for long.
   */
  static async build(catalog: SearchCatalog): Promise<SearchIndex> {
    const index = new SearchIndex(catalog);
    return await index.finish();
  }

  /** What the constructor still has to do (none once `finish` or the first search ran it). */
  private construction: Generator<void> | null;

  private async finish(): Promise<SearchIndex> {
    while (this.construction?.next().done === false) {
      await new Promise((resume) => setImmediate(resume));
    }
    this.construction = null;
    return this;
  }

  /** The rest of the construction, at once (a search on an index `build` has not finished). */
  private constructed(): void {
    if (this.construction === null) return;
    while (this.construction.next().done === false) {
      // each step is one slice of games
    }
    this.construction = null;
  }

  private *fill({ games: entries, categories, promoCategories }: SearchCatalog): Generator<void> {
    const slice = 2_000;
    entries.forEach((entry, game) => {
      this.gameIndex.set(entry.id, game);
    });
    for (const member of categories) {
      const game = this.gameIndex.get(member.game_id);
      if (game === undefined) continue;
      const positions = this.categories.get(member.value) ?? new Map<number, number>();
      positions.set(game, member.position);
      this.categories.set(member.value, positions);
    }
    for (const member of promoCategories) {
      const game = this.gameIndex.get(member.game_id);
      if (game === undefined || !member.enabled) continue;
      const positions = this.promoCategories.get(member.id) ?? new Map<number, number>();
      positions.set(game, member.position);
      this.promoCategories.set(member.id, positions);
    }
    yield;
    const gamesByWord = new Map<string, number[]>();
    const add = (word: string, game: number) => {
      const games = gamesByWord.get(word);
      if (games === undefined) gamesByWord.set(word, [game]);
      else if (games[games.length - 1] !== game) games.push(game);
    };
    for (let game = 0; game < entries.length; game += 1) {
      const entry = entries[game] as CatalogEntry;
      const titleWords = textWords(entry.title);
      this.titleWords.push(titleWords);
      const words = new Set([...titleWords, ...textWords(entry.provider_name)]);
      for (const kind of engineSearchNames) {
        if (kind.engine === entry.engine) words.add(kind.name);
      }
      for (const word of words) add(word, game);
      if (game % slice === slice - 1) yield;
    }
    const file = (byLetter: Map<string, number[]>, letter: string | undefined, word: number) => {
      if (letter === undefined) return;
      const words = byLetter.get(letter);
      if (words === undefined) byLetter.set(letter, [word]);
      else words.push(word);
    };
    for (const [word, games] of gamesByWord) {
      const letters = [...word];
      file(this.byFirstLetter, letters[0], this.words.length);
      file(this.bySecondLetter, letters[1], this.words.length);
      this.words.push({ letters, games: Int32Array.from(games) });
      if (this.words.length % slice === 0) yield;
    }
    this.seen = new Int32Array(this.words.length);
  }

  /**
   * The catalog words a search word can match: those starting with its first letter (an exact
   * word or a start of one), and when typos are forgiven those whose first or second letter is
   * its first or second one (`sharesAStart` in search-words.ts).
   */
  private *candidates(query: readonly string[]): Generator<number> {
    this.stamp += 1;
    const lists = [this.byFirstLetter.get(query[0] as string)];
    if (allowedTypos(query.length) > 0) {
      lists.push(
        this.byFirstLetter.get(query[1] as string),
        this.bySecondLetter.get(query[0] as string),
        this.bySecondLetter.get(query[1] as string),
      );
    }
    for (const list of lists) {
      for (const word of list ?? []) {
        if (this.seen[word] === this.stamp) continue;
        this.seen[word] = this.stamp;
        yield word;
      }
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** Every game the search matches, with its score. */
  search(search: string): SearchMatches {
    const { games, scores } = this.scan(search);
    return { ids: games.map((game) => this.ids[game] as string), scores };
  }

  /**
   * One page of a search, filtered and ordered as the page query would: best score first, then
   * the page's sort (without one: the category's or promo category's order, else popularity),
   * then `lower(title), id`. Disabled games (as last read) are left out and named in `unlisted`.
   */
  page(search: string, query: SearchPageQuery): SearchPage {
    const { games, scores } = this.scan(search);
    const category =
      query.category === undefined ? undefined : (this.categories.get(query.category) ?? new Map());
    const promo =
      query.promoCategory === undefined
        ? undefined
        : (this.promoCategories.get(query.promoCategory) ?? new Map());
    const key = this.orderKey(query.sort, category, promo);
    const listed: Array<{ game: number; score: number; key: number; title: number }> = [];
    const unlisted: string[] = [];
    games.forEach((game, at) => {
      const entry = this.entries[game] as CatalogEntry;
      if (query.provider !== undefined && entry.provider_id !== query.provider) return;
      if (category !== undefined && !category.has(game)) return;
      if (promo !== undefined && !promo.has(game)) return;
      if (!entry.listed) {
        unlisted.push(entry.id);
        return;
      }
      listed.push({ game, score: scores[at] as number, key: key(game), title: entry.title_rank });
    });
    listed.sort(
      (left, right) => right.score - left.score || left.key - right.key || left.title - right.title,
    );
    return {
      ids: listed
        .slice(query.offset, query.offset + query.limit)
        .map((match) => this.ids[match.game] as string),
      total: listed.length,
      unlisted,
    };
  }

  /** What orders equally scored games before their titles (the repository's `tilesQuery`). */
  private orderKey(
    sort: GameSort | undefined,
    category: Map<number, number> | undefined,
    promo: Map<number, number> | undefined,
  ): (game: number) => number {
    const entry = (game: number) => this.entries[game] as CatalogEntry;
    switch (sort) {
      case 'rate':
        return (game) => entry(game).rating_rank;
      case 'title':
        return () => 0;
      case 'popularity':
        return (game) => entry(game).popularity_rank;
      case 'recently':
        return (game) => entry(game).recency_rank;
      case undefined:
        if (category !== undefined) return (game) => category.get(game) as number;
        if (promo !== undefined) return (game) => promo.get(game) as number;
        return (game) => entry(game).popularity_rank;
    }
  }

  /** Every game the search matches (indexes into `ids`), with its score. */
  private scan(search: string): { games: number[]; scores: number[] } {
    this.constructed();
    const words = searchWords(search);
    const games = this.ids.length;
    const total = new Float64Array(games);
    const matchedWords = new Uint8Array(games);
    for (const word of words) {
      const query = [...word];
      const best = new Float64Array(games);
      for (const candidateIndex of this.candidates(query)) {
        const candidate = this.words[candidateIndex] as (typeof this.words)[number];
        const score = wordScore(query, candidate.letters);
        if (score === 0) continue;
        for (const game of candidate.games) {
          if (score > (best[game] as number)) best[game] = score;
        }
      }
      for (let game = 0; game < games; game += 1) {
        const score = best[game] as number;
        if (score > 0) {
          total[game] = (total[game] as number) + score;
          matchedWords[game] = (matchedWords[game] as number) + 1;
        }
      }
    }
    const searchText = textWords(normalise(search)).join(' ');
    const matches: { games: number[]; scores: number[] } = { games: [], scores: [] };
    for (let game = 0; game < games; game += 1) {
      if (words.length === 0 || matchedWords[game] !== words.length) continue;
      matches.games.push(game);
      matches.scores.push(
        (total[game] as number) + phraseScore(this.titleWords[game] as string[], searchText),
      );
    }
    return matches;
  }
}

export interface GameSearchDependencies {
  /** every game, enabled or not, and the categories' members (the repository's `searchCatalog`) */
  load: () => Promise<SearchCatalog>;
  clock: Clock;
  /** how long an index serves before it is rebuilt (in the background) */
  ttlMs: number;
}

/**
 * The per-process search index, kept fresh: built on the first search; past `ttlMs` the next
 * search starts a rebuild in the background and is answered from the index it has.
 * `invalidate()` (an operator's change to the catalog, in any process: the `casino.catalog`
 * invalidation) makes the next search wait for a fresh index; so does `outdated(index)`, when
 * the page query found the database disagreeing with the index (a change nobody announced).
 * `expire()` (only the popularity order changed) rebuilds in the background. Whatever the index
 * holds, the page query shows only enabled games of enabled providers in the filters asked.
 */
export class GameSearch {
  private readonly load: () => Promise<SearchCatalog>;
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private current: { index: SearchIndex; builtAtMs: number; generation: number } | null = null;
  private building: { promise: Promise<SearchIndex>; generation: number } | null = null;
  private generation = 0;

  constructor({ load, clock, ttlMs }: GameSearchDependencies) {
    this.load = load;
    this.clock = clock;
    this.ttlMs = ttlMs;
  }

  /** The games a search matches, with their scores. */
  async matches(search: string): Promise<SearchMatches> {
    return (await this.index()).search(search);
  }

  /** The index to search now (see the class comment). */
  async index(): Promise<SearchIndex> {
    const nowMs = this.clock.now().getTime();
    const current = this.current;
    if (current !== null && current.generation === this.generation) {
      const age = nowMs - current.builtAtMs;
      if (age >= 0 && age < this.ttlMs) return current.index;
      // stale by age: rebuild in the background, answer from this one meanwhile
      this.rebuild(nowMs).catch(() => {
        // the next search past the TTL tries again; this one keeps the index it has
      });
      return current.index;
    }
    return await this.rebuild(nowMs);
  }

  /** The catalog changed: the next search waits for a fresh index. */
  invalidate(): void {
    this.generation += 1;
  }

  /**
   * The database disagrees with this index (a game enabled or disabled behind the catalog's
   * back): the next search waits for a fresh one, unless a newer index or build is under way.
   */
  outdated(index: SearchIndex): void {
    if (this.current?.index === index && this.current.generation === this.generation) {
      this.generation += 1;
    }
  }

  /** Only the games' popularity changed: the next search rebuilds in the background. */
  expire(): void {
    if (this.current !== null) this.current.builtAtMs = Number.NEGATIVE_INFINITY;
  }

  private rebuild(nowMs: number): Promise<SearchIndex> {
    const generation = this.generation;
    if (this.building !== null && this.building.generation === generation) {
      return this.building.promise;
    }
    const promise = this.load().then(async (catalog) => {
      const index = await SearchIndex.build(catalog);
      if (this.generation === generation) this.current = { index, builtAtMs: nowMs, generation };
      return index;
    });
    const building = { promise, generation };
    this.building = building;
    const done = () => {
      if (this.building === building) this.building = null;
    };
    promise.then(done, done);
    return promise;
  }
}
