import { lastBetSchema } from '@casino/contract';

/** What the broadcast channels carry: a guest's home page needs nothing else (`realtime-payloads.ts`). */
export const payloadSchemas = {
  last_bet: lastBetSchema,
};
