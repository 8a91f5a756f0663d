import { z } from 'zod';

/**
 * The operators' live feed: `GET /api/backoffice/v1/events`, a Server-Sent Events stream (the
 * operator's session cookie; any operator). Each message is `event: <type>` with `data:` one JSON
 * object of the type's schema below; an `event: ready` message says the stream listens (what
 * changes from then on arrives). An event reaches an operator whose permissions
 * (`GET /api/backoffice/v1/me`) include the route that lists what it is about
 * (`operatorEventRoutes`): a live view never shows what the operator could not read.
 *
 * Events are hints to read again, never the data of record: a client refetches the list or
 * the counts the event names, and after a reconnect refetches everything it shows (events sent
 * while it was away are not replayed).
 */
export const operatorEventsPath = '/api/backoffice/v1/events';

/**
 * The payment queues an operator works through, as the dashboard counts them
 * (`reports/dashboard` `queues`) and the lists filter them (`paymentQueuePredicates`).
 */
export const paymentQueues = [
  'depositsAwaitingApproval',
  'disputes',
  'fiatWithdrawalsToPay',
  'cryptoWithdrawalsToPay',
  'unmatchedCryptoTransfers',
  'approvals',
] as const;
export const paymentQueueSchema = z.enum(paymentQueues);
export type PaymentQueue = z.infer<typeof paymentQueueSchema>;

/**
 * The one rule of what each queue holds: the lists' `queue=` filter and the dashboard's counts
 * both read it. `approvals` is everything awaiting a second operator (`GET …/approvals`).
 */
export const paymentQueuePredicates = {
  depositsAwaitingApproval: { table: 'fiat_orders', type: 'buy', status: 'wait_for_confirmation' },
  disputes: { table: 'fiat_orders', type: null, status: 'disputed' },
  fiatWithdrawalsToPay: { table: 'fiat_orders', type: 'sell', status: 'pending' },
  cryptoWithdrawalsToPay: { table: 'crypto_withdrawals', type: null, status: 'pending' },
  unmatchedCryptoTransfers: { table: 'crypto_deposits', type: null, status: 'unmatched' },
} as const satisfies Record<
  Exclude<PaymentQueue, 'approvals'>,
  { table: string; type: 'buy' | 'sell' | null; status: string }
>;

/** The fiat-order queues (`GET …/orders?queue=`). */
export const fiatOrderQueues = [
  'depositsAwaitingApproval',
  'disputes',
  'fiatWithdrawalsToPay',
] as const;
export const fiatOrderQueueSchema = z.enum(fiatOrderQueues);
export type FiatOrderQueue = z.infer<typeof fiatOrderQueueSchema>;

/** Something in these queues changed (an item came in or left): read their lists and counts again. */
export const queuesChangedEventSchema = z.object({
  queues: z.array(paymentQueueSchema).min(1),
});
export type QueuesChangedEvent = z.infer<typeof queuesChangedEventSchema>;

/** A sportsbook ticket was placed (the bet ticker). */
export const sportTicketPlacedEventSchema = z.object({
  id: z.string(),
  playerGlobalId: z.string(),
  /** decimal string in `currency` */
  stake: z.string(),
  currency: z.string(),
  odds: z.string(),
  /** `single`, `accumulator`, `system` */
  type: z.string(),
  /** `pending` (in-play delay) or `accepted` */
  status: z.string(),
  /** the first leg's event ("Home v Away") and how many legs the ticket has */
  eventId: z.number().int(),
  eventName: z.string(),
  legs: z.number().int().positive(),
  live: z.boolean(),
  placedAt: z.string(),
});
export type SportTicketPlacedEvent = z.infer<typeof sportTicketPlacedEventSchema>;

export const operatorEventTypes = ['queues.changed', 'sport.ticket'] as const;
export type OperatorEventType = (typeof operatorEventTypes)[number];

export interface OperatorEventMap {
  'queues.changed': QueuesChangedEvent;
  'sport.ticket': SportTicketPlacedEvent;
}

export const operatorEventSchemas = {
  'queues.changed': queuesChangedEventSchema,
  'sport.ticket': sportTicketPlacedEventSchema,
} as const satisfies { [Type in OperatorEventType]: z.ZodType<OperatorEventMap[Type]> };

/**
 * Who receives what: the `METHOD /path` (as `permissions` lists it) an operator needs for an
 * event about this queue, or for the bet ticker.
 */
export const operatorEventRoutes = {
  depositsAwaitingApproval: 'GET /api/backoffice/v1/orders',
  disputes: 'GET /api/backoffice/v1/orders',
  fiatWithdrawalsToPay: 'GET /api/backoffice/v1/orders',
  cryptoWithdrawalsToPay: 'GET /api/backoffice/v1/crypto/withdrawals',
  unmatchedCryptoTransfers: 'GET /api/backoffice/v1/crypto/deposits',
  approvals: 'GET /api/backoffice/v1/approvals',
  'sport.ticket': 'GET /api/backoffice/v1/sport/bets',
} as const satisfies Record<PaymentQueue | 'sport.ticket', string>;
