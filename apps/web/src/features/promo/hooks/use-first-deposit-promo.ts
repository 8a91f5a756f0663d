import type { PromoInfo } from '@casino/contract';
import { useCallback, useEffect, useState } from 'react';
import { getShowModalInfo, markShowModalShown } from '../api/show-modal-info';
import { firstDepositPromoDelay, sessionFirstMark } from '../first-deposit-timer';

/**
 * The timed first-deposit promo (shell spec §4, §9): 10 minutes after the session's first mark
 * (at once when that has passed) the server is asked whether to show it; when it says so the
 * promo opens, and opening marks it shown. The mark is taken when the shell first renders; the
 * check runs only for a signed-in player.
 */
export function useFirstDepositPromo(signedIn: boolean) {
  const [promo, setPromo] = useState<PromoInfo | null>(null);
  // the session's clock starts when the app first renders, signed in or not
  const [mark] = useState(() => sessionFirstMark(globalThis.sessionStorage, Date.now()));

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => {
        getShowModalInfo(controller.signal).then(
          (info) => {
            if (info.isShowModal && info.promo) setPromo(info.promo);
          },
          (error: unknown) => {
            // A promo is never worth an error screen; it can show in a later session.
            if (!controller.signal.aborted)
              console.warn('The first-deposit promo check failed', error);
          },
        );
      },
      firstDepositPromoDelay(mark, Date.now()),
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [signedIn, mark]);

  /** Marks the promo shown on the server; called once it is on screen. */
  const markShown = useCallback(() => {
    markShowModalShown().catch((error: unknown) => {
      console.warn('Marking the first-deposit promo shown failed', error);
    });
  }, []);

  const dismiss = useCallback(() => setPromo(null), []);

  return { promo: signedIn ? promo : null, markShown, dismiss };
}
