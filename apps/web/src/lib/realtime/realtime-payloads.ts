import type { z } from 'zod';
import type * as broadcast from './realtime-payloads-broadcast';
import type * as player from './realtime-payloads-player';
import type * as sport from './realtime-payloads-sport';

/**
 * What each kind of channel carries (`packages/contract/src/realtime.ts`, `last-bet.ts`, the
 * sportsbook's live channels), by the name a listener gives (`useRealtimeChannel(channel, kind,
 * …)`). Every publication is checked against its kind's schema before a listener sees it: it
 * crossed a realtime server and may come from a publisher of another version.
 *
 * The schemas (zod) are fetched when a listener of their kind first subscribes, in three groups:
 * the broadcast channels (a guest's home page: the latest bets), the sportsbook's live channels
 * and a player's own channels. Building a group's schemas is a task of its own, and a guest's home
 * page no longer builds the wallet's and the sportsbook's (all of them at once were one task of
 * 50–120 ms at a phone's 4× slower CPU). This module holds only their types and the loader, so
 * zod stays out of the first load.
 */
type PayloadSchemas = typeof broadcast.payloadSchemas &
  typeof sport.payloadSchemas &
  typeof player.payloadSchemas;

export type RealtimePayloadKind = keyof PayloadSchemas;
export type RealtimePayload<Kind extends RealtimePayloadKind> = z.output<PayloadSchemas[Kind]>;

/** The schema of `kind`'s publications, its group's module fetched at its first use. */
export async function loadPayloadSchema(kind: RealtimePayloadKind): Promise<z.ZodType> {
  const { payloadSchemas } = await (kind === 'last_bet'
    ? import('./realtime-payloads-broadcast')
    : kind === 'sport_live' || kind === 'sport_event'
      ? import('./realtime-payloads-sport')
      : import('./realtime-payloads-player'));
  // each group's module holds the schemas of its kinds (the type above is made of them)
  return (payloadSchemas as Partial<Record<RealtimePayloadKind, z.ZodType>>)[kind] as z.ZodType;
}
