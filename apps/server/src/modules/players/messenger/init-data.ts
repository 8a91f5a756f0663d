import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { z } from 'zod';

/**
 * The messenger mini-app's launch data (Telegram WebApp `initData`): a query string signed by
 * the messenger with the bot's token. Verified as the messenger documents it: the secret is
 * HMAC-SHA256 of the bot token keyed with "WebAppData"; the hash is the hex HMAC-SHA256, keyed
 * with that secret, of every other field as `key=value` lines (decoded values) sorted by key.
 * The newer third-party scheme (`verifyInitDataSignature`) needs no token: the messenger signs
 * `<bot id>:WebAppData` and the same lines without `hash` and `signature` with its Ed25519 key.
 */

/** Launch data older than this is refused: a captured string must not link an account later. */
export const initDataMaxAgeSeconds = 24 * 60 * 60;
/** A clock a little behind the messenger's must not refuse fresh launch data. */
const allowedClockSkewSeconds = 5 * 60;

const messengerUserSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  username: z.string().optional(),
  first_name: z.string().optional(),
  language_code: z.string().optional(),
});

export interface VerifiedInitData {
  /** the messenger's user id, as a decimal string */
  messengerUserId: string;
  authDate: Date;
  /** the messenger user's interface language (IETF tag), when the launch data says */
  languageCode: string | null;
}

export type InitDataProblem = 'malformed' | 'bad_signature' | 'expired' | 'no_user';

/** The data-check-string and the hash the launch data claims, or null when it has no hash. */
function dataCheckString(initData: string): { checkString: string; hash: string } | null {
  const parameters = new URLSearchParams(initData);
  const hash = parameters.get('hash');
  if (hash === null || parameters.getAll('hash').length !== 1) return null;
  const keys = [...new Set(parameters.keys())].filter((key) => key !== 'hash');
  // a repeated key would make the signed string ambiguous
  if (keys.some((key) => parameters.getAll(key).length !== 1)) return null;
  keys.sort();
  return {
    hash,
    checkString: keys.map((key) => `${key}=${parameters.get(key) ?? ''}`).join('\n'),
  };
}

/** The hex hash the messenger computes for a data-check-string with this bot token. */
export function initDataHash(checkString: string, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(checkString).digest('hex');
}

type Verification = { ok: true; value: VerifiedInitData } | { ok: false; problem: InitDataProblem };

/** The launch data's age and user, once its signature was checked. */
function verifiedContent(
  parameters: URLSearchParams,
  now: Date,
  maxAgeSeconds: number,
): Verification {
  const authDate = Number(parameters.get('auth_date'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0) return { ok: false, problem: 'malformed' };
  const ageSeconds = now.getTime() / 1000 - authDate;
  if (ageSeconds > maxAgeSeconds || ageSeconds < -allowedClockSkewSeconds) {
    return { ok: false, problem: 'expired' };
  }
  const userJson = parameters.get('user');
  if (userJson === null) return { ok: false, problem: 'no_user' };
  let user: z.infer<typeof messengerUserSchema>;
  try {
    const result = messengerUserSchema.safeParse(JSON.parse(userJson));
    if (!result.success) return { ok: false, problem: 'no_user' };
    user = result.data;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  return {
    ok: true,
    value: {
      messengerUserId: String(user.id),
      authDate: new Date(authDate * 1000),
      languageCode: user.language_code ?? null,
    },
  };
}

/**
 * Checks the bot-token signature (`hash`) and the age of launch data; answers the messenger
 * user it names, or why it is refused. Compared in constant time.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  now: Date,
  maxAgeSeconds: number = initDataMaxAgeSeconds,
): Verification {
  const parsed = dataCheckString(initData);
  if (!parsed || !/^[0-9a-f]{64}$/.test(parsed.hash)) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(initDataHash(parsed.checkString, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(parsed.hash, 'hex'))) {
    return { ok: false, problem: 'bad_signature' };
  }
  return verifiedContent(new URLSearchParams(initData), now, maxAgeSeconds);
}

/**
 * The lines the messenger signs for third parties: `<bot id>:WebAppData`, then every field but
 * `hash` and `signature` as `key=value`, sorted by key. Null when a field repeats.
 */
function thirdPartyCheckString(parameters: URLSearchParams, botId: string): string | null {
  const keys = [...new Set(parameters.keys())].filter(
    (key) => key !== 'hash' && key !== 'signature',
  );
  if (keys.some((key) => parameters.getAll(key).length !== 1)) return null;
  keys.sort();
  return [`${botId}:WebAppData`, ...keys.map((key) => `${key}=${parameters.get(key) ?? ''}`)].join(
    '\n',
  );
}

/** What the messenger signs with its Ed25519 key for this bot (exported for test signers). */
export function thirdPartySignedText(initData: string, botId: string): string | null {
  return thirdPartyCheckString(new URLSearchParams(initData), botId);
}

/**
 * Checks the messenger's Ed25519 signature for third parties (the `signature` field, base64url)
 * of launch data opened in the bot `botId`, with the messenger's public key (hex), and its age.
 */
export function verifyInitDataSignature(
  initData: string,
  botId: string,
  publicKeyHex: string,
  now: Date,
  maxAgeSeconds: number,
): Verification {
  const parameters = new URLSearchParams(initData);
  const signature = parameters.get('signature');
  if (signature === null || parameters.getAll('signature').length !== 1) {
    return { ok: false, problem: 'malformed' };
  }
  const checkString = thirdPartyCheckString(parameters, botId);
  if (checkString === null || !/^[A-Za-z0-9_-]{86}(==)?$/.test(signature)) {
    return { ok: false, problem: 'malformed' };
  }
  let valid = false;
  try {
    valid = ed25519.verify(
      Buffer.from(signature, 'base64url'),
      Buffer.from(checkString, 'utf8'),
      Buffer.from(publicKeyHex, 'hex'),
    );
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, problem: 'bad_signature' };
  return verifiedContent(parameters, now, maxAgeSeconds);
}

/**
 * One launch's identity, whichever scheme signed it and however its fields are ordered: the
 * SHA-256 of the bot id and its fields but `hash` and `signature`, sorted. A used launch is
 * remembered by it (replay protection). Call only on verified launch data.
 */
export function launchKey(initData: string, botId: string): Buffer {
  const text = thirdPartySignedText(initData, botId) ?? initData;
  return createHash('sha256').update(text).digest();
}
