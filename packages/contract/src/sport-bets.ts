import { z } from 'zod';
import { decimalStringSchema } from './money-schemas.ts';
import { historyPageMetaSchema, historyPageQuerySchema } from './pagination.ts';
import {
  type FullCoverBet,
  fullCoverBetNames,
  maxAccumulatorSelections,
  maxSystemSelections,
  oddsChangePolicies,
  sportBetTypes,
  sportLegStatuses,
  sportTicketStatuses,
} from './sport-bet-rules.ts';

/**
 * Betting on sport (issue 20): tickets (`POST /api/v2/sport/bets`), the player's own tickets,
 * cash-out. A ticket is in the player's primary currency; amounts are decimal strings of it; odds
 * decimal strings as the feed priced them ("1.85"). Ids: tickets are uuids, events and markets
 * the book's numbers, outcomes the feed's ids.
 *
 * A ticket's `stake` is its whole stake. A system ticket stakes it evenly on each of its lines
 * (`ticketLines`): the stake must divide into whole minor units per line.
 */

/**
 * A system: `k` (each combination of k of the n selections, 2 ≤ k < n) or a full-cover name
 * whose selection count must equal n.
 */
export const systemSizeSchema = z.union([
  z
    .number()
    .int()
    .min(2)
    .max(maxSystemSelections - 1),
  z.enum(fullCoverBetNames as [FullCoverBet, ...FullCoverBet[]]),
]);

/** Decimal odds as the slip sends them back: what the player saw. */
const oddsSchema = z.string().regex(/^\d{1,6}(\.\d{1,4})?$/, { error: 'Validation.invalid_value' });

export const sportSelectionSchema = z.strictObject({
  eventId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  marketId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  outcomeId: z.string().min(1).max(100),
  odds: oddsSchema,
});
export type SportSelection = z.infer<typeof sportSelectionSchema>;

/** `POST /api/v2/sport/bets` (with `Idempotency-Key`). */
export const placeSportBetBodySchema = z.strictObject({
  type: z.enum(sportBetTypes),
  stake: decimalStringSchema,
  systemSize: systemSizeSchema.optional(),
  oddsChange: z.enum(oddsChangePolicies),
  selections: z.array(sportSelectionSchema).min(1).max(maxAccumulatorSelections),
});
export type PlaceSportBetBody = z.infer<typeof placeSportBetBodySchema>;

/**
 * Why a ticket was rejected after it was taken (during the in-play delay), or why a selection
 * cannot be backed now (`sport_selection_unavailable`'s payload).
 */
export const sportRejectionReasons = [
  /** a price moved beyond the ticket's odds-change policy */
  'odds_changed',
  /** a market was suspended, closed or settled, or the event ended */
  'selection_unavailable',
  /** a bet stop arrived for the event */
  'bet_stop',
  /** the market's or the player's liability limit would be exceeded */
  'liability_limit',
  /** the money was no longer there when the ticket was accepted */
  'insufficient_balance',
] as const;
export type SportRejectionReason = (typeof sportRejectionReasons)[number];

export const sportTicketLegSchema = z.object({
  eventId: z.number().int().positive(),
  marketId: z.number().int().positive(),
  outcomeId: z.string(),
  /** the price the leg was accepted at */
  odds: z.string(),
  sportId: z.number().int().positive(),
  /** "Home v Away" */
  eventName: z.string(),
  /** the market's and the outcome's names, in the book's own (English) wording */
  marketName: z.string(),
  outcomeName: z.string(),
  /** ISO 8601 */
  startsAt: z.string(),
  /** the event was live when the ticket was placed */
  live: z.boolean(),
  status: z.enum(sportLegStatuses),
  /** the feed's factors once settled (1 and 1 for a plain win or loss) */
  voidFactor: z.string().nullable(),
  deadHeatFactor: z.string().nullable(),
});
export type SportTicketLeg = z.infer<typeof sportTicketLegSchema>;

export const sportTicketSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(sportBetTypes),
  systemSize: systemSizeSchema.nullable(),
  /** combinations staked: 1 for a single or an accumulator */
  lines: z.number().int().positive(),
  status: z.enum(sportTicketStatuses),
  reason: z.enum(sportRejectionReasons).nullable(),
  oddsChange: z.enum(oddsChangePolicies),
  currency: z.string(),
  /** the whole stake */
  stake: z.string(),
  /** the ticket's odds: the product of its legs' (a system: the potential payout ÷ the stake), to 2 decimals, rounded down */
  odds: z.string(),
  /** what every leg winning pays (stake included) */
  potentialPayout: z.string(),
  /** what was paid when settled or cashed out (stake included); null while open */
  payout: z.string().nullable(),
  /** a partial cash-out lowers `stake` and `potentialPayout`; the sum taken out so far */
  cashedOut: z.string(),
  /** the ticket can be cashed out now (all open legs active) */
  cashoutAvailable: z.boolean(),
  placedAt: z.string(),
  /** when accepted or rejected; null while pending */
  decidedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  legs: z.array(sportTicketLegSchema),
});
export type SportTicket = z.infer<typeof sportTicketSchema>;

/**
 * `GET /api/v2/sport/bets?status=open|settled&limit&offset&cursor`, newest first (placed). A
 * history list (pagination.ts): the next page is asked for by `meta.nextCursor`, which costs the
 * same however many tickets came before; `total` counts at most `historyCountCap` from the page's
 * start.
 */
export const sportTicketsQuerySchema = historyPageQuerySchema({ max: 100, default: 20 }).extend({
  status: z.enum(['open', 'settled']).default('open'),
});
export type SportTicketsQuery = z.infer<typeof sportTicketsQuerySchema>;

export const sportTicketsPageSchema = z.object({
  items: z.array(sportTicketSchema),
  meta: historyPageMetaSchema,
});
export type SportTicketsPage = z.infer<typeof sportTicketsPageSchema>;

export const sportTicketParamsSchema = z.strictObject({ id: z.string().uuid() });

/** `POST /api/v2/sport/bets/{id}/cashout/quote` → a quote valid until `expiresAt`. */
export const sportCashoutQuoteSchema = z.object({
  quoteId: z.string().uuid(),
  /** what cashing out the whole ticket pays now */
  amount: z.string(),
  currency: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export type SportCashoutQuote = z.infer<typeof sportCashoutQuoteSchema>;

/**
 * `POST /api/v2/sport/bets/{id}/cashout` (with `Idempotency-Key`): `amount` absent cashes out the
 * whole quote; present, a part of it (0 < amount < the quote's amount): the ticket keeps the
 * rest of its stake in proportion.
 */
export const sportCashoutBodySchema = z.strictObject({
  quoteId: z.string().uuid(),
  amount: decimalStringSchema.optional(),
});
export type SportCashoutBody = z.infer<typeof sportCashoutBodySchema>;

/**
 * `transaction#{globalId}` also carries the player's ticket whenever it changes: decided after the
 * in-play delay (accepted or rejected), settled, resettled after a rollback, cashed out. (The
 * channel's other messages are the wallet's `transactionEventSchema`; this one has no `status`
 * at the top level, so the two never parse as each other.)
 */
export const sportTicketEventSchema = z.object({
  type: z.literal('sport_ticket'),
  ticket: sportTicketSchema,
});
export type SportTicketEvent = z.infer<typeof sportTicketEventSchema>;
