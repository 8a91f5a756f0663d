import { z } from 'zod';
import { countryCodeSchema } from './backoffice.ts';
import { decimalStringSchema } from './money-schemas.ts';
import { offsetPageMetaSchema, pageLimitSchema, pageOffsetSchema } from './pagination.ts';
import { localeSchema } from './profile.ts';

/** Shell spec §3 "Banner types". */
export const bannerTypes = [
  'specific_game',
  'tournament',
  'common',
  'wallet',
  'game_of_the_week_new_web',
  'game_of_the_week',
  'game_of_the_month',
  'vip',
  'active_players',
  'cashback',
  'cashback_new_web',
  'bonus_on_deposit',
  'turbine',
  'registration',
  'login',
  'players_with_deposits',
  'exit_window',
] as const;
export const bannerTypeSchema = z.enum(bannerTypes, { error: 'Validation.invalid_value' });
export type BannerType = z.infer<typeof bannerTypeSchema>;

/**
 * Where banners are shown: the home carousel takes every type but the exit window, which the
 * app shows on its own when a visitor is about to leave.
 */
export const bannerPlacements = ['home', 'exit_window'] as const;
export const bannerPlacementSchema = z.enum(bannerPlacements);
export type BannerPlacement = z.infer<typeof bannerPlacementSchema>;

export function bannerTypesOf(placement: BannerPlacement): readonly BannerType[] {
  switch (placement) {
    case 'home':
      return bannerTypes.filter((type) => type !== 'exit_window');
    case 'exit_window':
      return ['exit_window'];
  }
}

/**
 * One language's artwork and copy: a background picture, a foreground picture drawn over it
 * (the hero, a character, a prize), a third decoration layer, and the text laid over both.
 */
export const bannerDescriptionSchema = z.object({
  image_bg: z.string(),
  image_fg: z.string().nullable(),
  image_3: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
});
export type BannerDescription = z.infer<typeof bannerDescriptionSchema>;

/**
 * Shell spec §3 "player_category". `authorized`: true signed-in players only, false guests only,
 * null both. `vip`: true VIP players only (unless `all`), false everyone but VIP players, null
 * both. Deposit bounds (inclusive, null: open) need the player's billing: count of completed
 * deposits and their sum in USD.
 */
export const playerCategorySchema = z.object({
  authorized: z.boolean().nullable(),
  vip: z.boolean().nullable(),
  all: z.boolean(),
  deposits_from: decimalStringSchema.nullable(),
  deposits_to: decimalStringSchema.nullable(),
  deposits_count_from: z.number().int().min(0).nullable(),
  deposits_count_to: z.number().int().min(0).nullable(),
});
export type PlayerCategory = z.infer<typeof playerCategorySchema>;

export const bannerSettingsSchema = z.object({
  /** ISO countries (upper case) the banner is shown in; empty: everywhere */
  geo: z.array(z.string()),
  player_category: playerCategorySchema,
});
export type BannerSettings = z.infer<typeof bannerSettingsSchema>;

/** The tournament a tournament banner advertises (its art per locale, VIP flag, end). */
export const bannerTournamentSchema = z.object({
  id: z.string(),
  descriptions: z.record(z.string(), z.object({ name: z.string(), image: z.string() })),
  ends_at: z.iso.datetime(),
  vip_players_only: z.boolean(),
});
export type BannerTournament = z.infer<typeof bannerTournamentSchema>;

/** Shell spec §3 "Banner (promo)", with the promo category a banner may link to. */
export const bannerSchema = z.object({
  id: z.string(),
  type: bannerTypeSchema,
  /** by locale; the app shows its language's, else English */
  descriptions: z.record(z.string(), bannerDescriptionSchema),
  url: z.string().nullable(),
  games: z.array(z.object({ game_id: z.string() })),
  game_providers: z.array(z.object({ provider_id: z.string() })),
  game_categories: z.array(z.object({ key_title: z.string() })),
  promo_category: z.object({ id: z.number().int(), games_count: z.number().int() }).nullable(),
  tournament: bannerTournamentSchema.nullable(),
  settings: bannerSettingsSchema,
});
export type Banner = z.infer<typeof bannerSchema>;

/** `GET /api/v2/banners?locale=&placement=` */
export const bannersQuerySchema = z.strictObject({
  locale: localeSchema.optional(),
  placement: bannerPlacementSchema.default('home'),
});
export type BannersQuery = z.infer<typeof bannersQuerySchema>;

/**
 * The banners the viewer may see, in display order. `country` is the viewer's country as the
 * server resolved it from the IP (null: unknown), so the app can apply the geo rule again.
 */
export const bannersResponseSchema = z.object({
  country: z.string().nullable(),
  items: z.array(bannerSchema),
});
export type BannersResponse = z.infer<typeof bannersResponseSchema>;

// ─── partners ─────────────────────────────────────────────────────────────────────────────

/** A partner as the partners modal shows it, in the asked locale (else English). */
export const partnerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  url: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnersQuerySchema = z.strictObject({ locale: localeSchema.optional() });
export const partnersResponseSchema = z.array(partnerSchema);

// ─── backoffice ───────────────────────────────────────────────────────────────────────────

const maxListLength = 50;
const identifierSchema = z
  .string({ error: 'Validation.invalid_value' })
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'Validation.invalid_value' });
const categoryKeySchema = z
  .string({ error: 'Validation.invalid_value' })
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'Validation.invalid_value' });
/** A picture: a path of ours (`/banners/…`) or an https address. */
export const imageUrlSchema = z
  .string({ error: 'Validation.invalid_value' })
  .max(500, { error: 'Validation.invalid_value' })
  .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, { error: 'Validation.invalid_value' });
/** A banner's or partner's link: a path of ours (`/bonuses`) or an http(s) address. */
export const linkUrlSchema = z
  .string({ error: 'Validation.invalid_value' })
  .max(500, { error: 'Validation.invalid_value' })
  .regex(/^(\/[\w\-./?=&%#]*|https?:\/\/\S+)$/, { error: 'Validation.invalid_value' });

const optionalText = (max: number) =>
  z
    .string({ error: 'Validation.invalid_value' })
    .trim()
    .min(1, { error: 'Validation.required' })
    .max(max, { error: 'Validation.invalid_value' })
    .nullable()
    .default(null);

export const bannerDescriptionBodySchema = z.strictObject({
  image_bg: imageUrlSchema,
  image_fg: imageUrlSchema.nullable().default(null),
  image_3: imageUrlSchema.nullable().default(null),
  title: optionalText(120),
  text: optionalText(300),
});

const descriptionsBodySchema = z
  .partialRecord(localeSchema, bannerDescriptionBodySchema)
  .refine((descriptions) => descriptions.en !== undefined, {
    error: 'Validation.required',
    path: ['en'],
  });

const countBoundSchema = z
  .number({ error: 'Validation.invalid_value' })
  .int({ error: 'Validation.invalid_value' })
  .min(0, { error: 'Validation.invalid_value' })
  .max(1_000_000, { error: 'Validation.invalid_value' })
  .nullable()
  .default(null);

export const playerCategoryBodySchema = z.strictObject({
  authorized: z.boolean({ error: 'Validation.invalid_value' }).nullable().default(null),
  vip: z.boolean({ error: 'Validation.invalid_value' }).nullable().default(null),
  all: z.boolean({ error: 'Validation.invalid_value' }).default(false),
  deposits_from: decimalStringSchema.nullable().default(null),
  deposits_to: decimalStringSchema.nullable().default(null),
  deposits_count_from: countBoundSchema,
  deposits_count_to: countBoundSchema,
});
export type PlayerCategoryBody = z.infer<typeof playerCategoryBodySchema>;

const bannerFields = {
  type: bannerTypeSchema,
  position: z
    .number({ error: 'Validation.invalid_value' })
    .int({ error: 'Validation.invalid_value' })
    .min(0, { error: 'Validation.invalid_value' })
    .max(10_000, { error: 'Validation.invalid_value' }),
  isEnabled: z.boolean({ error: 'Validation.invalid_value' }),
  descriptions: descriptionsBodySchema,
  url: linkUrlSchema.nullable(),
  gameIds: z.array(identifierSchema).max(maxListLength, { error: 'Validation.invalid_value' }),
  providerIds: z.array(identifierSchema).max(maxListLength, { error: 'Validation.invalid_value' }),
  categoryKeys: z
    .array(categoryKeySchema)
    .max(maxListLength, { error: 'Validation.invalid_value' }),
  promoCategoryId: z
    .number({ error: 'Validation.invalid_value' })
    .int({ error: 'Validation.invalid_value' })
    .positive({ error: 'Validation.invalid_value' })
    .nullable(),
  tournamentId: z.string({ error: 'Validation.invalid_value' }).min(1).max(100).nullable(),
  geo: z.array(countryCodeSchema).max(250, { error: 'Validation.invalid_value' }),
  playerCategory: playerCategoryBodySchema,
};

/**
 * `POST /api/backoffice/v1/banners`. English copy is required (other languages fall back to
 * it). The type's needs (spec §5) are checked on the whole banner, also after every PATCH:
 * game types need a game, tournament a tournament, common a url or a link, active players and
 * cashback_new_web a url; deposit bounds must not cross. Ids must name existing games,
 * providers, categories, promo categories and tournaments.
 */
export const newBannerBodySchema = z.strictObject({
  type: bannerFields.type,
  position: bannerFields.position.default(0),
  isEnabled: bannerFields.isEnabled.default(true),
  descriptions: bannerFields.descriptions,
  url: bannerFields.url.default(null),
  gameIds: bannerFields.gameIds.default([]),
  providerIds: bannerFields.providerIds.default([]),
  categoryKeys: bannerFields.categoryKeys.default([]),
  promoCategoryId: bannerFields.promoCategoryId.default(null),
  tournamentId: bannerFields.tournamentId.default(null),
  geo: bannerFields.geo.default([]),
  playerCategory: bannerFields.playerCategory.prefault({}),
});
export type NewBannerBody = z.infer<typeof newBannerBodySchema>;

/** `PATCH /api/backoffice/v1/banners/{id}`: any non-empty subset of the fields. */
export const updateBannerBodySchema = z
  .strictObject({
    type: bannerFields.type.optional(),
    position: bannerFields.position.optional(),
    isEnabled: bannerFields.isEnabled.optional(),
    descriptions: bannerFields.descriptions.optional(),
    url: bannerFields.url.optional(),
    gameIds: bannerFields.gameIds.optional(),
    providerIds: bannerFields.providerIds.optional(),
    categoryKeys: bannerFields.categoryKeys.optional(),
    promoCategoryId: bannerFields.promoCategoryId.optional(),
    tournamentId: bannerFields.tournamentId.optional(),
    geo: bannerFields.geo.optional(),
    playerCategory: bannerFields.playerCategory.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Validation.required',
  });
export type UpdateBannerBody = z.infer<typeof updateBannerBodySchema>;

export const bannerIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Validation.invalid_value' }),
});

/** A banner as the operator sees it. */
export const backofficeBannerSchema = z.object({
  id: z.string(),
  type: bannerTypeSchema,
  position: z.number().int(),
  isEnabled: z.boolean(),
  descriptions: z.record(z.string(), bannerDescriptionSchema),
  url: z.string().nullable(),
  gameIds: z.array(z.string()),
  providerIds: z.array(z.string()),
  categoryKeys: z.array(z.string()),
  promoCategoryId: z.number().int().nullable(),
  tournamentId: z.string().nullable(),
  geo: z.array(z.string()),
  playerCategory: playerCategorySchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BackofficeBanner = z.infer<typeof backofficeBannerSchema>;

export const backofficeBannersQuerySchema = z.strictObject({
  type: bannerTypeSchema.optional(),
  limit: pageLimitSchema(100, 50),
  offset: pageOffsetSchema(100_000),
});
export type BackofficeBannersQuery = z.infer<typeof backofficeBannersQuerySchema>;

export const backofficeBannersPageSchema = z.object({
  items: z.array(backofficeBannerSchema),
  meta: offsetPageMetaSchema,
});

const partnerDescriptionBodySchema = z.strictObject({
  title: z
    .string({ error: 'Validation.required' })
    .trim()
    .min(1, { error: 'Validation.required' })
    .max(120, { error: 'Validation.invalid_value' }),
  description: z
    .string({ error: 'Validation.required' })
    .trim()
    .min(1, { error: 'Validation.required' })
    .max(1000, { error: 'Validation.invalid_value' }),
});

/** `POST` / `PUT /api/backoffice/v1/partners[/{id}]`: a partner with English copy at least. */
export const partnerBodySchema = z.strictObject({
  id: identifierSchema,
  position: bannerFields.position.default(0),
  isEnabled: bannerFields.isEnabled.default(true),
  image: imageUrlSchema,
  url: z
    .string({ error: 'Validation.invalid_value' })
    .max(500, { error: 'Validation.invalid_value' })
    .regex(/^https:\/\/\S+$/, { error: 'Validation.invalid_value' }),
  descriptions: z
    .partialRecord(localeSchema, partnerDescriptionBodySchema)
    .refine((descriptions) => descriptions.en !== undefined, {
      error: 'Validation.required',
      path: ['en'],
    }),
});
export type PartnerBody = z.infer<typeof partnerBodySchema>;

export const backofficePartnerSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  isEnabled: z.boolean(),
  image: z.string(),
  url: z.string(),
  descriptions: z.record(z.string(), z.object({ title: z.string(), description: z.string() })),
});
export type BackofficePartner = z.infer<typeof backofficePartnerSchema>;
export const backofficePartnersSchema = z.array(backofficePartnerSchema);
export const partnerIdParamsSchema = z.strictObject({ id: identifierSchema });

/**
 * The banner preview channel (`/?bannerPreview` of the player app, framed by the back office on
 * the same origin): the frame posts `{ type: bannerPreviewReadyType }` when it listens, the back
 * office posts `{ type: bannerPreviewMessageType, banner: { type, locale, descriptions } }` with
 * the form's unsaved values.
 */
export const bannerPreviewMessageType = 'casino.banner-preview';
export const bannerPreviewReadyType = 'casino.banner-preview.ready';
