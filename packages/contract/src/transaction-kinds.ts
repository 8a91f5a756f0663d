import { z } from 'zod';

/*
 * The wallet history's statuses and types, apart from the rest of the wallet's schemas
 * (`fiat-wallet.ts`): the realtime client checks its publications with them, and importing them
 * from the wallet's module ran all of its schemas in a page's load.
 */

/** Spec §4 "Transaction statuses": what history items and orders show. */
export const transactionStatuses = [
  'pending',
  'waiting',
  'wait_for_confirmation',
  'completed',
  'refund',
  'declined',
  'timeouted',
  'disputed',
] as const;
export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** History item types (spec §3): fiat orders are buy / sell, crypto transfers deposit / withdraw. */
export const transactionTypes = ['deposit', 'withdraw', 'buy', 'sell'] as const;
export const transactionTypeSchema = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionTypeSchema>;
