import { createHash } from 'node:crypto';
import type { GameLabel, OriginalEngine } from '@casino/contract';
import { z } from 'zod';

/*
 * ─── The `variant` of a game (games.variant, jsonb) ─────────────────────────────────────────
 *
 * Every title of the catalog is one of the in-house engines plus a variant. The variant is
 * small on purpose; readers (the originals engine, the game page, the art) rely only on the
 * keys documented here, and every engine must run with ANY value these keys allow. Themes are
 * purely cosmetic. The return to player is never in the variant: it is the game's `rtp`
 * column (operator-editable within originalRtpBounds).
 *
 * Keys every variant has:
 *   theme    string   display name of the theme, e.g. "Solar Flare"
 *   palette  object   { base, glow, accent }: '#rrggbb' colours — base is the dark background,
 *                     glow the bright main colour, accent the highlight (numbers, wins, pegs)
 *
 * Keys per engine (all present in every seeded row of that engine). A key named like a round
 * parameter (originals.ts) is that parameter's starting value: the game page preselects it and
 * the player may change it within the engine's rules.
 *   dice     target      number 2–98, 2 decimals
 *            direction   'over' | 'under'
 *   limbo    target      number ≥ 1.01, 2 decimals (target multiplier)
 *   mines    mines       integer 1–24
 *   plinko   rows        integer 8–16
 *            risk        'low' | 'medium' | 'high'
 *   keno     risk        'classic' | 'low' | 'medium' | 'high'
 *   slot     volatility  'low' | 'medium' | 'high'   fixed by the title: picks the paytable
 *            lines       integer 10–20                fixed by the title: paylines played
 * A slot's symbols are the engine's own (the same for every title); only the paytable that
 * `volatility` names and the line count change the maths.
 */

export const slotVolatilities = ['low', 'medium', 'high'] as const;

const colourSchema = z.string().regex(/^#[0-9a-f]{6}$/);
const twoDecimals = (value: number) => Math.round(value * 100) === value * 100;

export const variantPaletteSchema = z.strictObject({
  base: colourSchema,
  glow: colourSchema,
  accent: colourSchema,
});
export type VariantPalette = z.infer<typeof variantPaletteSchema>;

const themeKeys = { theme: z.string().min(1).max(60), palette: variantPaletteSchema };

/** The documented variant keys per engine (see the comment above). */
export const variantSchemaByEngine = {
  dice: z.strictObject({
    ...themeKeys,
    target: z.number().min(2).max(98).refine(twoDecimals),
    direction: z.enum(['over', 'under']),
  }),
  limbo: z.strictObject({
    ...themeKeys,
    target: z.number().min(1.01).max(1_000_000).refine(twoDecimals),
  }),
  mines: z.strictObject({ ...themeKeys, mines: z.number().int().min(1).max(24) }),
  plinko: z.strictObject({
    ...themeKeys,
    rows: z.number().int().min(8).max(16),
    risk: z.enum(['low', 'medium', 'high']),
  }),
  keno: z.strictObject({ ...themeKeys, risk: z.enum(['classic', 'low', 'medium', 'high']) }),
  slot: z.strictObject({
    ...themeKeys,
    volatility: z.enum(slotVolatilities),
    lines: z.number().int().min(10).max(20),
  }),
} as const satisfies Record<OriginalEngine, z.ZodType>;

export type GameVariant = z.infer<(typeof variantSchemaByEngine)[OriginalEngine]>;

// ─── studios and themes ─────────────────────────────────────────────────────────────────────

interface Theme {
  name: string;
  /** base, glow, accent */
  palette: readonly [string, string, string];
}

interface Studio {
  id: string;
  name: string;
  themes: readonly Theme[];
}

const theme = (name: string, palette: Theme['palette']): Theme => ({ name, palette });

/** The house brand: the six flagship originals and a few tuned editions of them. */
export const houseProviderId = 'orbit-originals';

const studios: readonly Studio[] = [
  {
    id: 'nebula-forge',
    name: 'Nebula Forge',
    themes: [
      theme('Supernova', ['#140a2e', '#7b2ff7', '#ffcf5c']),
      theme('Comet Rush', ['#0a1a3a', '#2f80ed', '#9ef0ff']),
      theme('Pulsar', ['#061826', '#00b3c7', '#f5f7ff']),
      theme('Stardust', ['#1a0f2e', '#b05cff', '#ffd1f5']),
      theme('Event Horizon', ['#05050f', '#3a3aff', '#ff7a1a']),
      theme('Moonbase', ['#0d1b2a', '#5c7c99', '#e0e6ed']),
      theme('Solar Flare', ['#2a0a00', '#ff5e1a', '#ffe066']),
      theme('Quasar', ['#0b0221', '#ff2e97', '#2ee6ff']),
      theme('Galaxy Drift', ['#120726', '#6a3de8', '#7cf7d4']),
      theme('Red Planet', ['#2b0b05', '#d9481c', '#ffb38a']),
      theme('Asteroid Belt', ['#161616', '#8a8f98', '#ffb020']),
    ],
  },
  {
    id: 'jade-lantern',
    name: 'Jade Lantern',
    themes: [
      theme('Jade Dragon', ['#04241c', '#0f9d6b', '#f2c94c']),
      theme('Lotus Garden', ['#2a0d1f', '#d6336c', '#ffd6e7']),
      theme('Golden Koi', ['#062a33', '#e38b1a', '#ffe9a8']),
      theme('Sakura Bloom', ['#2d1022', '#ff8fb1', '#fff0f5']),
      theme('Temple Tiger', ['#2a1400', '#e07a10', '#ffd27a']),
      theme('Silk Road', ['#2b1d0e', '#c9a227', '#f6e7c1']),
      theme("Pharaoh's Gold", ['#1f1400', '#d4a017', '#43c6e8']),
      theme('Aztec Sun', ['#2b1200', '#ff9f1c', '#2ec4b6']),
      theme('Olympus', ['#0b1e3f', '#3d7bd9', '#ffe08a']),
      theme('Viking Runes', ['#101a24', '#4f6d7a', '#d6a34a']),
      theme('Samurai Spirit', ['#1a0505', '#c1121f', '#f1e3c6']),
    ],
  },
  {
    id: 'tidewater',
    name: 'Tidewater Studio',
    themes: [
      theme('Coral Reef', ['#03263b', '#ff6f61', '#7fffd4']),
      theme('Deep Blue', ['#020f24', '#0466c8', '#90e0ef']),
      theme('Pirate Cove', ['#1b1208', '#8c5a2b', '#ffd166']),
      theme('Arctic Aurora', ['#06141f', '#00c2a8', '#c77dff']),
      theme('Safari Sunset', ['#2a1003', '#f77f00', '#fcbf49']),
      theme('Rainforest', ['#05200f', '#2d9e4b', '#f9d71c']),
      theme('Desert Oasis', ['#2b1a05', '#e9a23b', '#2ec4b6']),
      theme('Kraken', ['#041019', '#146c94', '#b3ff66']),
      theme('Pearl Diver', ['#06202b', '#4fb3bf', '#fdf6e3']),
      theme('Tropical Storm', ['#0c1b2e', '#00a6a6', '#ffe45e']),
      theme('Wild Mustang', ['#2a160a', '#b5651d', '#f2e8cf']),
    ],
  },
  {
    id: 'emberline',
    name: 'Emberline',
    themes: [
      theme("Dragon's Hoard", ['#1f0606', '#b3261e', '#ffc145']),
      theme('Phoenix Rising', ['#2a0800', '#ff6b00', '#ffe29a']),
      theme('Wizard Tower', ['#120a2a', '#5f3dc4', '#a5f3fc']),
      theme('Crystal Cavern', ['#081826', '#4cc9f0', '#f72585']),
      theme('Enchanted Forest', ['#071f12', '#38b000', '#e9ff70']),
      theme('Shadow Crypt', ['#0b0b12', '#4a4e69', '#c9184a']),
      theme('Lava Lake', ['#1a0500', '#e85d04', '#ffba08']),
      theme('Frost Giant', ['#0a1a2a', '#6fa8dc', '#e8f7ff']),
      theme('Goblin Mine', ['#14120a', '#7a8a2a', '#f4d35e']),
      theme('Fairy Ring', ['#1c0f24', '#c084fc', '#bbf7d0']),
      theme("Knight's Quest", ['#101420', '#3b5bdb', '#ffd43b']),
    ],
  },
  {
    id: 'neon-alley',
    name: 'Neon Alley',
    themes: [
      theme('Neon Nights', ['#0d0221', '#ff00a0', '#00f0ff']),
      theme('Cyber City', ['#050a1a', '#00e5ff', '#ff3d81']),
      theme('Arcade Fever', ['#10002b', '#9d4edd', '#ffea00']),
      theme('Synthwave', ['#1a0033', '#ff2a6d', '#05d9e8']),
      theme('Fruit Frenzy', ['#2b0a12', '#e63946', '#ffd60a']),
      theme('Lucky Sevens', ['#1a0000', '#d00000', '#ffd700']),
      theme('Disco Inferno', ['#1b0036', '#f72585', '#ffd6ff']),
      theme('Retro Racer', ['#0a0f1f', '#ff5400', '#00f5d4']),
      theme('Pixel Party', ['#071330', '#3a86ff', '#ffbe0b']),
      theme('Vegas Strip', ['#140014', '#c9184a', '#ffd700']),
      theme('Rock & Roll', ['#111111', '#e5383b', '#f5f3f4']),
    ],
  },
];

// ─── the seed ───────────────────────────────────────────────────────────────────────────────

export interface SeedProvider {
  id: string;
  name: string;
  position: number;
}

export interface SeedGame {
  id: string;
  title: string;
  providerId: string;
  engine: OriginalEngine;
  variant: GameVariant;
  /** fraction with 4 decimals, within originalRtpBounds */
  rtp: string;
  /** 0.00–5.00 */
  rating: string;
  label: GameLabel | null;
  /** released_at on first insert = now − this many days */
  releasedDaysAgo: number;
}

/** A navigation category (spec §3). `games` lists members best first; providers list none. */
export interface SeedCategory {
  key: string;
  entity: 'category' | 'provider' | 'promo_category';
  value: string;
  title: string;
  icon: string;
  position: number;
  parentKey: string | null;
  games: string[];
}

export interface SeedPromoCategory {
  id: number;
  title: string;
  games: string[];
}

export interface CatalogSeed {
  providers: SeedProvider[];
  games: SeedGame[];
  categories: SeedCategory[];
  promoCategories: SeedPromoCategory[];
}

/** A stable number in [0, 1) from a string: the catalog looks random yet never changes. */
function unit(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

function pick<T>(options: readonly T[], seed: string): T {
  const value = options[Math.floor(unit(seed) * options.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const palette = ([base, glow, accent]: Theme['palette']): VariantPalette => ({
  base,
  glow,
  accent,
});

const slotTitleWords = [
  'Riches',
  'Fortune',
  'Spins',
  'Treasures',
  'Reels',
  'Wilds',
  'Bonanza',
  'Jackpot',
  'Deluxe',
  'Gold',
  'Link',
] as const;

const engineTitleWord: Record<Exclude<OriginalEngine, 'slot'>, string> = {
  dice: 'Dice',
  limbo: 'Limbo',
  mines: 'Mines',
  plinko: 'Plinko',
  keno: 'Keno',
};

const diceDefaults = [
  { target: 50.5, direction: 'over' },
  { target: 49.5, direction: 'under' },
  { target: 66, direction: 'under' },
  { target: 33, direction: 'over' },
  { target: 90, direction: 'under' },
] as const;

function engineDefaults(engine: OriginalEngine, seed: string) {
  switch (engine) {
    case 'dice':
      return { ...pick(diceDefaults, seed) };
    case 'limbo':
      return { target: pick([1.5, 2, 2, 3, 5, 10], seed) };
    case 'mines':
      return { mines: pick([1, 3, 3, 5, 7, 10], seed) };
    case 'plinko':
      return {
        rows: pick([8, 10, 12, 14, 16], seed),
        risk: pick(['low', 'medium', 'high'] as const, `${seed}:risk`),
      };
    case 'keno':
      return { risk: pick(['classic', 'low', 'medium', 'high'] as const, seed) };
    case 'slot':
      return {
        volatility: pick(slotVolatilities, seed),
        lines: pick([10, 15, 20, 20], `${seed}:lines`),
      };
  }
}

function rtpFor(engine: OriginalEngine, seed: string): string {
  if (engine === 'slot') return pick(['0.9600', '0.9650', '0.9700'], seed);
  return pick(['0.9900', '0.9900', '0.9900', '0.9800', '0.9700'], seed);
}

function slotTitle(themeEntry: Theme, index: number): string {
  for (let offset = 0; offset < slotTitleWords.length; offset += 1) {
    const word = slotTitleWords[(index + offset) % slotTitleWords.length] as string;
    if (!themeEntry.name.includes(word)) return `${themeEntry.name} ${word}`;
  }
  return `${themeEntry.name} Slots`;
}

const themedEngines = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'] as const;

function themedGame(studio: Studio, themeEntry: Theme, engine: OriginalEngine, index: number) {
  const title =
    engine === 'slot'
      ? slotTitle(themeEntry, index)
      : `${themeEntry.name} ${engineTitleWord[engine]}`;
  const id = slugify(title);
  const releasedDaysAgo = Math.floor(unit(`${id}:released`) * 365);
  const labelRoll = unit(`${id}:label`);
  const label: GameLabel | null =
    labelRoll < 0.08
      ? 'exclusive'
      : releasedDaysAgo < 45 && labelRoll < 0.5
        ? 'early_access'
        : null;
  return {
    id,
    title,
    providerId: studio.id,
    engine,
    variant: {
      theme: themeEntry.name,
      palette: palette(themeEntry.palette),
      ...engineDefaults(engine, id),
    } as GameVariant,
    rtp: rtpFor(engine, `${id}:rtp`),
    rating: (3.5 + unit(`${id}:rating`) * 1.5).toFixed(2),
    label,
    releasedDaysAgo,
  } satisfies SeedGame;
}

const housePalette = palette(['#0b1026', '#3b5bff', '#ffd166']);

/** The house brand's flagship originals and tuned editions, with hand-picked settings. */
function houseGames(): SeedGame[] {
  const base = (
    title: string,
    engine: OriginalEngine,
    variant: Record<string, unknown>,
    extra: Partial<SeedGame> = {},
  ): SeedGame => ({
    id: slugify(title),
    title,
    providerId: houseProviderId,
    engine,
    variant: { theme: 'Orbit', palette: housePalette, ...variant } as GameVariant,
    rtp: '0.9900',
    rating: '4.90',
    label: null,
    releasedDaysAgo: 360,
    ...extra,
  });
  return [
    base('Orbit Dice', 'dice', { target: 50.5, direction: 'over' }),
    base('Orbit Limbo', 'limbo', { target: 2 }),
    base('Orbit Mines', 'mines', { mines: 3 }),
    base('Orbit Plinko', 'plinko', { rows: 16, risk: 'medium' }),
    base('Orbit Keno', 'keno', { risk: 'classic' }),
    base('Orbit Reels', 'slot', { volatility: 'medium', lines: 20 }, { rtp: '0.9700' }),
    base(
      'Orbit Plinko Extreme',
      'plinko',
      { rows: 16, risk: 'high', palette: palette(['#1a0514', '#ff3d7f', '#ffe066']) },
      { label: 'exclusive', rating: '4.80', releasedDaysAgo: 20 },
    ),
    base(
      'Orbit Mines Blitz',
      'mines',
      { mines: 10, palette: palette(['#07201a', '#12b886', '#fcc419']) },
      { label: 'exclusive', rating: '4.70', releasedDaysAgo: 75 },
    ),
    base(
      'Orbit Reels Classic',
      'slot',
      { volatility: 'low', lines: 10, palette: palette(['#1c0a00', '#e8590c', '#ffd43b']) },
      { rtp: '0.9650', rating: '4.60', releasedDaysAgo: 200 },
    ),
    base(
      'Orbit Limbo Moonshot',
      'limbo',
      { target: 100, palette: palette(['#050816', '#4c6ef5', '#e5dbff']) },
      { label: 'early_access', rating: '4.75', releasedDaysAgo: 6 },
    ),
  ];
}

const ratingOrder = (left: SeedGame, right: SeedGame) =>
  Number(right.rating) - Number(left.rating) || left.title.localeCompare(right.title);

/** The whole demo catalog, built deterministically (the same on every start and machine). */
export function buildCatalogSeed(): CatalogSeed {
  const providers: SeedProvider[] = [
    { id: houseProviderId, name: 'Orbit Originals', position: 0 },
    ...studios.map((studio, index) => ({ id: studio.id, name: studio.name, position: index + 1 })),
  ];
  const games: SeedGame[] = [...houseGames()];
  let themeIndex = 0;
  for (const studio of studios) {
    for (const themeEntry of studio.themes) {
      for (const engine of themedEngines) {
        games.push(themedGame(studio, themeEntry, engine, themeIndex));
      }
      themeIndex += 1;
    }
  }

  const ids = (list: SeedGame[]) => list.map((game) => game.id);
  const byEngine = (...engines: OriginalEngine[]) =>
    games.filter((game) => engines.includes(game.engine)).sort(ratingOrder);
  const slots = byEngine('slot');
  const category = (
    key: string,
    title: string,
    icon: string,
    position: number,
    members: SeedGame[],
    parentKey: string | null = null,
  ): SeedCategory => ({
    key: `category:${key}`,
    entity: 'category',
    value: key,
    title,
    icon,
    position,
    parentKey,
    games: ids(members),
  });

  const promoCategories: SeedPromoCategory[] = [
    {
      id: 1,
      title: 'Weekend Drops',
      games: ids(byEngine('plinko', 'keno').slice(0, 24)),
    },
    {
      id: 2,
      title: 'Space Week',
      games: ids(
        games
          .filter(
            (game) => game.providerId === 'nebula-forge' || game.providerId === houseProviderId,
          )
          .sort(ratingOrder)
          .slice(0, 30),
      ),
    },
    {
      id: 3,
      title: 'High Roller Picks',
      games: ids(
        games
          .filter(
            (game) =>
              (game.engine === 'slot' &&
                'volatility' in game.variant &&
                game.variant.volatility === 'high') ||
              (game.engine === 'limbo' && game.rtp === '0.9900'),
          )
          .sort(ratingOrder)
          .slice(0, 30),
      ),
    },
  ];

  const categories: SeedCategory[] = [
    category('popular', 'Popular', 'flame', 10, [...games].sort(ratingOrder).slice(0, 60)),
    category(
      'new',
      'New',
      'sparkles',
      20,
      [...games]
        .sort(
          (left, right) => left.releasedDaysAgo - right.releasedDaysAgo || ratingOrder(left, right),
        )
        .slice(0, 48),
    ),
    category(
      'originals',
      'Originals',
      'orbit',
      30,
      games.filter((game) => game.providerId === houseProviderId),
    ),
    category('slots', 'Slots', 'cherry', 40, slots),
    category(
      'slots-high-volatility',
      'High volatility',
      'zap',
      41,
      slots.filter((game) => 'volatility' in game.variant && game.variant.volatility === 'high'),
      'category:slots',
    ),
    category(
      'slots-low-volatility',
      'Low volatility',
      'feather',
      42,
      slots.filter((game) => 'volatility' in game.variant && game.variant.volatility === 'low'),
      'category:slots',
    ),
    category('crash-dice', 'Crash & Dice', 'dices', 50, byEngine('limbo', 'dice')),
    category('instant', 'Table-free instant games', 'gem', 60, byEngine('mines', 'plinko', 'keno')),
    category(
      'exclusive',
      'Exclusive',
      'crown',
      70,
      games.filter((game) => game.label === 'exclusive').sort(ratingOrder),
    ),
    ...providers.map(
      (provider): SeedCategory => ({
        key: `provider:${provider.id}`,
        entity: 'provider',
        value: provider.id,
        title: provider.name,
        icon: 'building-2',
        position: 100 + provider.position,
        parentKey: null,
        games: [],
      }),
    ),
    ...promoCategories.map(
      (promo, index): SeedCategory => ({
        key: `promo_category:${promo.id}`,
        entity: 'promo_category',
        value: String(promo.id),
        title: promo.title,
        icon: 'gift',
        position: 200 + index,
        parentKey: null,
        games: [],
      }),
    ),
  ];

  return { providers, games, categories, promoCategories };
}
