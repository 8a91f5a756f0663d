import { z } from 'zod';

/*
 * A module of its own, importing nothing of the contract's: the player app checks the latest bets'
 * publications on a guest's home page with it, without evaluating the wallet's schemas that
 * `realtime.ts` builds on.
 */

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
