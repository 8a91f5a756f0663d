import { useEffect, useRef, useState } from 'react';
import { LazyLayer } from '@/components/lazy-layer';
import { useIsSignedIn } from '@/lib/auth-token';
import { lazy } from '@/lib/lazy';
import { promoModalCloseDelayMs } from '../format-promo';
import { useFirstDepositPromo } from '../hooks/use-first-deposit-promo';
import { usePromoCookie } from '../hooks/use-promo-cookie';
import { clearPromoCookie, promoModalVariant } from '../promo-cookie';

// fetched when a promo is first shown: a guest's first load has none to show
const PromoModal = lazy(async () => ({ default: (await import('./promo-modal')).PromoModal }));

export interface PromoModalsProps {
  /** the sign-in or sign-up step is open: promo modals wait until it is done (wallet spec §4) */
  authStepOpen: boolean;
  onTopUp: () => void;
  /**
   * Changes each time the player closes the wallet: the first-deposit promo, when it is due, is
   * offered then rather than after its timer (wallet spec §2)
   */
  checkFirstDepositNow?: number;
}

/** Closes now and runs `after` once the 300 ms closing delay has passed. */
function useDelayedClose(after: () => void) {
  const [closing, setClosing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const afterRef = useRef(after);
  afterRef.current = after;
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const close = () => {
    setClosing(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      afterRef.current();
      setClosing(false);
    }, promoModalCloseDelayMs);
  };
  return { closing, close };
}

/** The promo info cookie's modal: added, available or have-promocode by the cookie's type. */
export function PromoCookieModal({ authStepOpen, onTopUp }: PromoModalsProps) {
  const info = usePromoCookie();
  const { closing, close } = useDelayedClose(clearPromoCookie);
  if (!info) return null;
  const open = !authStepOpen && !closing;
  return (
    <LazyLayer open={open}>
      <PromoModal
        info={info}
        variant={promoModalVariant(info.type)}
        open={open}
        onClose={close}
        onTopUp={onTopUp}
      />
    </LazyLayer>
  );
}

/** The timed first-deposit promo (shell spec §4 "Session-start promo"). */
export function FirstDepositPromoModal({
  authStepOpen,
  onTopUp,
  checkFirstDepositNow,
}: PromoModalsProps) {
  const signedIn = useIsSignedIn();
  const { promo, markShown, dismiss } = useFirstDepositPromo(signedIn, checkFirstDepositNow);
  const { closing, close } = useDelayedClose(dismiss);
  const open = promo !== null && !authStepOpen && !closing;
  const marked = useRef(false);

  useEffect(() => {
    if (open && !marked.current) {
      marked.current = true;
      markShown();
    }
  }, [open, markShown]);

  if (!promo) return null;
  return (
    <LazyLayer open={open}>
      <PromoModal
        info={promo}
        variant={promoModalVariant(promo.type)}
        open={open}
        onClose={close}
        onTopUp={onTopUp}
        firstDeposit
      />
    </LazyLayer>
  );
}

/** Every promo modal the shell shows. */
export function PromoModals(props: PromoModalsProps) {
  return (
    <>
      <PromoCookieModal {...props} />
      <FirstDepositPromoModal {...props} />
    </>
  );
}
