import { z } from 'zod';
import { countryCodeSchema } from './backoffice.ts';
import { gameEngineSchema, gameLabelSchema, listMetaSchema, originalRtpBounds } from './games.ts';
import { parseDecimalToMinor } from './money.ts';
import { pageLimitSchema, pageOffsetSchema } from './pagination.ts';

/** RTP as the operator types it: a fraction with up to 4 decimals ("0.97", "0.9650"). */
const rtpScale = 4;

/** True when `rtp` is a fraction with up to 4 decimals within originalRtpBounds. */
export function isRtpWithinBounds(rtp: string): boolean {
  const value = parseDecimalToMinor(rtp, rtpScale);
  const min = parseDecimalToMinor(originalRtpBounds.min, rtpScale);
  const max = parseDecimalToMinor(originalRtpBounds.max, rtpScale);
  return value !== null && min !== null && max !== null && value >= min && value <= max;
}

export const gameIdSchema = z
  .string({ error: 'Validation.required' })
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'Validation.invalid_value' });

export const gameIdParamsSchema = z.strictObject({ id: gameIdSchema });

/**
 * `PATCH /api/backoffice/v1/games/{id}` (admin): switch a game off or on, label it, or set an
 * original's return to player within originalRtpBounds (Validation.invalid_rtp otherwise).
 */
export const updateGameBodySchema = z
  .strictObject({
    enabled: z.boolean({ error: 'Validation.invalid_value' }).optional(),
    label: gameLabelSchema.nullable().optional(),
    rtp: z
      .string({ error: 'Validation.invalid_rtp' })
      .refine(isRtpWithinBounds, { error: 'Validation.invalid_rtp' })
      .optional(),
  })
  .refine(
    (body) => body.enabled !== undefined || body.label !== undefined || body.rtp !== undefined,
    { error: 'Validation.required' },
  );
export type UpdateGameBody = z.infer<typeof updateGameBodySchema>;

/** A game as the operator sees it. */
export const backofficeGameSchema = z.object({
  id: z.string(),
  title: z.string(),
  providerId: z.string(),
  engine: gameEngineSchema,
  /** return to player as a fraction with 4 decimals */
  rtp: z.string(),
  enabled: z.boolean(),
  label: gameLabelSchema.nullable(),
});
export type BackofficeGame = z.infer<typeof backofficeGameSchema>;

/**
 * A blacklist rule: a game, or every game of a provider, is not offered in a country or for a
 * primary currency. Players it matches see the reason on the tile and cannot start the game.
 */
export const gameBlacklistRuleSchema = z.object({
  id: z.number().int(),
  gameId: z.string().nullable(),
  providerId: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
});
export type GameBlacklistRule = z.infer<typeof gameBlacklistRuleSchema>;

export const gameBlacklistRulesPageSchema = z.object({
  items: z.array(gameBlacklistRuleSchema),
  meta: listMetaSchema,
});

/** `POST /api/backoffice/v1/games/blacklists`: exactly one of gameId / providerId and one of country / currency. */
export const newGameBlacklistRuleBodySchema = z
  .strictObject({
    gameId: gameIdSchema.optional(),
    providerId: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'Validation.invalid_value' })
      .optional(),
    country: countryCodeSchema.optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{2,10}$/, { error: 'Validation.unsupported_currency' })
      .optional(),
  })
  .superRefine((body, context) => {
    if ((body.gameId === undefined) === (body.providerId === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [body.gameId === undefined ? 'gameId' : 'providerId'],
        message: body.gameId === undefined ? 'Validation.required' : 'Validation.invalid_value',
      });
    }
    if ((body.country === undefined) === (body.currency === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [body.country === undefined ? 'country' : 'currency'],
        message: body.country === undefined ? 'Validation.required' : 'Validation.invalid_value',
      });
    }
  });
export type NewGameBlacklistRuleBody = z.infer<typeof newGameBlacklistRuleBodySchema>;

export const gameBlacklistRuleParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'Validation.invalid_value' }).int().positive(),
});

// ─── the operator's catalog lists ─────────────────────────────────────────────────────────

const invalidValue = { error: 'Validation.invalid_value' } as const;

export const backofficeGameSorts = ['title', 'provider', 'rtp', 'released', 'rounds'] as const;
export type BackofficeGameSort = (typeof backofficeGameSorts)[number];
export const backofficeGameListDefaultLimit = 30;
export const backofficeGameListMaximumLimit = 100;

/**
 * `GET /api/backoffice/v1/games`: every game, disabled ones too. `q` matches part of the title or
 * the id; `provider` a studio id; `category` a navigation category's value; `enabled` `true` or
 * `false`. Sorted by `sort` (default title) in `order` (default asc); ties by id.
 */
export const backofficeGameListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, invalidValue).optional(),
  provider: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, invalidValue)
    .optional(),
  category: z.string().trim().min(1, invalidValue).max(100, invalidValue).optional(),
  enabled: z
    .enum(['true', 'false'], invalidValue)
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(backofficeGameSorts, invalidValue).default('title'),
  order: z.enum(['asc', 'desc'], invalidValue).default('asc'),
  limit: pageLimitSchema(backofficeGameListMaximumLimit, backofficeGameListDefaultLimit),
  offset: pageOffsetSchema(1_000_000),
});
export type BackofficeGameListQuery = z.infer<typeof backofficeGameListQuerySchema>;

/** A row of the operator's games list. */
export const backofficeGameListItemSchema = backofficeGameSchema.extend({
  providerName: z.string(),
  imageUrl: z.string(),
  roundsPlayed: z.number().int().nonnegative(),
  releasedAt: z.iso.datetime(),
});
export type BackofficeGameListItem = z.infer<typeof backofficeGameListItemSchema>;

export const backofficeGameListSchema = z.object({
  items: z.array(backofficeGameListItemSchema),
  meta: listMetaSchema,
});
export type BackofficeGameList = z.infer<typeof backofficeGameListSchema>;

/** `GET /api/backoffice/v1/games/studios`: every studio, disabled ones too, in catalog order. */
export const backofficeStudioSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  enabled: z.boolean(),
  position: z.number().int(),
  /** every game of the studio */
  games: z.number().int().nonnegative(),
  /** its games switched on */
  enabledGames: z.number().int().nonnegative(),
});
export type BackofficeStudio = z.infer<typeof backofficeStudioSchema>;

export const backofficeStudiosSchema = z.object({ items: z.array(backofficeStudioSchema) });
export type BackofficeStudios = z.infer<typeof backofficeStudiosSchema>;

/** `GET /api/backoffice/v1/games/categories`: the navigation categories games can be filtered by. */
export const backofficeGameCategoriesSchema = z.object({
  items: z.array(z.object({ value: z.string(), title: z.string() })),
});
export type BackofficeGameCategories = z.infer<typeof backofficeGameCategoriesSchema>;
