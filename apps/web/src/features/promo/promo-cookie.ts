import { decimalPattern, type PromoInfo, promoInfoCookie } from '@casino/contract';
import * as z from 'zod/mini';
import { readCookie, serializeCookie } from '@/lib/cookies';

/**
 * The contract's `promoInfoSchema` in `zod/mini` (the promo modal is on the first load, which
 * carries no full zod): a cookie is whatever the browser holds, so it is checked.
 */
const decimalStringSchema = z.string().check(z.regex(decimalPattern));
const promoInfoSchema = z.object({
  amount: decimalStringSchema,
  currency: z.string(),
  freespins_count: z.int().check(z.gte(0)),
  freespins_amount: decimalStringSchema,
  code: z.string(),
  type: z.enum(['main', 'bonus', 'conditions']),
}) satisfies z.ZodMiniType<PromoInfo>;

/** The promo info cookie (wallet spec §3): URL-encoded JSON the server sets on activation. */
export function parsePromoInfo(cookieString: string): PromoInfo | null {
  const raw = readCookie(cookieString, promoInfoCookie);
  if (!raw) return null;
  try {
    const parsed = promoInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
