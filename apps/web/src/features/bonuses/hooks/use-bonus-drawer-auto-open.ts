import { bonusDrawerVariant } from '@casino/contract';
import { useEffect, useRef } from 'react';
import { useIsSignedIn } from '@/lib/auth-token';
import { useDailyBonus } from '../api/get-daily-bonus';
import { useBonusDrawer } from './use-bonus-drawer';
import { useNoDialogOpen } from './use-no-dialog-open';

/**
 * Opens the bonus drawer by itself once a day when the daily status says so (`isShowModal`)
 * for a player with the everyday bonus: the drawer is then about today's bonus. Players still
 * on the welcome steps open it themselves. It waits until no other dialog is on screen; opening
 * marks it shown, which turns `isShowModal` off. `paused` holds it (the player is in a game).
 */
export function useBonusDrawerAutoOpen({ paused }: { paused: boolean }): void {
  const signedIn = useIsSignedIn();
  const daily = useDailyBonus();
  const drawer = useBonusDrawer();
  const openedRef = useRef(false);
  const wanted =
    signedIn &&
    !paused &&
    !drawer.isOpen &&
    !openedRef.current &&
    daily.data?.isShowModal === true &&
    bonusDrawerVariant(daily.data.countDeposit) === 'everyday';
  const screenFree = useNoDialogOpen(wanted);
  const { open } = drawer;

  useEffect(() => {
    if (!wanted || !screenFree) return;
    openedRef.current = true;
    open();
  }, [wanted, screenFree, open]);
}
