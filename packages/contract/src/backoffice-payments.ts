import { z } from 'zod';
import { fiatOrderQueueSchema } from './backoffice-realtime.ts';
import { incomingTransferStatusSchema } from './crypto-wallet.ts';
import { fiatOrderStatusSchema, fiatOrderTypeSchema } from './fiat-wallet.ts';
import {
  historyCursorSchema,
  historyPageMetaSchema,
  pageLimitSchema,
  pageOffsetSchema,
} from './pagination.ts';

/** an instant (ISO 8601 with offset) or a day (`YYYY-MM-DD`, UTC) */
const instantOrDay = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'Validation.invalid_value',
});

/**
 * Where a `…From`/`…To` filter starts or ends: an instant as given; a day from its start
 * (`From`) or to its end (`To`: the next day's start, exclusive), in UTC.
 */
export function filterBoundary(value: string, edge: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    return edge === 'from' ? start : new Date(start.getTime() + 86_400_000);
  }
  return new Date(value);
}
const currencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'Validation.invalid_value' });
const globalId = z.string().min(1).max(100);

/**
 * `GET /api/backoffice/v1/orders`: fiat orders. Filters combine: `queue` (the queue's rule,
 * backoffice-realtime.ts), status, type, playerGlobalId, currency, methodId, `createdFrom`
 * and `createdTo` (`filterBoundary`). `sort=createdAt` with `order` `desc` (newest first, the
 * default) or `asc` (oldest first: a queue worked in turn). `cursor`: the previous page's
 * `meta.nextCursor`.
 */
export const backofficeOrdersQuerySchema = z.strictObject({
  queue: fiatOrderQueueSchema.optional(),
  status: fiatOrderStatusSchema.optional(),
  type: fiatOrderTypeSchema.optional(),
  playerGlobalId: globalId.optional(),
  currency: currencyCode.optional(),
  methodId: z.string().min(1).max(100).optional(),
  createdFrom: instantOrDay.optional(),
  createdTo: instantOrDay.optional(),
  sort: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  offset: pageOffsetSchema(1_000_000),
  limit: pageLimitSchema(100, 50),
  cursor: historyCursorSchema.optional(),
});
export type BackofficeOrdersQuery = z.infer<typeof backofficeOrdersQuerySchema>;

/**
 * The filters the operators' crypto lists share (`…/crypto/withdrawals`, `…/crypto/deposits`):
 * playerGlobalId, method (the crypto method's code, e.g. USDTTRC20), createdFrom/createdTo
 * (`filterBoundary`), `sort=createdAt` with `order` desc (default) or asc.
 */
export const paymentListFilterShape = {
  playerGlobalId: globalId.optional(),
  method: z.string().min(1).max(40).optional(),
  createdFrom: instantOrDay.optional(),
  createdTo: instantOrDay.optional(),
  sort: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

/** `POST …/orders/{id}/decline`: the operator's reason, kept with the order (optional). */
export const declineOrderBodySchema = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1, { error: 'Validation.required' })
      .max(500, { error: 'Validation.invalid_value' })
      .optional(),
  })
  // no body at all, as before reasons: a decline without one
  .nullish();
export type DeclineOrderBody = z.infer<typeof declineOrderBodySchema>;

export const approvalKinds = ['p2p_order', 'crypto_withdrawal', 'adjustment'] as const;
export const approvalKindSchema = z.enum(approvalKinds);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;

/**
 * `GET /api/backoffice/v1/approvals`: everything awaiting a second operator's approval (maker-
 * checker), oldest first. `kind=withdrawal` (fiat payouts and crypto withdrawals) or
 * `adjustment` (manual balance adjustments); filters `currency`, `playerGlobalId`.
 */
export const approvalsQuerySchema = z.strictObject({
  kind: z.enum(['withdrawal', 'adjustment']).optional(),
  currency: currencyCode.optional(),
  playerGlobalId: globalId.optional(),
  offset: pageOffsetSchema(100_000),
  limit: pageLimitSchema(100, 50),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuerySchema>;

export const pendingApprovalSchema = z.object({
  kind: approvalKindSchema,
  /** the order's, the crypto withdrawal's or the adjustment's id */
  id: z.string(),
  playerGlobalId: z.string(),
  currency: z.string(),
  /** decimal string; an adjustment's is signed (a debit is negative) */
  amount: z.string(),
  /** the adjustment's reason; null for a withdrawal */
  reason: z.string().nullable(),
  /** the operator who asked first (the one who may not approve it) */
  firstApprover: z.object({ id: z.string(), email: z.string() }),
  /** when the first operator asked */
  requestedAt: z.string(),
  /** when the withdrawal or adjustment was created */
  createdAt: z.string(),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

export const approvalsPageSchema = z.object({
  items: z.array(pendingApprovalSchema),
  meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
});
export type ApprovalsPage = z.infer<typeof approvalsPageSchema>;

/** An incoming crypto transfer as operators list it (`GET /api/backoffice/v1/crypto/deposits`). */
export const backofficeCryptoDepositSchema = z.object({
  id: z.string(),
  status: incomingTransferStatusSchema,
  currency: z.string(),
  network: z.string(),
  txHash: z.string(),
  outputIndex: z.number().int(),
  provider: z.string().nullable(),
  address: z.string().nullable(),
  memo: z.string().nullable(),
  amount: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  playerGlobalId: z.string().nullable(),
  credited: z.object({ value: z.string(), currency: z.string() }).nullable(),
  rate: z.string().nullable(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});

export const backofficeCryptoDepositListSchema = z.object({
  items: z.array(backofficeCryptoDepositSchema),
  meta: historyPageMetaSchema,
});
export type BackofficeCryptoDeposit = z.infer<typeof backofficeCryptoDepositSchema>;
