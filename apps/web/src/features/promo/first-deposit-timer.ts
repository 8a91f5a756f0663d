import { firstDepositPromoDelayMs } from '@casino/contract';

/** Shell spec §9: the first session mark is kept for the session (sessionStorage). */
export const sessionFirstMarkKey = 'session_first_mark';

/**
 * The session's first mark (epoch ms): the stored one, or `nowMs`, stored now, when the session
 * has none yet. Without storage the mark lives for this page only.
 */
export function sessionFirstMark(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  nowMs: number,
): number {
  try {
    const stored = Number(storage?.getItem(sessionFirstMarkKey));
    if (Number.isFinite(stored) && stored > 0 && stored <= nowMs) return stored;
    storage?.setItem(sessionFirstMarkKey, String(nowMs));
  } catch {
    // Private mode without storage: the mark is this page's start.
  }
  return nowMs;
}

/** How long until the first-deposit promo is due: 10 minutes after the mark, 0 when passed. */
export function firstDepositPromoDelay(markMs: number, nowMs: number): number {
  return Math.max(0, markMs + firstDepositPromoDelayMs - nowMs);
}
