import {
  broadcastNamespace,
  sportNamespaces,
  type UserChannelName,
  userChannelNames,
} from '@casino/contract';
import { type ReplyError, replyErrors } from './protocol.ts';

export const maxChannelLength = 255;

export type ChannelKind =
  /** `name#ids`: only the users listed after the last `#` may subscribe; kept with history */
  | { kind: 'user'; name: UserChannelName; userIds: string[] }
  /** `broadcast:…`, `sport_event:{id}`, `sport_live:{sportId}`: everyone, guests included; no history */
  | { kind: 'broadcast' };

/** The public namespaces: anyone may subscribe, nothing is kept for recovery. */
const publicNamespaces: readonly string[] = [broadcastNamespace, ...sportNamespaces];
/** The sportsbook's channels name an event or a sport by its id: a positive integer, as written. */
const sportIdPattern = /^[1-9][0-9]{0,15}$/;

export type ChannelAccess =
  | { allowed: true; channel: ChannelKind }
  | { allowed: false; error: ReplyError };

/**
 * Who may subscribe to `channel` (the connection's user: a globalId, or '' for a guest).
 * User-limited channels follow Centrifugo's rule: the part after the last `#` is a
 * comma-separated list of user ids, none of them empty. The public namespaces are open to
 * everyone: `broadcast:{name}`, and the sportsbook's `sport_event:{eventId}` and
 * `sport_live:{sportId}`, whose id must be a positive integer written without leading zeros.
 * Another namespace (`ns:`), or a user channel of an unknown name, is an unknown channel (102);
 * anything else a player may not read is permission denied (103).
 */
export function channelAccess(channel: string, user: string): ChannelAccess {
  if (channel === '' || channel.length > maxChannelLength) {
    return { allowed: false, error: replyErrors.badRequest };
  }
  const hash = channel.lastIndexOf('#');
  const colon = channel.indexOf(':');
  if (colon !== -1 && (hash === -1 || colon < hash)) {
    const namespace = channel.slice(0, colon);
    if (!publicNamespaces.includes(namespace)) {
      return { allowed: false, error: replyErrors.unknownChannel };
    }
    const name = channel.slice(colon + 1);
    const valid = namespace === broadcastNamespace ? name !== '' : sportIdPattern.test(name);
    if (hash !== -1 || !valid) return { allowed: false, error: replyErrors.permissionDenied };
    return { allowed: true, channel: { kind: 'broadcast' } };
  }
  if (hash === -1) return { allowed: false, error: replyErrors.permissionDenied };
  const name = channel.slice(0, hash);
  if (!(userChannelNames as readonly string[]).includes(name)) {
    return { allowed: false, error: replyErrors.unknownChannel };
  }
  const userIds = channel.slice(hash + 1).split(',');
  if (user === '' || userIds.some((id) => id === '') || !userIds.includes(user)) {
    return { allowed: false, error: replyErrors.permissionDenied };
  }
  return { allowed: true, channel: { kind: 'user', name: name as UserChannelName, userIds } };
}

/** Channels whose publications are kept for recovery: the user channels, not the public ones. */
export function hasHistory(channel: string): boolean {
  const colon = channel.indexOf(':');
  const hash = channel.lastIndexOf('#');
  if (colon === -1 || (hash !== -1 && hash < colon)) return true;
  return !publicNamespaces.includes(channel.slice(0, colon));
}
