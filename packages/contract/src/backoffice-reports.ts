import { z } from 'zod';

/** Longest period one summary report covers. */
export const maxReportPeriodDays = 366;

const instantSchema = z.iso.datetime({ offset: true, error: 'Validation.invalid_value' });

/**
 * `GET /api/backoffice/v1/reports/summary?from&to&currency`: ledger transactions posted in
 * [from, to) (ISO instants with an offset; at most 366 days), figures of one currency (default
 * USD; no conversion).
 */
export const reportSummaryQuerySchema = z
  .strictObject({
    from: instantSchema,
    to: instantSchema,
    currency: z
      .string()
      .regex(/^[A-Z]{2,10}$/, { error: 'Validation.unsupported_currency' })
      .default('USD'),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    path: ['to'],
    error: 'Validation.invalid_value',
  })
  .refine(
    (query) => Date.parse(query.to) - Date.parse(query.from) <= maxReportPeriodDays * 86_400_000,
    { path: ['to'], error: 'Validation.invalid_value' },
  );
export type ReportSummaryQuery = z.infer<typeof reportSummaryQuerySchema>;

/**
 * The period's figures, decimal strings of the currency (README, "Reports: GGR and NGR"):
 * deposits and withdrawals (money in and out through the payment providers), bets (stakes
 * posted, bonus money included, less stakes returned), wins (payouts, less reversed ones),
 * ggr = bets − wins, bonusCost (bonus money granted less forfeited, free-spin wins, promo-code,
 * wheel and tournament prizes), ngr = ggr − bonusCost, activePlayers (players who staked).
 */
export const reportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string(),
  wins: z.string(),
  ggr: z.string(),
  bonusCost: z.string(),
  ngr: z.string(),
  activePlayers: z.number().int(),
  /** stake postings (casino rounds, sportsbook tickets, provider bets) */
  betCount: z.number().int(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const dashboardQuerySchema = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{2,10}$/, { error: 'Validation.unsupported_currency' })
    .default('USD'),
});

/**
 * `GET /api/backoffice/v1/reports/dashboard`: the summary of today (since 00:00 UTC), the last 7
 * and 30 days; the sportsbook's open liability (what open tickets would pay beyond their stakes)
 * and the queues waiting for an operator.
 */
export const dashboardSchema = z.object({
  currency: z.string(),
  today: reportSummarySchema,
  last7Days: reportSummarySchema,
  last30Days: reportSummarySchema,
  sportOpenLiability: z.string(),
  queues: z.object({
    depositsAwaitingApproval: z.number().int(),
    disputes: z.number().int(),
    fiatWithdrawalsToPay: z.number().int(),
    cryptoWithdrawalsToPay: z.number().int(),
    unmatchedCryptoTransfers: z.number().int(),
    adjustmentsAwaitingApproval: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * The maker-checker threshold (`GET/PUT /api/backoffice/v1/settings/four-eyes`): a withdrawal or
 * a manual balance adjustment worth more than this many USD (a decimal string; other currencies
 * at the operator's rates) needs a second operator's approval. Default 500.
 */
export const fourEyesSettingSchema = z.strictObject({
  thresholdUsd: z
    .string()
    .regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/, { error: 'Validation.invalid_amount' }),
});
export type FourEyesSetting = z.infer<typeof fourEyesSettingSchema>;

/** 202 of an approval that counted as the first of two (maker-checker). */
export const awaitingSecondApprovalSchema = z.object({
  status: z.literal('awaiting_second_approval'),
  id: z.string(),
  firstApproverId: z.string(),
});
export type AwaitingSecondApproval = z.infer<typeof awaitingSecondApprovalSchema>;

/**
 * `POST /api/backoffice/v1/players/{globalId}/adjustments` (Idempotency-Key): a signed decimal
 * amount of the currency moved between the house and the player's main balance (a debit never
 * makes it negative: 409 insufficient_balance), with the reason. Above the four-eyes threshold
 * it waits (202) for another operator's `POST …/adjustments/{id}/approve`.
 */
export const adjustmentBodySchema = z.strictObject({
  currency: z.string().regex(/^[A-Z]{2,10}$/, { error: 'Validation.unsupported_currency' }),
  amount: z.string().regex(/^-?(0|[1-9]\d{0,15})(\.\d{1,8})?$/, {
    error: 'Validation.invalid_amount',
  }),
  reason: z.string().trim().min(1, { error: 'Validation.required' }).max(500),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

export const adjustmentSchema = z.object({
  id: z.string(),
  playerGlobalId: z.string(),
  currency: z.string(),
  /** signed decimal string */
  amount: z.string(),
  reason: z.string(),
  /** `rejected`: turned down by another operator or withdrawn by the one who asked; no money moved */
  status: z.enum(['awaiting_second_approval', 'applied', 'rejected']),
  requestedBy: z.string(),
  approvedBy: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
