import { z } from 'zod';
import { transactionStatusSchema, transactionTypeSchema } from './transaction-kinds.ts';
import { balanceSchema } from './wallet.ts';

/** `balance#{globalId}`: the whole balance after the change, as `GET /api/v1/balance` answers. */
export const balanceEventSchema = balanceSchema;
export type BalanceEvent = z.infer<typeof balanceEventSchema>;

/**
 * `transaction#{globalId}`: an order or transfer changed status (spec §3 "Transaction event").
 * `type` is the history item type (buy / sell for fiat orders, deposit / withdraw for crypto).
 */
export const transactionEventSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  /** decimal amount in `currency` */
  amount: z.string(),
  currency: z.string(),
  /** ISO 8601 time of the change */
  timestamp: z.string(),
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

/** `tournaments#{globalId}`: the player won a place in a finished tournament. */
export const tournamentEventSchema = z.object({
  type: z.literal('win'),
  tournamentId: z.string(),
  /** the tournament's name in the player's language, else English */
  name: z.string(),
  place: z.number().int().positive(),
  prize: z.object({ value: z.string(), currency: z.string() }),
});
export type TournamentEvent = z.infer<typeof tournamentEventSchema>;

/** `interface_actions#{globalId}`: the server asks the app to act on a game (e.g. reopen it). */
export const interfaceActionEventSchema = z.object({
  action: z.string(),
  gameId: z.string(),
});
export type InterfaceActionEvent = z.infer<typeof interfaceActionEventSchema>;

/**
 * `GET /api/v1/realtime`: where the app connects. Relative (`/connection/websocket`, the
 * built-in server) or absolute (`wss://…`, an external Centrifugo cluster).
 */
export const realtimeConfigSchema = z.object({ url: z.string() });
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
