/*
 * The names of the realtime channels, apart from what they carry (`realtime.ts`, `sport.ts`):
 * zod-free, so that the player app's first load (the latest-bets widget, the player's own
 * channels) takes them without the schemas.
 */

/**
 * Realtime channels (shell spec §7). User channels are Centrifugo user-limited channels: the
 * part after the last `#` names the only user (globalId) allowed to subscribe. `broadcast:`
 * channels are open to everyone, guests included.
 */
export const userChannelNames = [
  'balance',
  'transaction',
  'tournaments',
  'interface_actions',
] as const;
export type UserChannelName = (typeof userChannelNames)[number];

export const broadcastNamespace = 'broadcast';

export function userChannel(name: UserChannelName, globalId: string): string {
  return `${name}#${globalId}`;
}

export const lastBetChannel = `${broadcastNamespace}:last_bet`;

/** Spec §9: the latest-bets widget keeps this many bets from `broadcast:last_bet`. */
export const latestBetsKept = 10;

/**
 * Live odds over the realtime server (public channels, guests included, no history):
 * `sport_event:{eventId}` carries every change of one event; `sport_live:{sportId}` carries the
 * changes of that sport's listed events restricted to their main market (the overview and sport
 * pages). The server coalesces bursts (a publication at most every few hundred milliseconds per
 * channel) and sends each changed market whole, never a delta of a price.
 */
export const sportEventNamespace = 'sport_event';
export const sportLiveNamespace = 'sport_live';
export const sportNamespaces = [sportEventNamespace, sportLiveNamespace] as const;

export function sportEventChannel(eventId: number): string {
  return `${sportEventNamespace}:${eventId}`;
}

export function sportLiveChannel(sportId: number): string {
  return `${sportLiveNamespace}:${sportId}`;
}
