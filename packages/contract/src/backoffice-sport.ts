import { z } from 'zod';
import { pageLimitSchema, pageOffsetSchema } from './pagination.ts';
import { sportEventStatuses, sportLeagueSchema, sportMarketStatuses } from './sport.ts';

/**
 * The operators' sportsbook API (`/api/backoffice/v1/sport/...`, issue 19): the feed's health,
 * suspending and resuming an event or a market over the feed, and price overrides. What players
 * see (the public sport API, the live channels) is the feed's state with these applied.
 */

const isoTime = z.string();

export const sportFeedHealthSchema = z.object({
  producers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** false: every market of its open events is suspended until it sends heartbeats again */
      up: z.boolean(),
      lastAliveAt: isoTime.nullable(),
      downSince: isoTime.nullable(),
    }),
  ),
  events: z.object({ live: z.number().int(), upcoming: z.number().int() }),
  /** markets of open events players see suspended (by the feed, a producer down or an operator) */
  suspendedMarkets: z.number().int(),
  /** what operators hold suspended over the feed (open events only) */
  operatorSuspended: z.object({ events: z.number().int(), markets: z.number().int() }),
  /** when the newest versioned message or fixture was applied; null before any */
  newestMessageAt: isoTime.nullable(),
  /**
   * open events the feed left behind: kick-off and last message both older than
   * SPORT_EVENT_OVERDUE_HOURS (a provider that could not recover them after a restart). Players
   * no longer see them listed; their tickets wait for an operator's settlement. `oldest`: the 20
   * with the oldest kick-off.
   */
  overdueEvents: z.object({
    count: z.number().int(),
    oldest: z.array(
      z.object({
        id: z.number().int(),
        feedId: z.string(),
        sportId: z.number().int(),
        home: z.string(),
        away: z.string(),
        status: z.enum(['not_started', 'live']),
        startsAt: isoTime,
        lastMessageAt: isoTime,
      }),
    ),
  }),
  /** this server process's ingestion since it started: messages applied and dropped by reason */
  ingestion: z.object({
    applied: z.number().int(),
    duplicate: z.number().int(),
    stale: z.number().int(),
    unknownEvent: z.number().int(),
    unknownSport: z.number().int(),
  }),
});
export type SportFeedHealth = z.infer<typeof sportFeedHealthSchema>;

const bookIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const sportEventControlParamsSchema = z.strictObject({ id: bookIdSchema });
export const sportMarketControlParamsSchema = z.strictObject({ id: bookIdSchema });
export const sportOutcomePriceParamsSchema = z.strictObject({
  id: bookIdSchema,
  outcomeId: z.string().min(1).max(100),
});

/** An override's price: decimal odds on the book's ladder (1.01–1000), e.g. "1.85". */
export const sportPriceOverrideBodySchema = z.strictObject({
  odds: z
    .string({ error: 'Validation.required' })
    .regex(/^\d{1,4}(\.\d{1,2})?$/, { error: 'Validation.invalid_value' }),
});
export type SportPriceOverrideBody = z.infer<typeof sportPriceOverrideBodySchema>;

export const sportEventControlSchema = z.object({
  id: z.number().int().positive(),
  /** held suspended by an operator: every market shows suspended whatever the feed sends */
  suspended: z.boolean(),
});
export type SportEventControl = z.infer<typeof sportEventControlSchema>;

export const sportMarketControlSchema = z.object({
  id: z.number().int().positive(),
  eventId: z.number().int().positive(),
  /** held suspended by an operator (the market itself; see also its event) */
  suspended: z.boolean(),
  eventSuspended: z.boolean(),
  /** the feed's status */
  feedStatus: z.enum(sportMarketStatuses),
  /** what players see */
  status: z.enum(sportMarketStatuses),
  outcomes: z.array(
    z.object({
      id: z.string(),
      /** what players see: the override, else the feed's price */
      odds: z.string().nullable(),
      feedOdds: z.string().nullable(),
      overrideOdds: z.string().nullable(),
      active: z.boolean(),
    }),
  ),
});
export type SportMarketControl = z.infer<typeof sportMarketControlSchema>;

const invalid = 'Validation.invalid_value';
const operatorDayOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: invalid,
});

export const sportOperatorEventSorts = ['startsAt', 'updatedAt', 'id'] as const;
export const sportOperatorEventListMaximumLimit = 100;

/**
 * `GET /api/backoffice/v1/sport/events`: every event the book holds (ended and cancelled ones
 * too, overdue ones included), filtered by sport, status, kick-off (`startsFrom`, `startsTo`), held by an
 * operator, and a search (`query`: the book's id, the feed's id, or part of a team's or
 * league's name).
 */
export const sportOperatorEventListQuerySchema = z.strictObject({
  sportId: z.coerce
    .number({ error: invalid })
    .int({ error: invalid })
    .positive({ error: invalid })
    .optional(),
  status: z.enum(sportEventStatuses, { error: invalid }).optional(),
  /** kick-off from: a day (`2030-01-02`, from its start, UTC) or an instant */
  startsFrom: operatorDayOrTime.optional(),
  /** kick-off to: a day (to its end, UTC) or an instant (excluded) */
  startsTo: operatorDayOrTime.optional(),
  /** true: only events held suspended by an operator, or with a market held */
  held: z
    .enum(['true', 'false'], { error: invalid })
    .transform((value) => value === 'true')
    .optional(),
  query: z.string().trim().max(100, { error: invalid }).optional(),
  sort: z.enum(sportOperatorEventSorts, { error: invalid }).default('startsAt'),
  order: z.enum(['asc', 'desc'], { error: invalid }).default('asc'),
  limit: pageLimitSchema(sportOperatorEventListMaximumLimit, 30),
  offset: pageOffsetSchema(1_000_000),
});
export type SportOperatorEventListQuery = z.infer<typeof sportOperatorEventListQuerySchema>;

export const sportOperatorEventSchema = z.object({
  id: z.number().int().positive(),
  feedId: z.string(),
  sportId: z.number().int(),
  sportName: z.string(),
  league: sportLeagueSchema,
  home: z.string(),
  away: z.string(),
  startsAt: isoTime,
  status: z.enum(sportEventStatuses),
  /** the score as the feed reports it (`{home, away}` and periods), null before any */
  score: z.unknown(),
  /** held suspended by an operator (every market) */
  suspended: z.boolean(),
  /** open, but the feed left it behind (see the feed health's overdueEvents) */
  overdue: z.boolean(),
  /** when its last message was applied */
  updatedAt: isoTime,
  markets: z.object({
    total: z.number().int(),
    /** what players can bet on now */
    active: z.number().int(),
    /** shown suspended (by the feed, a producer down or an operator) */
    suspended: z.number().int(),
    /** held by an operator one by one */
    held: z.number().int(),
    settled: z.number().int(),
  }),
});
export type SportOperatorEvent = z.infer<typeof sportOperatorEventSchema>;

export const sportOperatorEventListResponseSchema = z.object({
  items: z.array(sportOperatorEventSchema),
  meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
});
export type SportOperatorEventListResponse = z.infer<typeof sportOperatorEventListResponseSchema>;

/** One market of an event as operators see it: the feed's state, the holds, overrides, results. */
export const sportOperatorMarketSchema = sportMarketControlSchema.extend({
  typeId: z.number().int(),
  name: z.string(),
  specifiers: z.record(z.string(), z.string()),
  outcomes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      odds: z.string().nullable(),
      feedOdds: z.string().nullable(),
      overrideOdds: z.string().nullable(),
      active: z.boolean(),
      /** the result the market was settled with (the feed's or an operator's); null while open */
      result: z
        .object({
          result: z.enum(['won', 'lost']),
          voidFactor: z.string(),
          deadHeatFactor: z.string(),
        })
        .nullable(),
    }),
  ),
});
export type SportOperatorMarket = z.infer<typeof sportOperatorMarketSchema>;

/** `GET /api/backoffice/v1/sport/events/{id}`: the event and every market, whatever its status. */
export const sportOperatorEventDetailSchema = sportOperatorEventSchema.extend({
  producer: z.string(),
  clock: z.unknown(),
  marketList: z.array(sportOperatorMarketSchema),
});
export type SportOperatorEventDetail = z.infer<typeof sportOperatorEventDetailSchema>;
