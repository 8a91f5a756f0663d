import { realtimeCloseCodes } from '@casino/contract';

/**
 * The Centrifugo client protocol (v2, JSON encoding) as the official `centrifuge` client speaks
 * it: each WebSocket text frame carries one or more newline-separated JSON commands
 * `{"id":1,"connect":{…}}`; the server answers `{"id":1,"connect":{…}}` or
 * `{"id":1,"error":{"code":103,"message":"permission denied"}}`, pushes
 * `{"push":{"channel":"…","pub":{"data":…,"offset":7}}}`, pings with `{}` (the client pongs
 * with `{}`), and ends a connection with a close code: 3000–3499 and 4000–4499 the client
 * reconnects, 3500–3999 and 4500–4999 it does not.
 */

export interface ReplyError {
  code: number;
  message: string;
  temporary?: boolean;
}

/** Reply error codes (Centrifugo's numbering). */
export const replyErrors = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unauthorized: { code: 101, message: 'unauthorized' },
  unknownChannel: { code: 102, message: 'unknown channel' },
  permissionDenied: { code: 103, message: 'permission denied' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
  expired: { code: 110, message: 'expired' },
  tooManyRequests: { code: 111, message: 'too many requests', temporary: true },
  unrecoverablePosition: { code: 112, message: 'unrecoverable position' },
} as const satisfies Record<string, ReplyError>;

export interface Disconnect {
  code: number;
  reason: string;
}

/**
 * Close codes (Centrifugo's, then the app's). 3000–3499 and 4000–4499: the client reconnects
 * (with backoff); 3500–3999 and 4500–4999: it stays closed.
 */
export const disconnects = {
  shutdown: { code: 3001, reason: 'shutdown' },
  serverError: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  slow: { code: 3008, reason: 'slow' },
  writeError: { code: 3009, reason: 'write error' },
  insufficientState: { code: 3010, reason: 'insufficient state' },
  forceReconnect: { code: 3011, reason: 'force reconnect' },
  noPong: { code: 3012, reason: 'no pong' },
  tooManyRequests: { code: 3013, reason: 'too many requests' },
  invalidToken: { code: realtimeCloseCodes.invalidToken, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  forceNoReconnect: { code: 3503, reason: 'force disconnect' },
  connectionLimit: { code: 3504, reason: 'connection limit' },
  channelLimit: { code: 3505, reason: 'channel limit' },
  permissionDenied: { code: 3507, reason: 'permission denied' },
  /** an asynchronous message (`send`) with no handler for it on the server */
  notAvailable: { code: 3508, reason: 'not available' },
  // The app's own terminal codes (4500–4999): the app asks /api/v1/me what happened.
  banned: { code: realtimeCloseCodes.banned, reason: 'banned' },
  sessionEnded: { code: realtimeCloseCodes.sessionEnded, reason: 'session ended' },
} as const satisfies Record<string, Disconnect>;

/** Unsubscribe push codes: from 2500 the client subscribes again (recovering its position). */
export const unsubscribes = {
  insufficientState: { code: 2500, reason: 'insufficient state' },
} as const;

/** Subscribe flags the client sends (bit field). */
export const subscribeFlags = {
  channelCompaction: 1,
  /** fail the subscribe with 112 instead of answering `recovered: false` */
  rejectUnrecovered: 2,
} as const;

export interface ConnectRequest {
  token?: string;
  name?: string;
  version?: string;
}

export interface SubscribeRequest {
  channel: string;
  recover?: boolean;
  epoch?: string;
  offset?: number;
  flag?: number;
  /** map / shared-poll subscriptions (types 1–4) are not offered */
  type?: number;
}

export interface HistoryRequest {
  channel: string;
  /** 0 or absent: the position only; negative: every publication kept (as Centrifugo reads it) */
  limit?: number;
  since?: { offset?: number; epoch?: string };
  reverse?: boolean;
}

export type Method =
  | 'connect'
  | 'subscribe'
  | 'unsubscribe'
  | 'refresh'
  | 'publish'
  | 'presence'
  | 'presence_stats'
  | 'history'
  | 'rpc'
  | 'send'
  | 'sub_refresh';

const methods: readonly Method[] = [
  'connect',
  'subscribe',
  'unsubscribe',
  'refresh',
  'publish',
  'presence',
  'presence_stats',
  'history',
  'rpc',
  'send',
  'sub_refresh',
];

/** One decoded command of a frame. */
export type Command =
  | { kind: 'pong' }
  | { kind: 'method'; id: number; method: Method; params: Record<string, unknown> };

export class ProtocolError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Splits a frame into commands, in order. Any line that is not a JSON object, an id that is not
 * a positive integer, a command with an id but no method we know (an unknown method, or only
 * the id), a method whose parameters are not an object, or a command carrying two methods is a
 * protocol violation: the connection is closed with 3501 bad request, as Centrifugo closes it.
 */
export function decodeFrame(frame: string, maxCommands: number): Command[] {
  const commands: Command[] = [];
  for (const line of frame.split('\n')) {
    if (line.trim() === '') continue;
    if (commands.length >= maxCommands) throw new ProtocolError('too many commands in one frame');
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new ProtocolError('malformed JSON');
    }
    if (!isRecord(value)) throw new ProtocolError('a command must be a JSON object');
    commands.push(decodeCommand(value));
  }
  if (commands.length === 0) throw new ProtocolError('empty frame');
  return commands;
}

function decodeCommand(value: Record<string, unknown>): Command {
  const { id, ...rest } = value;
  if (id !== undefined && (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0)) {
    throw new ProtocolError('the id must be a non-negative integer');
  }
  const present = methods.filter((method) => rest[method] !== undefined && rest[method] !== null);
  if (present.length > 1) throw new ProtocolError('a command carries one method');
  const method = present[0];
  const numericId = id ?? 0;
  if (method === undefined) {
    if (numericId === 0) {
      if (Object.keys(rest).length === 0) return { kind: 'pong' };
      throw new ProtocolError('a command without id must be a pong or a send');
    }
    throw new ProtocolError('a command with an id carries a method we know');
  }
  const params = rest[method];
  if (!isRecord(params)) throw new ProtocolError(`${method} parameters must be an object`);
  if (numericId === 0 && method !== 'send') throw new ProtocolError(`${method} needs an id`);
  return { kind: 'method', id: numericId, method, params };
}

function optionalString(params: Record<string, unknown>, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ProtocolError(`${key} must be a string`);
  return value;
}

function optionalInteger(params: Record<string, unknown>, key: string): number | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ProtocolError(`${key} must be a non-negative integer`);
  }
  return value;
}

/** An integer of any sign (a history limit below zero means no limit). */
function optionalSignedInteger(params: Record<string, unknown>, key: string): number | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new ProtocolError(`${key} must be an integer`);
  }
  return value;
}

function optionalBoolean(params: Record<string, unknown>, key: string): boolean | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new ProtocolError(`${key} must be a boolean`);
  return value;
}

/** Strips `undefined` so the result satisfies exact optional property types. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export function parseConnect(params: Record<string, unknown>): ConnectRequest {
  return defined({
    token: optionalString(params, 'token'),
    name: optionalString(params, 'name'),
    version: optionalString(params, 'version'),
  });
}

export function parseSubscribe(params: Record<string, unknown>): SubscribeRequest {
  const channel = optionalString(params, 'channel');
  if (channel === undefined) throw new ProtocolError('channel is required');
  return defined({
    channel,
    recover: optionalBoolean(params, 'recover'),
    epoch: optionalString(params, 'epoch'),
    offset: optionalInteger(params, 'offset'),
    flag: optionalInteger(params, 'flag'),
    type: optionalInteger(params, 'type'),
  });
}

export function parseChannelOnly(params: Record<string, unknown>): { channel: string } {
  const channel = optionalString(params, 'channel');
  if (channel === undefined) throw new ProtocolError('channel is required');
  return { channel };
}

export function parseRefresh(params: Record<string, unknown>): { token: string } {
  const token = optionalString(params, 'token');
  if (token === undefined || token === '') throw new ProtocolError('token is required');
  return { token };
}

export function parseHistory(params: Record<string, unknown>): HistoryRequest {
  const { channel } = parseChannelOnly(params);
  const since = params.since;
  if (since !== undefined && since !== null && !isRecord(since)) {
    throw new ProtocolError('since must be an object');
  }
  return defined({
    channel,
    limit: optionalSignedInteger(params, 'limit'),
    since: since
      ? defined({ offset: optionalInteger(since, 'offset'), epoch: optionalString(since, 'epoch') })
      : undefined,
    reverse: optionalBoolean(params, 'reverse'),
  });
}

// ─── encoding ───────────────────────────────────────────────────────────────────────────────

/** A publication as it travels: `data` is already JSON text, embedded as is. */
export interface Publication {
  channel: string;
  /** null on channels without history (broadcasts) */
  epoch: string | null;
  offset: number | null;
  data: string;
}

function publicationBody(publication: Publication): string {
  const offset = publication.offset === null ? '' : `,"offset":${publication.offset}`;
  return `{"data":${publication.data}${offset}}`;
}

/** The push frame of a publication: built once, sent to every subscriber as is. */
export function encodePublicationPush(publication: Publication): string {
  return `{"push":{"channel":${JSON.stringify(publication.channel)},"pub":${publicationBody(publication)}}}`;
}

export function encodeReply(id: number, method: Method, result: Record<string, unknown>): string {
  return `{"id":${id},${JSON.stringify(method)}:${JSON.stringify(result)}}`;
}

/** A reply whose result lists publications (subscribe with recovery, history). */
export function encodeReplyWithPublications(
  id: number,
  method: Method,
  result: Record<string, unknown>,
  publications: Publication[],
): string {
  const fields = JSON.stringify(result).slice(1, -1);
  const list = publications.map(publicationBody).join(',');
  const separator = fields === '' ? '' : ',';
  return `{"id":${id},${JSON.stringify(method)}:{${fields}${separator}"publications":[${list}]}}`;
}

export function encodeError(id: number, error: ReplyError): string {
  return JSON.stringify({ id, error });
}

export function encodeUnsubscribePush(channel: string, code: number, reason: string): string {
  return JSON.stringify({ push: { channel, unsubscribe: { code, reason } } });
}

export const pingFrame = '{}';
