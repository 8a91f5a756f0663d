import {
  balanceEventSchema,
  interfaceActionEventSchema,
  lateDepositNoticeSchema,
  sportTicketEventSchema,
  tournamentEventSchema,
  transactionEventSchema,
} from '@casino/contract';
import { z } from 'zod';

/**
 * What a player's own channels carry (`realtime-payloads.ts`). `transaction` (the player's
 * `transaction#`) carries the wallet's transaction events and the sportsbook's ticket events, told
 * apart by their `ticket` (`isSportTicketEvent`), and the responsible-gambling notice of a deposit
 * credited past a limit (`notice`).
 */
export const payloadSchemas = {
  balance: balanceEventSchema,
  transaction: z.union([lateDepositNoticeSchema, sportTicketEventSchema, transactionEventSchema]),
  tournaments: tournamentEventSchema,
  interface_actions: interfaceActionEventSchema,
};
