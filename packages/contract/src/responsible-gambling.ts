import { z } from 'zod';
import { historyPageMetaSchema, historyPageQuerySchema } from './pagination.ts';

/**
 * Responsible-gambling limits (issue 22): the contract of `/api/v1/me/limits` and the pure rules
 * the server's one rule engine (`modules/players/protection/`) and the profile's section apply.
 *
 * Windows are rolling: a day is the last 24 hours, a week the last 7 days, a month the last 30
 * days (a fixed length, so "when does this usage drop out" has one answer). A usage entry counts
 * while `at + period > now`. A decrease of a limit (or a first limit) is in force at once; an
 * increase or a removal waits a cooling-off (24 hours at least; the operator may make it longer)
 * and is shown as pending until then; the player may cancel it meanwhile. When several limits of
 * one type apply (day, week, month), each must allow the amount; the one with the least left is
 * the one a refusal names.
 */

export const limitTypes = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitType = (typeof limitTypes)[number];
export const limitTypeSchema = z.enum(limitTypes);

export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];
export const limitPeriodSchema = z.enum(limitPeriods);

/** The money limits (the session limit counts minutes, not money). */
export const moneyLimitTypes = ['deposit', 'loss', 'wager'] as const satisfies readonly LimitType[];
export type MoneyLimitType = (typeof moneyLimitTypes)[number];
/** The limits a stake is checked against. */
export const stakeLimitTypes = ['wager', 'loss'] as const satisfies readonly MoneyLimitType[];

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** A rolling window's length. */
export const limitPeriodMs: Record<LimitPeriod, number> = {
  day: dayMs,
  week: 7 * dayMs,
  month: 30 * dayMs,
};

/** The shortest cooling-off of an increase or a removal (the operator may set a longer one). */
export const minimumCoolingOffMs = dayMs;

/** The largest money limit in whole units of the currency (a sane bound, not a product rule). */
export const maximumLimitUnits = 1_000_000_000n;

/** A session limit in minutes: at most the period's length. */
export function maximumSessionMinutes(period: LimitPeriod): number {
  return limitPeriodMs[period] / 60_000;
}

// ─── the contract ───────────────────────────────────────────────────────────────────────────

export const limitParamsSchema = z.object({ type: limitTypeSchema, period: limitPeriodSchema });
export type LimitParams = z.infer<typeof limitParamsSchema>;

/**
 * `PUT /api/v1/me/limits/{type}/{period}`: a money amount as a decimal string in the player's
 * primary currency (at most the currency's decimals), whole minutes for a session limit; `null`
 * removes the limit (after the cooling-off).
 */
export const setLimitBodySchema = z.object({
  amount: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,18})?$/, { error: 'Validation.invalid_amount' })
    .nullable(),
});
export type SetLimitBody = z.infer<typeof setLimitBodySchema>;

export const pendingLimitSchema = z.object({
  /** the amount once in force; null: the limit is removed then */
  amount: z.string().nullable(),
  effectiveAt: z.iso.datetime(),
});
export type PendingLimit = z.infer<typeof pendingLimitSchema>;

export const playerLimitSchema = z.object({
  type: limitTypeSchema,
  period: limitPeriodSchema,
  /** the money limit's currency (the primary currency when it was set); null for session */
  currency: z.string().nullable(),
  /** in force now: a decimal amount, or whole minutes for a session limit */
  amount: z.string(),
  /** used in the rolling window (a session limit: whole minutes played); null: not measured */
  used: z.string().nullable(),
  /**
   * When enough of the window's oldest usage drops out: once reached, when the limit frees up
   * again; before, when the used figure next goes down. Null when nothing is used.
   */
  resetsAt: z.iso.datetime().nullable(),
  pending: pendingLimitSchema.nullable(),
});
export type PlayerLimit = z.infer<typeof playerLimitSchema>;

export const playerLimitsSchema = z.array(playerLimitSchema);
export type PlayerLimits = z.infer<typeof playerLimitsSchema>;

/**
 * What a limit-history entry records: a first limit (`set`), a lower one in force at once
 * (`decreased`), an increase or a removal asked for (pending its cooling-off), one that came into
 * force (`increase_applied`, `removed`), a pending change cancelled, a limit converted into the
 * new primary currency (`converted`).
 */
export const limitHistoryEvents = [
  'set',
  'decreased',
  'increase_requested',
  'removal_requested',
  'increase_applied',
  'removed',
  'cancelled',
  'converted',
] as const;
export type LimitHistoryEvent = (typeof limitHistoryEvents)[number];

/**
 * `GET /api/v1/me/limits/history`: one change of the player's limits as the player sees it —
 * who made it (`by`: the player, the operator, or `system`: a cooling-off ran out), never which
 * operator nor the operator's reason.
 */
export const limitChangeFieldsSchema = z.object({
  id: z.string(),
  type: limitTypeSchema,
  period: limitPeriodSchema,
  event: z.enum(limitHistoryEvents),
  /** the money limit's currency; null for a session limit (minutes) */
  currency: z.string().nullable(),
  /** the amount in force before; null: no limit */
  from: z.string().nullable(),
  /** the amount asked for or in force after; null: no limit (a removal) */
  to: z.string().nullable(),
  /** when the change is (or was) in force: a pending change's end of cooling-off */
  effectiveAt: z.iso.datetime(),
  at: z.iso.datetime(),
});
export const playerLimitHistoryEntrySchema = limitChangeFieldsSchema.extend({
  by: z.enum(['player', 'operator', 'system']),
});
export type PlayerLimitHistoryEntry = z.infer<typeof playerLimitHistoryEntrySchema>;

export const playerLimitHistoryQuerySchema = historyPageQuerySchema({ max: 50, default: 20 });
export type PlayerLimitHistoryQuery = z.infer<typeof playerLimitHistoryQuerySchema>;

export const playerLimitHistoryPageSchema = z.object({
  items: z.array(playerLimitHistoryEntrySchema),
  meta: historyPageMetaSchema,
});
export type PlayerLimitHistoryPage = z.infer<typeof playerLimitHistoryPageSchema>;

/**
 * A deposit credited although it passed a deposit limit (`deposit_over_limit`: a crypto transfer
 * the player did not time, an order approved late) or during a time-out or self-exclusion
 * (`deposit_while_excluded`). Told on `transaction#{globalId}` as it is credited (told apart from
 * the other events there by `notice`), and listed by `GET /api/v1/me/limits/late-deposits`.
 */
export const lateDepositNoticeSchema = z.object({
  notice: z.enum(['deposit_over_limit', 'deposit_while_excluded']),
  /** the deposit as counted: decimal amount in the balance's currency */
  amount: z.string(),
  currency: z.string(),
  /** the deposit limit it passed (deposit_over_limit); null during an exclusion */
  limit: z
    .object({ period: limitPeriodSchema, amount: z.string(), currency: z.string() })
    .nullable(),
  /** ISO 8601 time of the credit */
  at: z.iso.datetime(),
});
export type LateDepositNotice = z.infer<typeof lateDepositNoticeSchema>;

/** The most late deposits the profile lists (newest first). */
export const lateDepositsListed = 10;
export const lateDepositsSchema = z.array(lateDepositNoticeSchema);

/** payload of `responsible_gambling_limit` (403): the limit that refused the deposit or stake */
export const limitRefusalPayloadSchema = z.object({
  type: limitTypeSchema,
  period: limitPeriodSchema,
  amount: z.string(),
  currency: z.string(),
  used: z.string(),
  /** when the amount asked for would fit again; null when it never fits (above the limit) */
  resetsAt: z.iso.datetime().nullable(),
});
export type LimitRefusalPayload = z.infer<typeof limitRefusalPayloadSchema>;

// ─── the rules ──────────────────────────────────────────────────────────────────────────────

/** A limit as stored: the amount in force (null: none) and a change waiting its cooling-off. */
export interface LimitState {
  amountMinor: bigint | null;
  pending: { amountMinor: bigint | null; effectiveAt: Date } | null;
}

/** The limit as it stands at `now`: a pending change whose time has come is in force. */
export function limitInForce(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.effectiveAt.getTime() <= now.getTime()) {
    return { amountMinor: state.pending.amountMinor, pending: null };
  }
  return state;
}

export type LimitChangeKind =
  /** a first limit or a lower one: in force at once (a pending change is dropped) */
  | 'applied'
  /** an increase or a removal: pending until the cooling-off is over */
  | 'pending'
  /** the request changes nothing (the same pending change is kept with its time) */
  | 'unchanged'
  /** the current amount asked again: a pending change is cancelled */
  | 'cancelled';

/**
 * A player's change of a limit at `now`. A first limit or a decrease applies at once; an
 * increase or a removal is pending until `now + coolingOffMs` (asking for the same pending change
 * again keeps its time; asking for another restarts the cooling-off); asking for the amount in
 * force cancels a pending change.
 */
export function changeLimit(
  stored: LimitState,
  requestedMinor: bigint | null,
  now: Date,
  coolingOffMs: number,
): { state: LimitState; kind: LimitChangeKind } {
  if (coolingOffMs < minimumCoolingOffMs) throw new RangeError('cooling-off below 24 hours');
  if (requestedMinor !== null && requestedMinor <= 0n) throw new RangeError('a limit is positive');
  const current = limitInForce(stored, now);
  const effectiveAt = new Date(now.getTime() + coolingOffMs);
  if (current.amountMinor === null) {
    if (requestedMinor === null) return { state: current, kind: 'unchanged' };
    return { state: { amountMinor: requestedMinor, pending: null }, kind: 'applied' };
  }
  if (requestedMinor !== null && requestedMinor < current.amountMinor) {
    return { state: { amountMinor: requestedMinor, pending: null }, kind: 'applied' };
  }
  if (requestedMinor === current.amountMinor) {
    return {
      state: { amountMinor: current.amountMinor, pending: null },
      kind: current.pending ? 'cancelled' : 'unchanged',
    };
  }
  if (current.pending && current.pending.amountMinor === requestedMinor) {
    return { state: current, kind: 'unchanged' };
  }
  return {
    state: {
      amountMinor: current.amountMinor,
      pending: { amountMinor: requestedMinor, effectiveAt },
    },
    kind: 'pending',
  };
}

/** Cancels a pending increase or removal (one whose time has come is in force already). */
export function cancelPendingLimit(stored: LimitState, now: Date): LimitState {
  return { amountMinor: limitInForce(stored, now).amountMinor, pending: null };
}

/** One usage entry: a deposit, a stake (wager), a stake less its wins (loss; may be negative). */
export interface UsageEntry {
  at: Date;
  amountMinor: bigint;
}

function dropsOutAt(entry: UsageEntry, period: LimitPeriod): number {
  return entry.at.getTime() + limitPeriodMs[period];
}

/** The window's sum at `now`: every entry with `at + period > now`. */
export function windowSum(entries: readonly UsageEntry[], period: LimitPeriod, now: Date): bigint {
  const nowMs = now.getTime();
  let sum = 0n;
  for (const entry of entries) if (dropsOutAt(entry, period) > nowMs) sum += entry.amountMinor;
  return sum;
}

/**
 * The earliest time from `now` on at which `needMinor` more fits under `limitMinor`, as entries
 * drop out of the window (no new usage assumed): `now` itself when it fits now, null when it
 * never fits (`needMinor` above the limit). The sum only changes when an entry drops out, so the
 * answer is `now` or one of those times.
 */
export function freesAt(
  entries: readonly UsageEntry[],
  period: LimitPeriod,
  now: Date,
  limitMinor: bigint,
  needMinor: bigint,
): Date | null {
  if (needMinor > limitMinor) return null;
  const nowMs = now.getTime();
  const live = entries
    .filter((entry) => dropsOutAt(entry, period) > nowMs)
    .sort((a, b) => dropsOutAt(a, period) - dropsOutAt(b, period));
  let sum = live.reduce((total, entry) => total + entry.amountMinor, 0n);
  if (sum + needMinor <= limitMinor) return now;
  for (let index = 0; index < live.length; ) {
    const at = dropsOutAt(live[index] as UsageEntry, period);
    // every entry dropping out at this same time leaves together
    while (index < live.length && dropsOutAt(live[index] as UsageEntry, period) === at) {
      sum -= (live[index] as UsageEntry).amountMinor;
      index += 1;
    }
    if (sum + needMinor <= limitMinor) return new Date(at);
  }
  // unreachable: with every entry gone the sum is 0 and needMinor <= limitMinor
  return null;
}

/**
 * What `GET /api/v1/me/limits` shows as resetsAt: once the limit is reached, when it frees up
 * (one minor unit fits again); before, when the used figure next goes down (the oldest entry
 * drops out). Null when nothing is used.
 */
export function displayedResetAt(
  entries: readonly UsageEntry[],
  period: LimitPeriod,
  now: Date,
  limitMinor: bigint,
): Date | null {
  const used = windowSum(entries, period, now);
  if (used <= 0n) return null;
  if (used >= limitMinor) return freesAt(entries, period, now, limitMinor, 1n);
  const nowMs = now.getTime();
  let first: number | null = null;
  for (const entry of entries) {
    const at = dropsOutAt(entry, period);
    if (at > nowMs && entry.amountMinor > 0n && (first === null || at < first)) first = at;
  }
  return first === null ? null : new Date(first);
}

/** One limit of a type checked against an amount: what it has used and when the amount fits. */
export interface LimitCheck {
  type: LimitType;
  period: LimitPeriod;
  limitMinor: bigint;
  usedMinor: bigint;
  /** `usedMinor + needMinor <= limitMinor` */
  allows: boolean;
  resetsAt: Date | null;
}

/**
 * Checks `needMinor` more against each limit (each window's usage from `entriesOf`); answers
 * the checks, the tightest first: the least left (limit − used), then the latest reset. A loss
 * window's negative sum (wins beyond stakes) counts as nothing used.
 */
export function checkLimits(
  limits: ReadonlyArray<{ type: LimitType; period: LimitPeriod; limitMinor: bigint }>,
  entriesOf: (type: LimitType) => readonly UsageEntry[],
  now: Date,
  needMinor: bigint,
): LimitCheck[] {
  const checks = limits.map((limit): LimitCheck => {
    const entries = entriesOf(limit.type);
    const sum = windowSum(entries, limit.period, now);
    const usedMinor = sum > 0n ? sum : 0n;
    const allows = usedMinor + needMinor <= limit.limitMinor;
    return {
      type: limit.type,
      period: limit.period,
      limitMinor: limit.limitMinor,
      usedMinor,
      allows,
      resetsAt: allows ? now : freesAt(entries, limit.period, now, limit.limitMinor, needMinor),
    };
  });
  return checks.sort((a, b) => {
    const leftA = a.limitMinor - a.usedMinor;
    const leftB = b.limitMinor - b.usedMinor;
    if (leftA !== leftB) return leftA < leftB ? -1 : 1;
    const resetA = a.resetsAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const resetB = b.resetsAt?.getTime() ?? Number.POSITIVE_INFINITY;
    return resetB - resetA;
  });
}

/**
 * The refusal of an amount, if any limit refuses it: the tightest refusing limit, and when the
 * amount fits under every limit again (the latest of the refusing limits' times; null when one
 * of them never allows it).
 */
export function refusalOf(
  checks: readonly LimitCheck[],
): { check: LimitCheck; resetsAt: Date | null } | undefined {
  const refusing = checks.filter((check) => !check.allows);
  const check = refusing[0];
  if (!check) return undefined;
  let resetsAt: Date | null = check.resetsAt;
  for (const other of refusing) {
    if (other.resetsAt === null || resetsAt === null) resetsAt = null;
    else if (other.resetsAt.getTime() > resetsAt.getTime()) resetsAt = other.resetsAt;
  }
  return { check, resetsAt };
}

// ─── reality checks, play sessions, prompts (issue 22) ──────────────────────────────────────

/** The reality-check intervals a player may choose (minutes of play); null in the profile: none. */
export const realityCheckIntervals = [15, 30, 45, 60, 90, 120] as const;
export type RealityCheckMinutes = (typeof realityCheckIntervals)[number];
export const realityCheckMinutesSchema = z
  .union(
    realityCheckIntervals.map((minutes) => z.literal(minutes)),
    {
      error: 'Validation.invalid_value',
    },
  )
  .nullable();

/** A stake 30 minutes or more after the last one starts a new play session. */
export const playSessionIdleMs = 30 * 60_000;

/**
 * `GET /api/v1/me/play-session`: the player's play session (it starts with the first stake after
 * 30 minutes without one and lasts while stakes keep coming), its net result in the primary
 * currency, and when the next reality check is due (null: no interval set or no session).
 */
export const playSessionSchema = z.object({
  /** null: no session in progress (no stake in the last 30 minutes) */
  startedAt: z.iso.datetime().nullable(),
  minutesPlayed: z.number().int().nonnegative(),
  net: z.object({
    currency: z.string(),
    staked: z.string(),
    won: z.string(),
    /** won − staked: negative when the session lost */
    result: z.string(),
  }),
  realityCheckMinutes: z.number().int().nullable(),
  nextRealityCheckAt: z.iso.datetime().nullable(),
  /** the check is due now: stakes are refused (403 reality_check_due) until it is answered */
  realityCheckDue: z.boolean(),
});
export type PlaySession = z.infer<typeof playSessionSchema>;

/** payload of `reality_check_due` (403) */
export const realityCheckDuePayloadSchema = z.object({
  startedAt: z.iso.datetime(),
  minutesPlayed: z.number().int(),
  dueAt: z.iso.datetime(),
});

/** `POST /api/v1/me/limits/review`: the deposit-limit prompt declined, or the limits reviewed. */
export const limitsReviewBodySchema = z.strictObject({
  action: z.enum(['declined', 'reviewed'], { error: 'Validation.invalid_value' }),
});
export type LimitsReviewBody = z.infer<typeof limitsReviewBodySchema>;

export const limitsReviewSchema = z.object({
  limitsPromptAnsweredAt: z.iso.datetime().nullable(),
  limitsReviewedAt: z.iso.datetime().nullable(),
});
export type LimitsReview = z.infer<typeof limitsReviewSchema>;

/** Limits are reviewed every 6 months (183 days). */
export const limitsReviewIntervalMs = 183 * dayMs;

/**
 * What the app asks of a signed-in player about limits: `prompt` (set a deposit limit: never
 * answered), `review` (the last answer or review is older than 6 months), or nothing.
 */
export function limitsPromptOf(
  answers: { limitsPromptAnsweredAt: string | null; limitsReviewedAt: string | null },
  now: Date,
): 'prompt' | 'review' | null {
  if (answers.limitsPromptAnsweredAt === null) return 'prompt';
  const last = Math.max(
    Date.parse(answers.limitsPromptAnsweredAt),
    answers.limitsReviewedAt === null ? 0 : Date.parse(answers.limitsReviewedAt),
  );
  return now.getTime() - last >= limitsReviewIntervalMs ? 'review' : null;
}

/** One bucket of usage as stored: the hour it starts at and its amount. */
export interface UsageBucket {
  hour: Date;
  amountMinor: bigint;
}

/** Hourly buckets younger than this are summed one by one; older ones per UTC day. */
export const hourlyUsageSpanMs = 25 * hourMs;

/**
 * Stored hourly buckets as the usage entries the windows sum: the buckets of the last 25 hours
 * one by one (each at its hour's end), older ones per UTC day (at the end of the day's latest
 * bucket), so a month's window sums at most 25 + 31 entries. An entry counts from its bucket's
 * end, so a window counts every amount of its span and at most an hour (a day group: 25 hours)
 * more, never less: in the player's protection. The day window only ever sees hourly buckets.
 * The repository's SQL groups the same way (ProtectionRepository.usageBuckets).
 */
export function usageEntriesOf(buckets: readonly UsageBucket[], now: Date): UsageEntry[] {
  const hourlyFrom = now.getTime() - hourlyUsageSpanMs;
  const entries: UsageEntry[] = [];
  const days = new Map<number, UsageEntry>();
  for (const bucket of buckets) {
    const end = bucket.hour.getTime() + hourMs;
    if (bucket.hour.getTime() >= hourlyFrom) {
      entries.push({ at: new Date(end), amountMinor: bucket.amountMinor });
      continue;
    }
    const day = Math.floor(bucket.hour.getTime() / dayMs);
    const group = days.get(day);
    if (group) {
      group.amountMinor += bucket.amountMinor;
      if (end > group.at.getTime()) group.at = new Date(end);
    } else days.set(day, { at: new Date(end), amountMinor: bucket.amountMinor });
  }
  return [...entries, ...days.values()];
}

/** An amount's hourly bucket: the start of its UTC hour. */
export function bucketHourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / hourMs) * hourMs);
}
