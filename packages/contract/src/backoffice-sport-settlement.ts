import { z } from 'zod';

/**
 * The operators' manual settlement of a sport market (`/api/backoffice/v1/sport/markets/{id}/
 * settle|void|unsettle`, issue 20; admin). An operator's settlement stands over the feed's
 * decision on the market until the operator unsettles it, which gives the market back to the
 * feed (its results, or open when it has none). Every ticket on the market settles, resettles
 * or reopens through the one settlement engine, exactly once.
 */

const reasonSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .min(1, { error: 'Validation.required' })
  .max(500, { error: 'Validation.invalid_value' });

/** Most outcomes one settlement names. */
export const maxManualSettlementOutcomes = 200;

export const manualOutcomeResultSchema = z.strictObject({
  outcomeId: z.string().min(1).max(100),
  result: z.enum(['won', 'lost']),
  /** 0.5: half the stake refunded (quarter lines), 1: void; default 0 */
  voidFactor: z.union([z.literal(0), z.literal(0.5), z.literal(1)]).default(0),
  /** the share a dead heat pays, (0, 1] with at most 8 decimals; default 1 */
  deadHeatFactor: z
    .number()
    .gt(0, { error: 'Validation.invalid_value' })
    .max(1, { error: 'Validation.invalid_value' })
    .refine((value) => Number(value.toFixed(8)) === value, { error: 'Validation.invalid_value' })
    .default(1),
});

/**
 * `POST …/markets/{id}/settle`: the market's results. An outcome it does not name is lost;
 * settling a market again replaces the results (tickets whose payout changes are resettled).
 */
export const manualSettleBodySchema = z
  .strictObject({
    reason: reasonSchema,
    outcomes: z.array(manualOutcomeResultSchema).min(1).max(maxManualSettlementOutcomes),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.outcomes.forEach((outcome, index) => {
      if (seen.has(outcome.outcomeId)) {
        context.addIssue({
          code: 'custom',
          path: ['outcomes', index, 'outcomeId'],
          message: 'Validation.invalid_value',
        });
      }
      seen.add(outcome.outcomeId);
    });
  });
export type ManualSettleBody = z.infer<typeof manualSettleBodySchema>;

/** `POST …/markets/{id}/void` and `POST …/markets/{id}/unsettle`. */
export const manualReasonBodySchema = z.strictObject({ reason: reasonSchema });
export type ManualReasonBody = z.infer<typeof manualReasonBodySchema>;

export const manualSettlementParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A market's settlement as the operator left it, and what the call did to its tickets. */
export const manualSettlementSchema = z.object({
  marketId: z.number().int(),
  /** 'operator': the operator's settlement stands; 'feed': the feed's decision applies */
  decidedBy: z.enum(['operator', 'feed']),
  /** the operator's settlement (null when decided by the feed) */
  settlement: z
    .object({
      voided: z.boolean(),
      reason: z.string(),
      settledAt: z.iso.datetime(),
      outcomes: z.array(
        z.object({
          outcomeId: z.string(),
          result: z.enum(['won', 'lost']),
          voidFactor: z.number(),
          deadHeatFactor: z.number(),
        }),
      ),
    })
    .nullable(),
  /** tickets this call settled and whose standing settlement it took back */
  tickets: z.object({ settled: z.number().int(), unsettled: z.number().int() }),
});
export type ManualSettlement = z.infer<typeof manualSettlementSchema>;
