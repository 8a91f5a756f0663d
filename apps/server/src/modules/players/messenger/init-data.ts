import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The messenger mini-app's launch data (Telegram WebApp `initData`): a query string signed by
 * the messenger with the bot's token. Verified as the messenger documents it: the secret is
 * HMAC-SHA256 of the bot token keyed with "WebAppData"; the hash is the hex HMAC-SHA256, keyed
 * with that secret, of every other field as `key=value` lines (decoded values) sorted by key.
 */

/** Launch data older than this is refused: a captured string must not link an account later. */
export const initDataMaxAgeSeconds = 24 * 60 * 60;
/** A clock a little behind the messenger's must not refuse fresh launch data. */
const allowedClockSkewSeconds = 5 * 60;

const messengerUserSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  username: z.string().optional(),
  first_name: z.string().optional(),
});

export interface VerifiedInitData {
  /** the messenger's user id, as a decimal string */
  messengerUserId: string;
  authDate: Date;
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

/**
 * Checks the signature and age of launch data; answers the messenger user it names, or why it
 * is refused. Compared in constant time.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  now: Date,
): { ok: true; value: VerifiedInitData } | { ok: false; problem: InitDataProblem } {
  const parsed = dataCheckString(initData);
  if (!parsed || !/^[0-9a-f]{64}$/.test(parsed.hash)) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(initDataHash(parsed.checkString, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(parsed.hash, 'hex'))) {
    return { ok: false, problem: 'bad_signature' };
  }
  const parameters = new URLSearchParams(initData);
  const authDate = Number(parameters.get('auth_date'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0) return { ok: false, problem: 'malformed' };
  const ageSeconds = now.getTime() / 1000 - authDate;
  if (ageSeconds > initDataMaxAgeSeconds || ageSeconds < -allowedClockSkewSeconds) {
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
    value: { messengerUserId: String(user.id), authDate: new Date(authDate * 1000) },
  };
}
