import { sportEventUpdateSchema, sportLiveUpdateSchema } from '@casino/contract';

/** What the sportsbook's live channels carry (`realtime-payloads.ts`). */
export const payloadSchemas = {
  sport_live: sportLiveUpdateSchema,
  sport_event: sportEventUpdateSchema,
};
