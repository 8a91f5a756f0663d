import type { PromoInfo } from '@casino/contract';
import { useCallback, useEffect, useState } from 'react';
import { getShowModalInfo, markShowModalShown } from '../api/show-modal-info';
import { firstDepositPromoDelay, sessionFirstMark } from '../first-deposit-timer';

/** Asks the server whether the promo is due; `show` gets it when it is. */
function checkPromo(signal: AbortSignal, show: (promo: PromoInfo) => void) {
  getShowModalInfo(signal).then(
    (info) => {
      if (info.isShowModal && info.promo) show(info.promo);
    },
    (error: unknown) => {
      // A promo is never worth an error screen; it can show in a later session.
      if (!signal.aborted) console.warn('The first-deposit promo check failed', error);
    },
  );
}

/**
 * The timed first-deposit promo (shell spec §4, §9): 10 minutes after the session's first mark
 * (at once when that has passed) the server is asked whether to show it; when it says so the
 * promo opens, and opening marks it shown. The mark is taken when the shell first renders; the
 * check runs only for a signed-in player. Each new value of `checkNow` (the player closed the
 * wallet without topping up: wallet spec §2) asks at once instead of waiting for the timer.
 */
export function useFirstDepositPromo(signedIn: boolean, checkNow = 0) {
  const [promo, setPromo] = useState<PromoInfo | null>(null);
  // the session's clock starts when the app first renders, signed in or not
  const [mark] = useState(() => sessionFirstMark(globalThis.sessionStorage, Date.now()));

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => checkPromo(controller.signal, setPromo),
      firstDepositPromoDelay(mark, Date.now()),
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [signedIn, mark]);

  useEffect(() => {
    if (!signedIn || checkNow === 0) return;
    const controller = new AbortController();
    checkPromo(controller.signal, setPromo);
    return () => controller.abort();
  }, [signedIn, checkNow]);

  /** Marks the promo shown on the server; called once it is on screen. */
  const markShown = useCallback(() => {
    markShowModalShown().catch((error: unknown) => {
      console.warn('Marking the first-deposit promo shown failed', error);
    });
  }, []);

  const dismiss = useCallback(() => setPromo(null), []);

  return { promo: signedIn ? promo : null, markShown, dismiss };
}
