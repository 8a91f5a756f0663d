import { z } from 'zod';
import { defaultGamesPageSize, gameSorts, maxGamesPageSize } from './listing.ts';
import { pageLimitSchema, pageOffsetSchema } from './pagination.ts';

// ─── catalog ────────────────────────────────────────────────────────────────────────────────

/** Spec §9: a search needs at least this many characters. */
export const minSearchLength = 3;

export const gameLabels = ['exclusive', 'early_access'] as const;
export const gameLabelSchema = z.enum(gameLabels);
export type GameLabel = z.infer<typeof gameLabelSchema>;

/** Why a game is blocked for this player (the tile reads "not available in your {reason}"). */
export const gameBlockReasons = ['country', 'currency'] as const;
export const gameBlockReasonSchema = z.enum(gameBlockReasons);
export type GameBlockReason = z.infer<typeof gameBlockReasonSchema>;

/** The engines that run games: the in-house originals, or a third-party provider's launcher. */
export const gameEngines = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'keno',
  'slot',
  'external',
] as const;
export const gameEngineSchema = z.enum(gameEngines);
export type GameEngine = z.infer<typeof gameEngineSchema>;
export type OriginalEngine = Exclude<GameEngine, 'external'>;

/** Spec §3 "Game tile". `blacklists` lists the reasons it is blocked for this player (empty: playable). */
export const gameTileSchema = z.object({
  id: z.string(),
  /** 3:4 art, 384×516 */
  imageUrl: z.string(),
  title: z.string(),
  provider: z.object({ id: z.string(), name: z.string() }),
  isFavorite: z.boolean(),
  blacklists: z.array(gameBlockReasonSchema),
  labelType: gameLabelSchema.nullable(),
});
export type GameTile = z.infer<typeof gameTileSchema>;

/** Spec §3 "Paginated list meta". */
export const gameSortSchema = z.enum(gameSorts);

export const listMetaSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/**
 * `GET /api/v2/games` query. `category` is a navigation category's `value`, `provider` a
 * provider id, `promoCategory` a promo category id; `search` (at least 3 characters) matches
 * titles, provider names and kinds of game ("slots") forgivingly: a wrong, missing or extra
 * letter, or two neighbouring letters swapped ("dcie" finds the Dice games).
 */
export const gamesQuerySchema = z.strictObject({
  category: z.string().min(1).max(100).optional(),
  provider: z.string().min(1).max(100).optional(),
  promoCategory: z.coerce.number().int().positive().optional(),
  search: z
    .string()
    .trim()
    .min(minSearchLength, { error: 'Validation.search_too_short' })
    .max(100)
    .optional(),
  sort: gameSortSchema.optional(),
  limit: pageLimitSchema(maxGamesPageSize, defaultGamesPageSize),
  offset: pageOffsetSchema(100_000),
});
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

export const gamesPageSchema = z.object({
  items: z.array(gameTileSchema),
  meta: listMetaSchema,
});
export type GamesPage = z.infer<typeof gamesPageSchema>;

/** `GET /api/v2/games/favorites/paged` and `GET /games/last` use the same page shape. */
export const pageQuerySchema = z.strictObject({
  limit: pageLimitSchema(maxGamesPageSize, defaultGamesPageSize),
  offset: pageOffsetSchema(100_000),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Spec §3 "Navigation category". `entity` says what `value` names. */
export const navigationEntities = ['category', 'provider', 'promo_category'] as const;
export const navigationCategorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  position: z.number().int(),
  title: z.string(),
  /** the category key (`/categories/{value}/games`), provider id or promo category id */
  value: z.string(),
  /** an icon name the app knows (lucide), e.g. `flame`, `sparkles` */
  icon: z.string(),
  entity: z.enum(navigationEntities),
});
export type NavigationCategory = z.infer<typeof navigationCategorySchema>;
export const navigationCategoriesResponseSchema = z.array(navigationCategorySchema);

export const gameProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  gamesCount: z.number().int().nonnegative(),
});
export type GameProvider = z.infer<typeof gameProviderSchema>;

export const promoCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  gamesCount: z.number().int().nonnegative(),
});
export type PromoCategory = z.infer<typeof promoCategorySchema>;

/** `GET /api/v2/games/favorites`: every favourite of the player, newest first (capped at 500). */
export const favoriteGamesSchema = z.object({ items: z.array(gameTileSchema) });
export type FavoriteGames = z.infer<typeof favoriteGamesSchema>;

/** payload of `game_unavailable` when a blacklist blocks the game for this player */
export const gameUnavailablePayloadSchema = z.object({ reasons: z.array(gameBlockReasonSchema) });

/** `POST /api/v2/games/favorites` body; `DELETE /api/v2/games/favorites/{gameId}` removes. */
export const favoriteBodySchema = z.strictObject({
  gameId: z.string({ error: 'Validation.required' }).min(1, { error: 'Validation.required' }),
});

// ─── game page and session ──────────────────────────────────────────────────────────────────

/** Stake limits of an original in one currency (decimal strings). */
export const betLimitsSchema = z.object({
  currency: z.string(),
  minBet: z.string(),
  maxBet: z.string(),
  /** the largest payout of one round, in the same currency */
  maxPayout: z.string(),
});
export type BetLimits = z.infer<typeof betLimitsSchema>;

/**
 * `GET /api/v2/games/{id}/session` (signed in): what the game page needs to launch the game.
 * An original runs in the page itself with its engine and variant settings; a third-party game
 * opens the provider's launch URL (which carries a session token for the seamless wallet).
 */
export const gameSessionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('original'),
    game: gameTileSchema,
    engine: gameEngineSchema.exclude(['external']),
    /** the variant's settings for the engine (theme, paytable, volatility, rows …) */
    variant: z.record(z.string(), z.unknown()),
    /** return to player as a fraction (e.g. 0.99) */
    rtp: z.string(),
    limits: betLimitsSchema,
  }),
  z.object({
    kind: z.literal('external'),
    game: gameTileSchema,
    launchUrl: z.string(),
  }),
]);
export type GameSession = z.infer<typeof gameSessionSchema>;

// ─── originals: stakes and return to player ──────────────────────────────────────────────────

/** The operator may set an original's RTP within these bounds (fractions, 4 decimals). */
export const originalRtpBounds = { min: '0.9000', max: '0.9900' } as const;

/**
 * Stakes of the originals per primary currency (decimal strings): about $0.10 to $1,000 a
 * round, and no round pays more than `maxPayout`.
 */
export const originalBetLimits: Record<string, Omit<BetLimits, 'currency'>> = {
  USD: { minBet: '0.10', maxBet: '1000.00', maxPayout: '100000.00' },
  EUR: { minBet: '0.10', maxBet: '1000.00', maxPayout: '100000.00' },
  RUB: { minBet: '10.00', maxBet: '100000.00', maxPayout: '10000000.00' },
  KZT: { minBet: '50.00', maxBet: '500000.00', maxPayout: '50000000.00' },
  UAH: { minBet: '5.00', maxBet: '40000.00', maxPayout: '4000000.00' },
  UZS: { minBet: '1000.00', maxBet: '12000000.00', maxPayout: '1200000000.00' },
  AZN: { minBet: '0.20', maxBet: '1700.00', maxPayout: '170000.00' },
  PLN: { minBet: '0.50', maxBet: '4000.00', maxPayout: '400000.00' },
  IDR: { minBet: '1500.00', maxBet: '15000000.00', maxPayout: '1500000000.00' },
  INR: { minBet: '10.00', maxBet: '80000.00', maxPayout: '8000000.00' },
};

export function betLimitsFor(currency: string): BetLimits | null {
  const limits = originalBetLimits[currency];
  return limits ? { currency, ...limits } : null;
}
