import { z } from 'zod';
import { gameIdSchema } from './backoffice-games.ts';
import { listMetaSchema } from './games.ts';
import { supportedLocales } from './locales.ts';
import { currencyScale, parseDecimalToMinor } from './money.ts';
import { currencyCodeSchema, decimalStringSchema } from './money-schemas.ts';
import { pageLimitSchema, pageOffsetSchema } from './pagination.ts';

/**
 * Tournaments (shell spec §2, §4, §7; wallet spec §2, §3, §6): operator-defined contests over
 * settled rounds. `GET /api/v2/tournaments` (the "tournaments root call"),
 * `GET /api/v2/tournaments/{id}`, `GET /api/v2/tournaments/{id}/leaderboard`, and the operator's
 * `/api/backoffice/v1/tournaments`. VIP-only tournaments exist only for VIP players: guests and
 * other players neither list nor open them.
 */

/**
 * upcoming: before `startsAt`; running: scores count; finished: ended, prizes being paid;
 * paid: every prize paid.
 */
export const tournamentStatuses = ['upcoming', 'running', 'finished', 'paid'] as const;
export const tournamentStatusSchema = z.enum(tournamentStatuses);
export type TournamentStatus = z.infer<typeof tournamentStatusSchema>;

/**
 * How a round scores: wagered, the sum of the stakes; won, the sum of the payouts (both in the
 * tournament currency at the rate in force); best_multiplier, the best payout / stake of a round.
 */
export const tournamentScorings = ['wagered', 'won', 'best_multiplier'] as const;
export const tournamentScoringSchema = z.enum(tournamentScorings, {
  error: 'Validation.invalid_value',
});
export type TournamentScoring = z.infer<typeof tournamentScoringSchema>;

/** At most this many paid places. */
export const maxTournamentPrizes = 100;
/** The leaderboard's default and largest page. */
export const defaultLeaderboardPageSize = 30;
export const maxLeaderboardPageSize = 100;
/** While a tournament runs its leaderboard is refetched this often. */
export const leaderboardRefetchMs = 5_000;

/** One locale's texts; `image` is a path under the app (e.g. `/tournaments/spring.svg`) or a URL. */
export const tournamentDescriptionSchema = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
});
export type TournamentDescription = z.infer<typeof tournamentDescriptionSchema>;

export const tournamentPrizeSchema = z.object({
  place: z.number().int().positive(),
  /** decimal amount in the tournament currency */
  amount: decimalStringSchema,
});
export type TournamentPrize = z.infer<typeof tournamentPrizeSchema>;

/** A list item of `GET /api/v2/tournaments` (snake case fields as the spec names them). */
export const tournamentSchema = z.object({
  id: z.string(),
  vip_players_only: z.boolean(),
  /** texts per locale code; English is always present (the fallback) */
  descriptions: z.record(z.string(), tournamentDescriptionSchema),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: tournamentStatusSchema,
  scoring: tournamentScoringSchema,
  currency: z.string(),
  prizes: z.array(tournamentPrizeSchema),
  /** the sum of the prizes, decimal in `currency` */
  prizePool: decimalStringSchema,
});
export type Tournament = z.infer<typeof tournamentSchema>;

export const tournamentsResponseSchema = z.object({ items: z.array(tournamentSchema) });
export type TournamentsResponse = z.infer<typeof tournamentsResponseSchema>;

/** `GET /api/v2/tournaments/{id}`: the list item and the games that count (empty: every game). */
export const tournamentDetailSchema = tournamentSchema.extend({
  games: z.array(z.object({ id: z.string(), title: z.string() })),
  /** every catalog game counts */
  allGames: z.boolean(),
});
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

export const tournamentIdSchema = z
  .string({ error: 'Validation.required' })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'Validation.invalid_value' });

export const tournamentIdParamsSchema = z.strictObject({ id: tournamentIdSchema });

export const leaderboardQuerySchema = z.strictObject({
  limit: pageLimitSchema(maxLeaderboardPageSize, defaultLeaderboardPageSize),
  offset: pageOffsetSchema(100_000),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  place: z.number().int().positive(),
  /** masked like the latest bets (`jo***n`) */
  name: z.string(),
  /** decimal: money in the tournament currency, or a multiplier (`12.34`) */
  score: z.string(),
  /** the prize of the place, decimal in the tournament currency; null: no prize */
  prize: decimalStringSchema.nullable(),
  isMe: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/**
 * `GET /api/v2/tournaments/{id}/leaderboard`: players with a positive score, best first (ties:
 * who reached the score first); `me` is the caller's own place (null for guests and players
 * without a score).
 */
export const leaderboardSchema = z.object({
  items: z.array(leaderboardEntrySchema),
  me: z.object({ place: z.number().int().positive(), score: z.string() }).nullable(),
  meta: listMetaSchema,
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

// ─── backoffice ─────────────────────────────────────────────────────────────────────────────

const localeCodes = supportedLocales as readonly string[];

const descriptionBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Validation.required' }).max(100),
  description: z.string().trim().max(2000).default(''),
  image: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/[A-Za-z0-9._/-]*|https:\/\/\S+)$/, { error: 'Validation.invalid_value' }),
});

const descriptionsBodySchema = z
  .record(z.string(), descriptionBodySchema)
  .refine((texts) => texts.en !== undefined, { error: 'Validation.required' })
  .refine((texts) => Object.keys(texts).every((locale) => localeCodes.includes(locale)), {
    error: 'Validation.invalid_value',
  });

const prizesBodySchema = z
  .array(z.strictObject({ place: z.number().int().positive(), amount: decimalStringSchema }))
  .min(1, { error: 'Validation.required' })
  .max(maxTournamentPrizes, { error: 'Validation.invalid_value' })
  .superRefine((prizes, context) => {
    // places 1…n, each once, in order
    for (const [index, prize] of prizes.entries()) {
      if (prize.place !== index + 1) {
        context.addIssue({
          code: 'custom',
          path: [index, 'place'],
          message: 'Validation.invalid_value',
        });
      }
    }
  });

const tournamentFields = {
  vipOnly: z.boolean().default(false),
  descriptions: descriptionsBodySchema,
  startsAt: z.iso.datetime({ error: 'Validation.invalid_value' }),
  endsAt: z.iso.datetime({ error: 'Validation.invalid_value' }),
  scoring: tournamentScoringSchema,
  currency: currencyCodeSchema,
  prizes: prizesBodySchema,
  /** the games whose rounds count; empty: every game */
  gameIds: z.array(gameIdSchema).max(1000).default([]),
  /** settled sport tickets count too (their stake, payout, payout ÷ stake); default off */
  scoresSport: z.boolean().default(false),
};

/** Every prize must be a valid amount of the currency (its scale). */
function prizesFitCurrency(body: { currency?: string; prizes?: Array<{ amount: string }> }) {
  if (body.currency === undefined || body.prizes === undefined) return true;
  const scale = currencyScale(body.currency, 0);
  return body.prizes.every((prize) => {
    const minor = parseDecimalToMinor(prize.amount, scale);
    return minor !== null && minor > 0n;
  });
}

/** `POST /api/backoffice/v1/tournaments` */
export const newTournamentBodySchema = z
  .strictObject({ id: tournamentIdSchema, ...tournamentFields })
  .refine((body) => new Date(body.endsAt) > new Date(body.startsAt), {
    error: 'Validation.invalid_value',
    path: ['endsAt'],
  })
  .refine(prizesFitCurrency, { error: 'Validation.invalid_amount', path: ['prizes'] });
export type NewTournamentBody = z.infer<typeof newTournamentBodySchema>;

/**
 * `PATCH /api/backoffice/v1/tournaments/{id}`: any subset. Scoring, currency, games, whether
 * sport counts and the start cannot change once the tournament has started; nothing changes
 * once it has ended.
 */
export const updateTournamentBodySchema = z
  .strictObject({
    vipOnly: z.boolean().optional(),
    descriptions: descriptionsBodySchema.optional(),
    startsAt: tournamentFields.startsAt.optional(),
    endsAt: tournamentFields.endsAt.optional(),
    scoring: tournamentScoringSchema.optional(),
    currency: currencyCodeSchema.optional(),
    prizes: prizesBodySchema.optional(),
    gameIds: z.array(gameIdSchema).max(1000).optional(),
    scoresSport: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Validation.required' })
  .refine(prizesFitCurrency, { error: 'Validation.invalid_amount', path: ['prizes'] });
export type UpdateTournamentBody = z.infer<typeof updateTournamentBodySchema>;

/** A tournament as the operator sees it. */
export const backofficeTournamentSchema = z.object({
  id: z.string(),
  vipOnly: z.boolean(),
  descriptions: z.record(z.string(), tournamentDescriptionSchema),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: tournamentStatusSchema,
  scoring: tournamentScoringSchema,
  currency: z.string(),
  prizes: z.array(tournamentPrizeSchema),
  gameIds: z.array(z.string()),
  /** settled sport tickets count too */
  scoresSport: z.boolean(),
  /** players with a score so far */
  players: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BackofficeTournament = z.infer<typeof backofficeTournamentSchema>;

export const backofficeTournamentsSchema = z.object({ items: z.array(backofficeTournamentSchema) });
export type BackofficeTournaments = z.infer<typeof backofficeTournamentsSchema>;

/**
 * `GET /api/backoffice/v1/tournaments/{id}/leaderboard`: the leaderboard as operators see it —
 * the players unmasked (e-mail and globalId), the raw score, the place's prize.
 */
export const backofficeLeaderboardEntrySchema = z.object({
  place: z.number().int().positive(),
  globalId: z.string(),
  email: z.string(),
  score: z.string(),
  prize: decimalStringSchema.nullable(),
  updatedAt: z.iso.datetime(),
});
export type BackofficeLeaderboardEntry = z.infer<typeof backofficeLeaderboardEntrySchema>;

export const backofficeLeaderboardSchema = z.object({
  items: z.array(backofficeLeaderboardEntrySchema),
  meta: listMetaSchema,
});
export type BackofficeLeaderboard = z.infer<typeof backofficeLeaderboardSchema>;
