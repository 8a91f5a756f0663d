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

/** `broadcast:last_bet`: one settled round, the player's name masked. */
export const lastBetSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  gameTitle: z.string(),
  /** masked display name, e.g. `Jo***n` */
  player: z.string(),
  /** decimal stake in `currency` */
  bet: z.string(),
  /** decimal multiplier, e.g. `2.00` */
  multiplier: z.string(),
  /** decimal payout in `currency` (0 when lost) */
  payout: z.string(),
  currency: z.string(),
  /** ISO 8601 settlement time */
  timestamp: z.string(),
});
export type LastBet = z.infer<typeof lastBetSchema>;

/**
 * `GET /api/v1/realtime`: where the app connects. Relative (`/connection/websocket`, the
 * built-in server) or absolute (`wss://…`, an external Centrifugo cluster).
 */
export const realtimeConfigSchema = z.object({ url: z.string() });
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

/**
 * Close codes the server ends a player's connection with when the player behind it may no longer
 * have it. Centrifugo's rule: from 3500 to 3999 and from 4500 to 4999 the client does not
 * reconnect; from 4000 to 4499 it does. On each of these the app asks `GET /api/v1/me` again,
 * whose answer says what happened (401 `user_banned`: the ban screen; 401 `unauthorized`: the
 * session ended).
 */
export const realtimeCloseCodes = {
  /** Centrifugo's "invalid token": a bad signature, no such player, or the session ended */
  invalidToken: 3500,
  /** the player was banned */
  banned: 4501,
  /** the sign-in session the connection speaks for ended: signed out, or revoked */
  sessionEnded: 4502,
  /**
   * One of the player's sessions ended, and the server cannot tell which connections belong to
   * it (an external Centrifugo knows only the player): every connection of the player gets a
   * fresh token before it reconnects, and only an open session gets one.
   */
  reauthenticate: 4001,
} as const;
