import { useEffect, useRef, useState } from 'react';
import { type OddsMovement, oddsMovement } from '../odds';

export const oddsFlashMs = 1_600;

/** Which way these odds last moved, for `oddsFlashMs` after the move; null otherwise. */
export function useOddsFlash(odds: string | null): OddsMovement | null {
  const previous = useRef(odds);
  const [flash, setFlash] = useState<OddsMovement | null>(null);
  useEffect(() => {
    const movement = oddsMovement(previous.current, odds);
    previous.current = odds;
    if (movement === null) return;
    setFlash(movement);
    const timer = window.setTimeout(() => setFlash(null), oddsFlashMs);
    return () => window.clearTimeout(timer);
  }, [odds]);
  return flash;
}
