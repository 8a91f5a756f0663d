import { z } from 'zod';
import { paymentListFilterShape } from './backoffice-payments.ts';
import { cryptoWithdrawalSchema } from './crypto-wallet.ts';
import {
  historyCursorSchema,
  historyPageMetaSchema,
  pageLimitSchema,
  pageOffsetSchema,
} from './pagination.ts';

export const cryptoWithdrawalStatuses = ['pending', 'completed', 'declined', 'refund'] as const;
export const cryptoWithdrawalStatusSchema = z.enum(cryptoWithdrawalStatuses);
export type CryptoWithdrawalStatus = z.infer<typeof cryptoWithdrawalStatusSchema>;

/** `GET /api/backoffice/v1/crypto/withdrawals?status=`: newest first. */
export const backofficeCryptoWithdrawalsQuerySchema = z.strictObject({
  status: cryptoWithdrawalStatusSchema.optional(),
  ...paymentListFilterShape,
  offset: pageOffsetSchema(1_000_000),
  limit: pageLimitSchema(100, 50),
  /** the previous page's `meta.nextCursor` (pagination.ts) */
  cursor: historyCursorSchema.optional(),
});

/** A crypto withdrawal as the operator settles it (the payout provider's sandbox). */
export const backofficeCryptoWithdrawalSchema = cryptoWithdrawalSchema.extend({
  playerGlobalId: z.string(),
  network: z.string(),
  /** the chain transaction (or the crypto-bot transfer id) once paid */
  txHash: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** asset → primary currency rate the hold was priced at */
  rate: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type BackofficeCryptoWithdrawal = z.infer<typeof backofficeCryptoWithdrawalSchema>;

export const backofficeCryptoWithdrawalListSchema = z.object({
  items: z.array(backofficeCryptoWithdrawalSchema),
  meta: historyPageMetaSchema,
});
