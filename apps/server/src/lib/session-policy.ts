import type { RateLimitRule } from '../modules/platform/rate-limits/rate-limits.service.ts';

/** How sign-in is throttled for one kind of account (players or operators). */
export interface LoginThrottle {
  /** every attempt from one IP */
  perIp: RateLimitRule;
  /** failed attempts against one account (by normalised e-mail, known or not) */
  failuresPerAccount: RateLimitRule;
}

export function loginThrottle(
  prefix: string,
  limits: { perIpPerMinute: number; failuresPerAccountPer15Minutes: number },
): LoginThrottle {
  return {
    perIp: { bucket: `${prefix}_login_ip`, limit: limits.perIpPerMinute, windowSeconds: 60 },
    failuresPerAccount: {
      bucket: `${prefix}_login_account_failures`,
      limit: limits.failuresPerAccountPer15Minutes,
      windowSeconds: 15 * 60,
    },
  };
}

export function sessionExpiry(now: Date, ttlSeconds: number): Date {
  return new Date(now.getTime() + ttlSeconds * 1000);
}

/** Operators hold powerful sessions, so theirs end after a working day. */
export const operatorSessionTtlSeconds = 12 * 60 * 60;
