/**
 * Catalog search at an aggregator's size (issue 21 item 8): 20,000 games from 24 providers,
 * seeded with `INSERT … SELECT generate_series` from word lists (a twentieth of them with Russian
 * titles), spread over the navigation categories. A mix of searches is timed one after another
 * over HTTP (`GET /api/v2/games?search=…`, a page of 30, as the web's search asks): broad ones
 * (three letters, thousands of games), exact titles, prefixes being typed, and typos of each
 * kind (two neighbouring letters swapped, a letter missing, an extra letter, a wrong letter),
 * provider names and searches that match nothing. Each kind prints its p50 and p95, and how
 * often the game the query was made from is on the first page. The baseline, measured in the
 * same run and alternating with the searches, is an indexed lookup over the same HTTP path:
 * `GET /api/v2/games/{id}` (one game by primary key, with the same tile query).
 * `SEARCH_BENCH_ROUNDS` sets how many times the mix runs (default 3).
 */
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { Transactions } from '../apps/server/src/lib/transactions.ts';
import { GamesRepository } from '../apps/server/src/modules/casino/games/games.repository.ts';
import { searchIndexTtlMs } from '../apps/server/src/modules/casino/games/games.service.ts';
import { GameSearch, SearchIndex } from '../apps/server/src/modules/casino/games/search-index.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { benchServerEnvironment, recreateDatabase } from './support.ts';

const benchGames = 20_000;
const pageSize = 30;
const rounds = Number(process.env.SEARCH_BENCH_ROUNDS ?? 3);
/** searches of each kind per round */
const perKind = 24;

const adjectives = [
  'Golden',
  'Mystic',
  'Wild',
  'Lucky',
  'Royal',
  'Ancient',
  'Frozen',
  'Blazing',
  'Crystal',
  'Diamond',
  'Emerald',
  'Hidden',
  'Immortal',
  'Magic',
  'Midnight',
  'Neon',
  'Sacred',
  'Savage',
  'Sunset',
  'Thunder',
  'Cosmic',
  'Silver',
  'Scarlet',
  'Eternal',
  'Fiery',
  'Glorious',
  'Jolly',
  'Mighty',
  'Rapid',
  'Shining',
  'Stellar',
  'Twisted',
];
const nouns = [
  'Dragon',
  'Pharaoh',
  'Treasure',
  'Riches',
  'Gems',
  'Fruits',
  'Buffalo',
  'Roulette',
  'Blackjack',
  'Baccarat',
  'Poker',
  'Temple',
  'Quest',
  'Kingdom',
  'Safari',
  'Phoenix',
  'Tiger',
  'Panda',
  'Kraken',
  'Pirates',
  'Vikings',
  'Samurai',
  'Wolves',
  'Jewels',
  'Cherries',
  'Pyramids',
  'Unicorn',
  'Bonanza',
  'Fortune',
  'Carnival',
  'Galaxy',
  'Volcano',
  'Lagoon',
  'Castle',
  'Jackpot',
  'Mermaid',
  'Gladiator',
  'Sphinx',
  'Leprechaun',
  'Cowboys',
];
const suffixes = [
  '',
  'Deluxe',
  'Megaways',
  'Hold and Win',
  'Power Reels',
  'Rising',
  'Xmas',
  '1000',
  'II',
  'Extreme',
  'Infinity',
  'Respins',
  'Cash Collect',
  'Link',
  'Multiplier',
  'Blitz',
];
const russianAdjectives = ['Золотой', 'Дикий', 'Царский', 'Ледяной', 'Огненный', 'Счастливый'];
const russianNouns = ['Дракон', 'Клад', 'Самоцвет', 'Фараон', 'Тигр', 'Джекпот', 'Викинг'];
const providerNames = [
  'Red Fox Gaming',
  'Nolimit Stars',
  'Push Forward',
  'Hacksaw Arcade',
  'Quickfire Studios',
  'Blueprint Works',
  'Thunderkick Labs',
  'Yggdrasil Roots',
  'Relax Bay',
  'Big Time Reels',
  'Elk Valley',
  'Play Orbit',
  'Booming Reels',
  'Spinomenal Works',
  'Wazdan Forge',
  'Endorphina Lab',
  'Habanero Heat',
  'Playson Hills',
  'Evoplay Street',
  'Gamomat Hall',
  'Kalamba Coast',
  'Fantasma Play',
  'Avatar Craft',
  'Betsoft Arena',
];

type Kind =
  | 'broad'
  | 'exact'
  | 'prefix'
  | 'transposition'
  | 'missing letter'
  | 'extra letter'
  | 'wrong letter'
  | 'provider'
  | 'no match';

interface Query {
  kind: Kind;
  search: string;
  /** the game the query was made from (found when on the first page) */
  target: string | null;
}

/** Deterministic choices (the same queries every run). */
function chooser(seed: number) {
  let state = seed;
  return (count: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % count;
  };
}

/** The longest word of a title (the one a typo goes into). */
function longestWord(title: string): string {
  return title.split(' ').reduce((best, word) => (word.length > best.length ? word : best), '');
}

function typo(kind: Kind, title: string, pick: (count: number) => number): string {
  const word = longestWord(title);
  const letters = [...word];
  // never the first letter: players get that one right
  const at = 1 + pick(letters.length - 2);
  const changed = [...letters];
  switch (kind) {
    case 'transposition':
      changed[at] = letters[at + 1] as string;
      changed[at + 1] = letters[at] as string;
      break;
    case 'missing letter':
      changed.splice(at, 1);
      break;
    case 'extra letter':
      changed.splice(at, 0, 'x');
      break;
    case 'wrong letter':
      changed[at] = letters[at] === 'e' ? 'a' : 'e';
      break;
    default:
      throw new Error(kind);
  }
  return title.replace(word, changed.join(''));
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_search');
  const server = await startServerProcess(databaseUrl, {
    ...benchServerEnvironment,
    JOBS_ENABLED: 'false',
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(
      `INSERT INTO game_providers (id, name, position)
       SELECT 'bench-' || i, name, 100 + i FROM unnest($1::text[]) WITH ORDINALITY AS p(name, i)`,
      [providerNames],
    );
    // titles from the word lists; every twentieth game Russian; popularity and rating spread
    await client.query(
      `INSERT INTO games (id, title, provider_id, engine, image_url, rtp, rating, rounds_played,
         released_at, external_launch_url)
       SELECT 'bench-game-' || g,
         CASE WHEN g % 20 = 0
           THEN ($4::text[])[1 + (g / 20) % cardinality($4::text[])] || ' ' ||
             ($5::text[])[1 + (g / 7) % cardinality($5::text[])] || ' ' || g
           ELSE trim(($1::text[])[1 + g % cardinality($1::text[])] || ' ' ||
             ($2::text[])[1 + (g / 7) % cardinality($2::text[])] || ' ' ||
             ($3::text[])[1 + (g / 13) % cardinality($3::text[])])
         END,
         'bench-' || (1 + g % $6), 'external', '/game-art/bench-game-' || g || '.svg', 0.96,
         (g * 37) % 500 / 100.0, (g * 7919) % 100000, now() - (g % 900) * interval '1 day',
         'https://games.example/launch/' || g
       FROM generate_series(1, $7) g`,
      [
        adjectives,
        nouns,
        suffixes,
        russianAdjectives,
        russianNouns,
        providerNames.length,
        benchGames,
      ],
    );
    await client.query(
      `INSERT INTO game_category_games (category_id, game_id, position)
       SELECT c.id, 'bench-game-' || g, 1000 + g
       FROM generate_series(1, $1) g
       JOIN LATERAL (SELECT id FROM game_categories WHERE entity = 'category'
         ORDER BY id OFFSET g % 4 LIMIT 1) c ON true
       ON CONFLICT DO NOTHING`,
      [benchGames],
    );
    await client.query('VACUUM ANALYZE');
    const { rows: catalog } = await client.query<{ id: string; title: string; provider: string }>(
      `SELECT g.id, g.title, p.name AS provider FROM games g JOIN game_providers p ON p.id = g.provider_id
       WHERE g.enabled AND p.enabled ORDER BY g.id`,
    );
    console.info(
      `  seeded ${benchGames} games (${catalog.length} searchable) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const pick = chooser(21);
    const latin = catalog.filter((game) => /^[A-Za-z0-9 ]+$/.test(game.title));
    const anyGame = () => catalog[pick(catalog.length)] as (typeof catalog)[number];
    const latinGame = () => latin[pick(latin.length)] as (typeof latin)[number];
    const queries: Query[] = [];
    const broad = [
      'gol',
      'dra',
      'luc',
      'wil',
      'roy',
      'meg',
      'fru',
      'dia',
      'cos',
      'tre',
      'зол',
      'sil',
    ];
    for (let index = 0; index < perKind; index += 1) {
      queries.push({ kind: 'broad', search: broad[index % broad.length] as string, target: null });
      const exact = anyGame();
      queries.push({ kind: 'exact', search: exact.title, target: exact.id });
      const typed = latinGame();
      const [first = '', second = ''] = typed.title.split(' ');
      queries.push({ kind: 'prefix', search: `${first} ${second.slice(0, 3)}`, target: null });
      for (const kind of [
        'transposition',
        'missing letter',
        'extra letter',
        'wrong letter',
      ] as const) {
        const game = latinGame();
        queries.push({ kind, search: typo(kind, game.title, pick), target: game.id });
      }
      const provider = providerNames[index % providerNames.length] as string;
      queries.push({ kind: 'provider', search: provider, target: null });
      queries.push({
        kind: 'no match',
        search: ['xylophone', 'qwertzuiop', 'zzqqxx', 'bumblebeeq'][index % 4] as string,
        target: null,
      });
    }

    async function search(query: string) {
      const url = `${server.baseUrl}/api/v2/games?search=${encodeURIComponent(query)}&limit=${pageSize}`;
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { items: Array<{ id: string }>; meta: { total: number } };
    }
    async function lookup(id: string) {
      const response = await fetch(`${server.baseUrl}/api/v2/games/${id}`);
      if (!response.ok) throw new Error(`${id}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }

    // warm-up: the first search builds what the search needs
    for (const query of queries.slice(0, 20)) await search(query.search);
    for (let index = 0; index < 20; index += 1) await lookup(anyGame().id);

    const times = new Map<Kind | 'baseline', number[]>();
    const found = new Map<Kind, { found: number; of: number }>();
    const record = (kind: Kind | 'baseline', ms: number) => {
      times.set(kind, [...(times.get(kind) ?? []), ms]);
    };
    for (let round = 0; round < rounds; round += 1) {
      for (const query of queries) {
        const start = performance.now();
        const page = await search(query.search);
        record(query.kind, performance.now() - start);
        if (query.target !== null) {
          const tally = found.get(query.kind) ?? { found: 0, of: 0 };
          tally.of += 1;
          if (page.items.some((item) => item.id === query.target)) tally.found += 1;
          found.set(query.kind, tally);
        }
        // the baseline alternates with the searches
        const id = anyGame().id;
        const lookupStart = performance.now();
        await lookup(id);
        record('baseline', performance.now() - lookupStart);
      }
    }

    const baseline = times.get('baseline') ?? [];
    const baselineP50 = percentile(baseline, 0.5);
    console.info(
      `  baseline GET /api/v2/games/{id}: p50 ${baselineP50.toFixed(1)} ms, p95 ${percentile(baseline, 0.95).toFixed(1)} ms`,
    );
    const all: number[] = [];
    for (const [kind, values] of times) {
      if (kind === 'baseline') continue;
      all.push(...values);
      const tally = found.get(kind);
      const hits = tally ? ` | on the first page ${tally.found}/${tally.of}` : '';
      console.info(
        `  ${kind.padEnd(15)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms | p95 ${percentile(values, 0.95).toFixed(1).padStart(6)} ms | p50/baseline ${(percentile(values, 0.5) / baselineP50).toFixed(1)}${hits}`,
      );
    }
    console.info(
      `search at ${benchGames} games over HTTP: p50 ${percentile(all, 0.5).toFixed(1)} ms | p95 ${percentile(all, 0.95).toFixed(1)} ms (target ≤ 50) | baseline p50 ${baselineP50.toFixed(1)} ms | p95/baseline ${(percentile(all, 0.95) / baselineP50).toFixed(1)}`,
    );

    // directly, in this process: the index's part and the page query's part of each search
    const db = createDatabase({ connectionString: databaseUrl, maxConnections: 4 });
    try {
      const transactions = new Transactions({ db });
      const repository = new GamesRepository({ db });
      const gameSearch = new GameSearch({
        load: () =>
          transactions.run((transaction) => repository.searchCatalog(transaction), {
            isolationLevel: 'repeatable read',
            readOnly: true,
          }),
        clock: systemClock,
        ttlMs: searchIndexTtlMs,
      });
      const readStart = performance.now();
      const catalog = await transactions.run(
        (transaction) => repository.searchCatalog(transaction),
        { isolationLevel: 'repeatable read', readOnly: true },
      );
      const buildStart = performance.now();
      // built at once (the first search runs the whole construction): its CPU in one piece
      const built = new SearchIndex(catalog);
      built.search('x');
      const buildMs = performance.now() - buildStart;
      const slicedStart = performance.now();
      await SearchIndex.build(catalog);
      console.info(
        `  directly: index of ${built.size} games read in ${(buildStart - readStart).toFixed(0)} ms, built in ${buildMs.toFixed(0)} ms of CPU (in slices between requests: ${(performance.now() - slicedStart).toFixed(0)} ms)`,
      );
      await gameSearch.index();
      const guest = { userId: null, country: null, currency: null };
      const direct = new Map<string, { index: number[]; page: number[]; matched: number[] }>();
      const extra: Query[] = ['g', 'd', 's', 'go', 'dr'].map((search) => ({
        kind: 'broad',
        search,
        target: null,
      }));
      for (let round = 0; round < rounds; round += 1) {
        for (const query of [...queries, ...extra]) {
          const kind = query.search.length < 3 ? 'one/two letters' : query.kind;
          const entry = direct.get(kind) ?? { index: [], page: [], matched: [] };
          const start = performance.now();
          const page = (await gameSearch.index()).page(query.search, {
            limit: pageSize,
            offset: 0,
          });
          const searched = performance.now();
          await repository.tilesOf(guest, [...page.ids, ...page.unlisted], {});
          entry.index.push(searched - start);
          entry.page.push(performance.now() - searched);
          entry.matched.push(page.total);
          direct.set(kind, entry);
        }
      }
      for (const [kind, entry] of direct) {
        console.info(
          `  directly ${kind.padEnd(15)} index p50 ${percentile(entry.index, 0.5).toFixed(1)} ms, p95 ${percentile(entry.index, 0.95).toFixed(1)} ms | page query p50 ${percentile(entry.page, 0.5).toFixed(1)} ms, p95 ${percentile(entry.page, 0.95).toFixed(1)} ms | games matched, median ${percentile(entry.matched, 0.5)}`,
        );
      }
    } finally {
      await db.destroy();
    }
  } finally {
    await client.end();
    await server.stop();
  }
}
