import { z } from 'zod';

/**
 * Time-out and self-exclusion (issue 22): the contract of `POST /api/v1/me/time-out`,
 * `POST /api/v1/me/self-exclusion`, `POST /api/v1/auth/reopen`, the refusal payload of sign-in
 * (`self_excluded` / `timed_out`), the operator's view, and the pure rules the server applies.
 *
 * A time-out lasts whole days (1..42: 24 hours, a week, a month of 30 days or any number up to
 * six weeks) and simply ends. A self-exclusion lasts 6 months, 1, 5 years (calendar months and
 * years in UTC, a day of the month the target month lacks becoming its last day) or
 * indefinitely; once ended it does not reopen the account by itself: the player asks
 * (`POST /api/v1/auth/reopen`) and the account reopens `reopenCoolingOffMs` later. Either can
 * only be lengthened while it runs, never shortened or lifted.
 */

export const exclusionKinds = ['time_out', 'self_exclusion'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];
export const exclusionKindSchema = z.enum(exclusionKinds);

export const selfExclusionPeriods = ['6m', '1y', '5y', 'indefinite'] as const;
export type SelfExclusionPeriod = (typeof selfExclusionPeriods)[number];

export const minimumTimeOutDays = 1;
/** six weeks */
export const maximumTimeOutDays = 42;
/** the time-out choices the app offers besides a custom number of days */
export const timeOutPresetDays = [1, 7, 30] as const;

const dayMs = 86_400_000;
/** after an explicit request, an ended self-exclusion's account reopens this much later */
export const reopenCoolingOffMs = dayMs;

// ─── the contract ───────────────────────────────────────────────────────────────────────────

/** `POST /api/v1/me/time-out`: `confirm: true` is the confirmation step the app shows. */
export const timeOutBodySchema = z.object({
  days: z
    .number()
    .int({ error: 'Validation.invalid_value' })
    .min(minimumTimeOutDays, { error: 'Validation.invalid_value' })
    .max(maximumTimeOutDays, { error: 'Validation.invalid_value' }),
  confirm: z.literal(true, { error: 'Validation.required' }),
});
export type TimeOutBody = z.infer<typeof timeOutBodySchema>;

/** `POST /api/v1/me/self-exclusion` */
export const selfExclusionBodySchema = z.object({
  period: z.enum(selfExclusionPeriods),
  confirm: z.literal(true, { error: 'Validation.required' }),
});
export type SelfExclusionBody = z.infer<typeof selfExclusionBodySchema>;

/** The answer of both: the exclusion now in force (`until` null: indefinite). */
export const exclusionSchema = z.object({
  kind: exclusionKindSchema,
  until: z.iso.datetime().nullable(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/** payload of `self_excluded` / `timed_out` (403) at sign-in, sign-up and on money paths */
export const exclusionRefusalPayloadSchema = z.object({
  /** the end (null: indefinite, or unknown for a registry hit) */
  until: z.iso.datetime().nullable(),
  /** a self-exclusion that ended: `POST /api/v1/auth/reopen` asks to reopen the account */
  reopenable: z.boolean(),
  /** a reopening asked for: the account reopens then */
  reopensAt: z.iso.datetime().nullable(),
  /** 'national': the operator's self-exclusion registry lists the player (not this account's own) */
  registry: z.enum(['national']).nullable(),
});
export type ExclusionRefusalPayload = z.infer<typeof exclusionRefusalPayloadSchema>;

/** `POST /api/v1/auth/reopen` */
export const reopenBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type ReopenBody = z.infer<typeof reopenBodySchema>;

export const reopenResponseSchema = z.object({ reopensAt: z.iso.datetime() });
export type ReopenResponse = z.infer<typeof reopenResponseSchema>;

/** One entry of a player's exclusion history (the operator's view). */
export const exclusionHistoryEntrySchema = z.object({
  action: z.enum(['started', 'lengthened', 'reopen_requested', 'reopened', 'ended']),
  kind: exclusionKindSchema,
  until: z.iso.datetime().nullable(),
  setBy: z.enum(['player', 'operator']),
  /** the operator who set it on the player's behalf */
  operatorId: z.string().nullable(),
  at: z.iso.datetime(),
});
export type ExclusionHistoryEntry = z.infer<typeof exclusionHistoryEntrySchema>;

/** `GET /api/backoffice/v1/players/{globalId}/exclusions` */
export const playerExclusionsSchema = z.object({
  /** in force now (a self-exclusion that ended but was not reopened included); null: none */
  current: exclusionSchema
    .extend({
      startedAt: z.iso.datetime(),
      setBy: z.enum(['player', 'operator']),
      operatorId: z.string().nullable(),
      reopensAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  history: z.array(exclusionHistoryEntrySchema),
});
export type PlayerExclusions = z.infer<typeof playerExclusionsSchema>;

/** `POST /api/backoffice/v1/players/{globalId}/exclusions` (admin, on the player's behalf) */
export const operatorExclusionBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('time_out'),
    days: z.number().int().min(minimumTimeOutDays).max(maximumTimeOutDays),
  }),
  z.object({ kind: z.literal('self_exclusion'), period: z.enum(selfExclusionPeriods) }),
]);
export type OperatorExclusionBody = z.infer<typeof operatorExclusionBodySchema>;

// ─── the rules ──────────────────────────────────────────────────────────────────────────────

/**
 * `date` plus `months` calendar months in UTC, the time of day kept; a day of the month the
 * target month lacks becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function addCalendarMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  const result = new Date(date.getTime());
  result.setUTCFullYear(targetYear, targetMonth, day);
  return result;
}

const periodMonths: Record<Exclude<SelfExclusionPeriod, 'indefinite'>, number> = {
  '6m': 6,
  '1y': 12,
  '5y': 60,
};

/** The end of a self-exclusion asked for at `now` (null: indefinite). */
export function selfExclusionUntil(period: SelfExclusionPeriod, now: Date): Date | null {
  if (period === 'indefinite') return null;
  return addCalendarMonths(now, periodMonths[period]);
}

/** The end of a time-out of `days` whole days asked for at `now`. */
export function timeOutUntil(days: number, now: Date): Date {
  if (!Number.isInteger(days) || days < minimumTimeOutDays || days > maximumTimeOutDays) {
    throw new RangeError('a time-out lasts 1 to 42 whole days');
  }
  return new Date(now.getTime() + days * dayMs);
}

/** An exclusion as stored. */
export interface ExclusionState {
  kind: ExclusionKind;
  until: Date | null;
  reopensAt: Date | null;
}

/**
 * What an exclusion means at `now`: 'clear' (a time-out that ended, a self-exclusion whose
 * asked reopening came), else the refusal (`self_excluded` with whether it can be reopened, or
 * `timed_out`).
 */
export function exclusionStanding(
  state: ExclusionState | null,
  now: Date,
): 'clear' | { code: 'self_excluded' | 'timed_out'; payload: ExclusionRefusalPayload } {
  if (state === null) return 'clear';
  const nowMs = now.getTime();
  const ended = state.until !== null && state.until.getTime() <= nowMs;
  const until = state.until?.toISOString() ?? null;
  if (state.kind === 'time_out') {
    if (ended) return 'clear';
    return {
      code: 'timed_out',
      payload: { until, reopenable: false, reopensAt: null, registry: null },
    };
  }
  if (ended && state.reopensAt !== null && state.reopensAt.getTime() <= nowMs) return 'clear';
  return {
    code: 'self_excluded',
    payload: {
      until,
      reopenable: ended && state.reopensAt === null,
      reopensAt: state.reopensAt?.toISOString() ?? null,
      registry: null,
    },
  };
}

/**
 * Whether a new exclusion (`kind`, ending `until`, null indefinite) may replace the one stored
 * at `now`: always when none is in force; else only when it ends strictly later, and a
 * self-exclusion is never replaced by a time-out. A self-exclusion that ended but was not
 * reopened is still in force (its account stays closed), so it may be replaced by a new one.
 */
export function mayReplaceExclusion(
  stored: ExclusionState | null,
  kind: ExclusionKind,
  until: Date | null,
  now: Date,
): boolean {
  if (exclusionStanding(stored, now) === 'clear' || stored === null) return true;
  if (stored.kind === 'self_exclusion' && kind === 'time_out') return false;
  const storedEnded = stored.until !== null && stored.until.getTime() <= now.getTime();
  if (storedEnded) return true;
  if (stored.until === null) return false;
  return until === null || until.getTime() > stored.until.getTime();
}
