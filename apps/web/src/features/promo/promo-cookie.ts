import { decimalPattern, type PromoInfo, promoInfoCookie } from '@casino/contract';
import { readCookie, serializeCookie } from '@/lib/cookies';
import { type Check, integer, object, oneOf, parseShape, string } from '@/lib/shape-check';

/**
 * The contract's `promoInfoSchema`, checked with `shape-check.ts` (the promo modal is on the
 * first load, which carries no zod): a cookie is whatever the browser holds, so it is checked.
 */
const decimalString = string((value) => decimalPattern.test(value));
const promoInfo: Check<PromoInfo> = object({
  amount: decimalString,
  currency: string(),
  freespins_count: integer(0),
  freespins_amount: decimalString,
  code: string(),
  type: oneOf(['main', 'bonus', 'conditions']),
});

/** The promo info cookie (wallet spec §3): URL-encoded JSON the server sets on activation. */
export function parsePromoInfo(cookieString: string): PromoInfo | null {
  const raw = readCookie(cookieString, promoInfoCookie);
  if (!raw) return null;
  try {
    return parseShape(promoInfo, JSON.parse(raw));
  } catch {
    return null;
  }
}

export type PromoModalVariant = 'added' | 'available' | 'have-promocode';

/**
 * Wallet spec §4 "Promo modal": cookie type main → added (money credited), bonus → available
 * (a bonus granted), conditions → have-promocode (the code waits for a qualifying deposit).
 */
export function promoModalVariant(type: PromoInfo['type']): PromoModalVariant {
  switch (type) {
    case 'main':
      return 'added';
    case 'bonus':
      return 'available';
    case 'conditions':
      return 'have-promocode';
  }
}

const listeners = new Set<() => void>();
let snapshotCookie: string | null = null;
let snapshot: PromoInfo | null = null;

function currentCookieString(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/** The cookie's promo, re-read when the cookie string changed (stable between changes). */
export function readPromoCookie(): PromoInfo | null {
  const cookie = currentCookieString();
  if (cookie !== snapshotCookie) {
    snapshotCookie = cookie;
    snapshot = parsePromoInfo(cookie);
  }
  return snapshot;
}

export function subscribePromoCookie(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An activation set the cookie: whoever shows it reads it again. */
export function promoCookieChanged(): void {
  for (const listener of listeners) listener();
}

/** The modal was closed: the promo has been shown and the cookie goes. */
export function clearPromoCookie(): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's promo info lives in this cookie
  document.cookie = serializeCookie(promoInfoCookie, '', { maxAgeSeconds: 0 });
  promoCookieChanged();
}
