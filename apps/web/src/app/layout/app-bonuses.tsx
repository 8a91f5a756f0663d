import { useLocation, useMatch } from 'react-router';
import { LazyLayer } from '@/components/lazy-layer';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { NewBonusNotices } from '@/features/bonuses/components/new-bonus-notices';
import { bonusDrawerParam } from '@/features/bonuses/hooks/use-bonus-drawer';
import { useBonusDrawerAutoOpen } from '@/features/bonuses/hooks/use-bonus-drawer-auto-open';
import { useMe } from '@/features/profile/api/get-me';
import { useWalletDialog } from '@/features/wallet/hooks/use-wallet-dialog';
import { WheelTile } from '@/features/wheel/components/wheel-tile';
import { lazy } from '@/lib/lazy';
import { loadBonusDrawer } from './layer-chunks';

const BonusDrawer = lazy(async () => ({ default: (await loadBonusDrawer()).BonusDrawer }));

/**
 * The bonus layer of the shell: the `?bonus10` drawer with the wheel's tile (its deposit button
 * opens the wallet over it, a guest's sign-up button the sign-up step), the daily auto-open and
 * the new-bonus notices. Neither of the last two interrupts a game: the drawer waits until the
 * player leaves its page, a bonus granted meanwhile is not announced.
 */
export function AppBonuses() {
  const wallet = useWalletDialog();
  const auth = useAuthDialog();
  const me = useMe();
  const inGame = useMatch('/:lang/games/:id') !== null;
  useBonusDrawerAutoOpen({ paused: inGame });
  const drawerOpen = new URLSearchParams(useLocation().search).get(bonusDrawerParam) !== null;

  return (
    <>
      <LazyLayer open={drawerOpen}>
        <BonusDrawer
          onDeposit={() => wallet.open('deposit')}
          onSignUp={() => auth.open('register')}
          wheelTile={<WheelTile />}
        />
      </LazyLayer>
      {me.data ? <NewBonusNotices userKey={me.data.globalId} paused={inGame} /> : null}
    </>
  );
}
