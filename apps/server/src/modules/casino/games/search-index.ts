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

/** The games a search found, with their scores (higher first), in no particular order. */
export interface SearchMatches {
  ids: string[];
  scores: number[];
}

/**
 * The catalog's words in memory: each distinct word of the titles, provider names and kinds of
 * game once, with the games it belongs to. A search compares each of its words with every
 * distinct word (a few thousand, however many games share them: search-words.ts's rules), then
 * adds up each game's best score per search word; a game matches when every search word does.
 * 20,000 games of realistic names hold a few thousand distinct words, so a search costs about
 * a millisecond of CPU rather than a similarity per game.
 */
export class SearchIndex {
  private readonly ids: string[];
  private readonly titleWords: string[][];
  /** distinct words with the games (indexes into `ids`) they belong to */
  private readonly words: Array<{ letters: string[]; games: Int32Array }> = [];
  /** the words (indexes into `words`) by their first letter and by their second letter */
  private readonly byFirstLetter = new Map<string, number[]>();
  private readonly bySecondLetter = new Map<string, number[]>();
  /** which words a search word was compared with already (by `stamp`) */
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(entries: readonly SearchEntry[]) {
    this.ids = entries.map((entry) => entry.id);
    this.titleWords = entries.map((entry) => textWords(entry.title));
    const gamesByWord = new Map<string, number[]>();
    const add = (word: string, game: number) => {
      const games = gamesByWord.get(word);
      if (games === undefined) gamesByWord.set(word, [game]);
      else if (games[games.length - 1] !== game) games.push(game);
    };
    entries.forEach((entry, game) => {
      const words = new Set([
        ...(this.titleWords[game] as string[]),
        ...textWords(entry.provider_name),
      ]);
      for (const kind of engineSearchNames) {
        if (kind.engine === entry.engine) words.add(kind.name);
      }
      for (const word of words) add(word, game);
    });
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
    const matches: SearchMatches = { ids: [], scores: [] };
    for (let game = 0; game < games; game += 1) {
      if (words.length === 0 || matchedWords[game] !== words.length) continue;
      matches.ids.push(this.ids[game] as string);
      matches.scores.push(
        (total[game] as number) + phraseScore(this.titleWords[game] as string[], searchText),
      );
    }
    return matches;
  }
}

export interface GameSearchDependencies {
  /** every game with its provider's name (the repository's `searchEntries`) */
  load: () => Promise<SearchEntry[]>;
  clock: Clock;
  /** how long an index serves before it is rebuilt (in the background) */
  ttlMs: number;
}

/**
 * The per-process search index, kept fresh: built on the first search; past `ttlMs` the next
 * search starts a rebuild in the background and is answered from the index it has (a few
 * seconds stale at most, and only in which games a search proposes: the page query still shows
 * only enabled games of enabled providers, so a disabled game never appears and enabling or
 * disabling one needs no rebuild). `invalidate()` (a title or provider changed through this
 * process) makes the next search wait for a fresh index. Other processes catch up within
 * `ttlMs`.
 */
export class GameSearch {
  private readonly load: () => Promise<SearchEntry[]>;
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

  /** The catalog's titles or providers changed: the next search waits for a fresh index. */
  invalidate(): void {
    this.generation += 1;
  }

  private rebuild(nowMs: number): Promise<SearchIndex> {
    const generation = this.generation;
    if (this.building !== null && this.building.generation === generation) {
      return this.building.promise;
    }
    const promise = this.load().then((entries) => {
      const index = new SearchIndex(entries);
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
