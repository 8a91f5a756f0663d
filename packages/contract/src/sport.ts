import { z } from 'zod';
import { listMetaSchema } from './games.ts';
import { pageLimitSchema, pageOffsetSchema } from './pagination.ts';

/**
 * The public sportsbook API (issue 19): the sports, events with their main market, one event
 * with every market. Odds are decimal strings exactly as the feed priced them ("1.85"); ids of
 * events and markets are the book's own numbers, sport ids the industry's (1 soccer, 5 tennis).
 */

export const sportKinds = ['sport', 'esport'] as const;
export const sportEventStatuses = ['not_started', 'live', 'ended', 'cancelled'] as const;
export const sportMarketStatuses = [
  'active',
  'suspended',
  'deactivated',
  'settled',
  'cancelled',
  'handed_over',
] as const;

export const sportSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(sportKinds),
  liveCount: z.number().int().nonnegative(),
  upcomingCount: z.number().int().nonnegative(),
});
export type Sport = z.infer<typeof sportSchema>;
export const sportsResponseSchema = z.array(sportSchema);

/** Decimal odds: digits, a point and up to four decimals, above 1. */
const oddsSchema = z.string().regex(/^\d+(\.\d{1,4})?$/);

export const sportOutcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null while the outcome cannot be backed */
  odds: oddsSchema.nullable(),
  active: z.boolean(),
});
export type SportOutcome = z.infer<typeof sportOutcomeSchema>;

export const sportMarketSchema = z.object({
  id: z.number().int().positive(),
  typeId: z.number().int(),
  name: z.string(),
  specifiers: z.record(z.string(), z.string()),
  status: z.enum(sportMarketStatuses),
  outcomes: z.array(sportOutcomeSchema),
});
export type SportMarket = z.infer<typeof sportMarketSchema>;

export const sportCompetitorSchema = z.object({ id: z.string(), name: z.string() });

export const sportLeagueSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
});

export const sportScoreSchema = z.object({
  home: z.number().int(),
  away: z.number().int(),
  periods: z.array(
    z.object({ period: z.string(), home: z.number().int(), away: z.number().int() }),
  ),
  game: z.object({ home: z.string(), away: z.string() }).nullable().optional(),
  server: z.enum(['home', 'away']).nullable().optional(),
});

export const sportClockSchema = z.object({
  period: z.string(),
  elapsedSeconds: z.number().int().nullable(),
  running: z.boolean(),
});

const sportEventFields = {
  id: z.number().int().positive(),
  sportId: z.number().int().positive(),
  league: sportLeagueSchema,
  home: sportCompetitorSchema,
  away: sportCompetitorSchema,
  /** ISO 8601 */
  startsAt: z.string(),
  status: z.enum(sportEventStatuses),
  score: sportScoreSchema.nullable(),
  clock: sportClockSchema.nullable(),
  /** the newest feed version applied: realtime diffs older than this are stale */
  version: z.number().int().nonnegative(),
};

/** An event in a listing, with its main market (1x2, winner…) when it has one. */
export const sportEventSummarySchema = z.object({
  ...sportEventFields,
  mainMarket: sportMarketSchema.nullable(),
});
export type SportEventSummary = z.infer<typeof sportEventSummarySchema>;

export const sportEventSchema = z.object({
  ...sportEventFields,
  markets: z.array(sportMarketSchema),
});
export type SportEvent = z.infer<typeof sportEventSchema>;

export const maxSportEventsPageSize = 100;

/**
 * `GET /api/v2/sport/events`: `live` true lists live events, false upcoming ones, absent both
 * (live first); then by start time.
 */
export const sportEventsQuerySchema = z.strictObject({
  sportId: z.coerce.number().int().positive().max(1_000_000).optional(),
  leagueId: z.string().min(1).max(100).optional(),
  live: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  offset: pageOffsetSchema(100_000),
  limit: pageLimitSchema(maxSportEventsPageSize, 20),
});
export type SportEventsQuery = z.infer<typeof sportEventsQuerySchema>;

export const sportEventsPageSchema = z.object({
  items: z.array(sportEventSummarySchema),
  meta: listMetaSchema,
});
export type SportEventsPage = z.infer<typeof sportEventsPageSchema>;

export const sportEventParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * One event's change from feed version `previous` to `version`. Fields that did not change are
 * absent; `markets` holds each changed market whole (replace it by id, add it when new). A client
 * holding a snapshot at version S: drops the diff when `version` < S (stale), refetches the
 * snapshot when `previous` > S (it missed a diff), else applies it and sets S = `version`. A diff
 * too large for one publication goes out in several with the same `previous` and `version`, each
 * complete for the markets it carries, so the rule applies to each part alike.
 */
export const sportEventDiffSchema = z.object({
  eventId: z.number().int().positive(),
  version: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative(),
  status: z.enum(sportEventStatuses).optional(),
  score: sportScoreSchema.nullable().optional(),
  clock: sportClockSchema.nullable().optional(),
  markets: z.array(sportMarketSchema).optional(),
});
export type SportEventDiff = z.infer<typeof sportEventDiffSchema>;

/** `sport_event:{eventId}`: one diff. */
export const sportEventUpdateSchema = sportEventDiffSchema.describe('a sport_event publication');
export type SportEventUpdate = SportEventDiff;

/**
 * `sport_live:{sportId}`: diffs of that sport's events gathered over the coalescing window, each
 * carrying at most the event's main market. An event id the client does not list (one that just
 * went live) is a reason to refetch the listing, not an error.
 */
export const sportLiveUpdateSchema = z.object({
  sportId: z.number().int().positive(),
  events: z.array(sportEventDiffSchema),
});
export type SportLiveUpdate = z.infer<typeof sportLiveUpdateSchema>;

/**
 * A player's favourites (`/sportsbook/favorites`), kept on the server: events and leagues.
 * `PUT /api/v2/sport/favorites` adds one, `DELETE /api/v2/sport/favorites?type=&id=` removes one
 * (both idempotent, 204); `GET` answers the ids and the favourite events that have not ended,
 * with their main market, and the leagues with their names.
 */
export const sportFavoriteTypes = ['event', 'league'] as const;
export const maxSportFavorites = 200;

export const sportFavoriteBodySchema = z.strictObject({
  type: z.enum(sportFavoriteTypes),
  /** an event's numeric id as a string, or a league (tournament) id */
  id: z.string().min(1).max(100),
});
export type SportFavoriteBody = z.infer<typeof sportFavoriteBodySchema>;
export const sportFavoriteQuerySchema = z.strictObject({ ...sportFavoriteBodySchema.shape });

export const sportFavoriteLeagueSchema = z.object({
  id: z.string(),
  name: z.string(),
  sportId: z.number().int().positive(),
  category: z.object({ id: z.string(), name: z.string() }),
});

export const sportFavoritesSchema = z.object({
  eventIds: z.array(z.number().int().positive()),
  leagues: z.array(sportFavoriteLeagueSchema),
  /** the favourite events not yet ended (live first, then by start), with their main market */
  events: z.array(sportEventSummarySchema),
});
export type SportFavorites = z.infer<typeof sportFavoritesSchema>;
