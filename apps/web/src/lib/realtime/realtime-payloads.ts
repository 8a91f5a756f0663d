import {
  balanceEventSchema,
  interfaceActionEventSchema,
  lastBetSchema,
  lateDepositNoticeSchema,
  sportEventUpdateSchema,
  sportLiveUpdateSchema,
  sportTicketEventSchema,
  tournamentEventSchema,
  transactionEventSchema,
} from '@casino/contract';
import { z } from 'zod';

/**
 * What each kind of channel carries (`packages/contract/src/realtime.ts`, the sportsbook's live
 * channels), by the name a listener gives (`useRealtimeChannel(channel, kind, …)`). Every
 * publication is checked against its kind's schema before a listener sees it: it crossed a
 * realtime server and may come from a publisher of another version. This module is fetched with
 * the realtime client, after the first paint, so zod stays out of the first load.
 *
 * `transaction` (the player's `transaction#`) carries the wallet's transaction events and the
 * sportsbook's ticket events, told apart by their `ticket` (`isSportTicketEvent`), and the
 * responsible-gambling notice of a deposit credited past a limit (`notice`).
 */
export const realtimePayloadSchemas = {
  balance: balanceEventSchema,
  transaction: z.union([lateDepositNoticeSchema, sportTicketEventSchema, transactionEventSchema]),
  tournaments: tournamentEventSchema,
  interface_actions: interfaceActionEventSchema,
  last_bet: lastBetSchema,
  sport_live: sportLiveUpdateSchema,
  sport_event: sportEventUpdateSchema,
} satisfies Record<string, z.ZodType>;

export type RealtimePayloadKind = keyof typeof realtimePayloadSchemas;
export type RealtimePayload<Kind extends RealtimePayloadKind> = z.output<
  (typeof realtimePayloadSchemas)[Kind]
>;
