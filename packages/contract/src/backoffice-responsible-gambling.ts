import { z } from 'zod';
import { historyPageMetaSchema, historyPageQuerySchema } from './pagination.ts';
import {
  limitChangeFieldsSchema,
  limitPeriodSchema,
  limitTypeSchema,
  minimumCoolingOffMs,
  pendingLimitSchema,
  playerLimitSchema,
  setLimitBodySchema,
} from './responsible-gambling.ts';
import { invalidValueMessage } from './validation-messages.ts';

/**
 * The operators' responsible-gambling tools (issue 22): a player's limits as the operator sees
 * them (who set each), their history, limits imposed by an operator, the flags operators work
 * through, the CSV export of a player's limit and exclusion history, and the jurisdiction's
 * cooling-off setting. Players are named by globalId as on every back-office player route.
 */

/** Who made a change: the player, an operator (id and e-mail), or the cooling-off running out. */
export const limitActorSchema = z.object({
  kind: z.enum(['player', 'operator', 'system']),
  /** the operator's id; null for the player and the system */
  id: z.string().nullable(),
  /** the operator's e-mail; null for the player and the system */
  name: z.string().nullable(),
});
export type LimitActor = z.infer<typeof limitActorSchema>;

/** `GET /api/backoffice/v1/players/{globalId}/limits`: the player's view, plus who set each. */
export const operatorPlayerLimitSchema = playerLimitSchema.extend({
  /** who set the amount in force */
  setBy: limitActorSchema,
  pending: pendingLimitSchema.extend({ requestedBy: limitActorSchema }).nullable(),
});
export type OperatorPlayerLimit = z.infer<typeof operatorPlayerLimitSchema>;
export const operatorPlayerLimitsSchema = z.array(operatorPlayerLimitSchema);
export type OperatorPlayerLimits = z.infer<typeof operatorPlayerLimitsSchema>;

export const limitHistoryEntrySchema = limitChangeFieldsSchema.extend({
  actor: limitActorSchema,
  /** an operator's change: the reason they gave */
  reason: z.string().nullable(),
});
export type LimitHistoryEntry = z.infer<typeof limitHistoryEntrySchema>;

export const limitHistoryQuerySchema = historyPageQuerySchema({ max: 100, default: 30 });
export type LimitHistoryQuery = z.infer<typeof limitHistoryQuerySchema>;

export const limitHistoryPageSchema = z.object({
  items: z.array(limitHistoryEntrySchema),
  meta: historyPageMetaSchema,
});
export type LimitHistoryPage = z.infer<typeof limitHistoryPageSchema>;

/** `PUT /api/backoffice/v1/players/{globalId}/limits/{type}/{period}`: the amount and why. */
export const operatorSetLimitBodySchema = setLimitBodySchema.extend({
  reason: z
    .string()
    .trim()
    .min(3, { error: invalidValueMessage })
    .max(500, { error: invalidValueMessage }),
});
export type OperatorSetLimitBody = z.infer<typeof operatorSetLimitBodySchema>;

export const operatorLimitParamsSchema = z.strictObject({
  globalId: z.string().regex(/^\d{1,18}$/, { error: invalidValueMessage }),
  type: limitTypeSchema,
  period: limitPeriodSchema,
});

// ─── flags ──────────────────────────────────────────────────────────────────────────────────

/**
 * `deposit_over_limit`: a deposit credited past a deposit limit (a crypto transfer the player did
 * not time, an order approved late); `deposit_while_excluded`: a deposit credited during a time-out
 * or self-exclusion (credited, no bonus); `limit_reached`: a deposit, wager or loss limit used up (one
 * open flag per player and limit); `many_limit_increases`: 3 or more increases or removals asked
 * for by the player within 30 days (one open flag per player).
 */
export const rgFlagKinds = [
  'deposit_over_limit',
  'deposit_while_excluded',
  'limit_reached',
  'many_limit_increases',
] as const;
export type RgFlagKind = (typeof rgFlagKinds)[number];
export const rgFlagStatuses = ['open', 'resolved'] as const;

/** The many-limit-increases rule: this many increase or removal requests within the window. */
export const manyLimitIncreasesThreshold = 3;
export const manyLimitIncreasesWindowMs = 30 * 24 * 3_600_000;

export const rgFlagSchema = z.object({
  id: z.string(),
  player: z.object({ globalId: z.string(), email: z.string() }),
  kind: z.enum(rgFlagKinds),
  /** what raised it: the limit (type, period, amount, currency, used, resetsAt), the count… */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  status: z.enum(rgFlagStatuses),
  resolution: z.object({ at: z.iso.datetime(), by: limitActorSchema, note: z.string() }).nullable(),
});
export type RgFlag = z.infer<typeof rgFlagSchema>;

export const rgFlagListQuerySchema = historyPageQuerySchema({ max: 100, default: 30 }).extend({
  status: z.enum(rgFlagStatuses, { error: invalidValueMessage }).default('open'),
  kind: z.enum(rgFlagKinds, { error: invalidValueMessage }).optional(),
});
export type RgFlagListQuery = z.infer<typeof rgFlagListQuerySchema>;

export const rgFlagPageSchema = z.object({
  items: z.array(rgFlagSchema),
  meta: historyPageMetaSchema,
});
export type RgFlagPage = z.infer<typeof rgFlagPageSchema>;

export const rgFlagParamsSchema = z.strictObject({
  flagId: z.string().regex(/^\d{1,18}$/, { error: invalidValueMessage }),
});
export const playerRgFlagParamsSchema = rgFlagParamsSchema.extend({
  globalId: z.string().regex(/^\d{1,18}$/, { error: invalidValueMessage }),
});

export const resolveRgFlagBodySchema = z.strictObject({
  note: z
    .string()
    .trim()
    .min(1, { error: invalidValueMessage })
    .max(1000, { error: invalidValueMessage }),
});
export type ResolveRgFlagBody = z.infer<typeof resolveRgFlagBodySchema>;

// ─── export ─────────────────────────────────────────────────────────────────────────────────

/** `GET …/rg/export.csv?timeZone=`: an IANA zone adds a local-time column beside the UTC one. */
export const rgExportQuerySchema = z.strictObject({
  timeZone: z.string().max(64).refine(isTimeZone, { error: invalidValueMessage }).optional(),
});
export type RgExportQuery = z.infer<typeof rgExportQuerySchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ─── the jurisdiction's cooling-off ─────────────────────────────────────────────────────────

export const minimumCoolingOffHours = minimumCoolingOffMs / 3_600_000;
/** The longest cooling-off an operator may set (90 days). */
export const maximumCoolingOffHours = 24 * 90;

/**
 * `GET/PUT /api/backoffice/v1/settings/limit-cooling-off`: the operator's cooling-off of a
 * limit increase or removal. `floorHours` is LIMIT_COOLING_OFF_HOURS (the deployment's floor);
 * `hours` the operator's setting (null: none); `effectiveHours` what the limits engine applies,
 * the larger of the two.
 */
export const limitCoolingOffSchema = z.object({
  hours: z.number().int().nullable(),
  floorHours: z.number().int(),
  effectiveHours: z.number().int(),
});
export type LimitCoolingOff = z.infer<typeof limitCoolingOffSchema>;

export const limitCoolingOffBodySchema = z.strictObject({
  hours: z
    .number({ error: invalidValueMessage })
    .int({ error: invalidValueMessage })
    .min(minimumCoolingOffHours, { error: invalidValueMessage })
    .max(maximumCoolingOffHours, { error: invalidValueMessage })
    .nullable(),
});
export type LimitCoolingOffBody = z.infer<typeof limitCoolingOffBodySchema>;
