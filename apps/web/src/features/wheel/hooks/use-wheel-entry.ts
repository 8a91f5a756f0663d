import { useIsSignedIn } from '@/lib/auth-token';
import { useWheelPrizes } from '../api/get-wheel-prizes';
import { useWheelStatus } from '../api/get-wheel-status';

/**
 * Whether the shell offers the wheel instead of the bonuses tab (shell spec §2 "the wheel button
 * or a bonuses tab"; our rule): there are prizes, and the visitor is a guest (the logged-out
 * wheel) or a player whose spin today is still open.
 */
export function useWheelEntry(): { showWheel: boolean } {
  const signedIn = useIsSignedIn();
  const prizes = useWheelPrizes();
  const status = useWheelStatus();
  const hasPrizes = (prizes.data?.length ?? 0) > 0;
  return { showWheel: hasPrizes && (!signedIn || status.data?.isAvailable === true) };
}
