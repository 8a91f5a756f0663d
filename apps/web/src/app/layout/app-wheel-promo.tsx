import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LazyLayer } from '@/components/lazy-layer';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { balanceQueryKey } from '@/features/balance/api/get-balance';
import { PromoCodeCard } from '@/features/promo/components/promo-code-form';
import { PromoModals } from '@/features/promo/components/promo-modals';
import { useWalletDialog } from '@/features/wallet/hooks/use-wallet-dialog';
import { useWheelDialog } from '@/features/wheel/hooks/use-wheel-dialog';
import { lazy } from '@/lib/lazy';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';
import { loadWheelDialog } from './layer-chunks';

const WheelDialog = lazy(async () => ({ default: (await loadWheelDialog()).WheelDialog }));

/**
 * The wheel and promo layer of the shell: the `?wheel` modal (a visitor's sign-up prompt closes
 * it and opens the sign-up step in one navigation; a player's prize refreshes the balance and
 * the bonuses), the promo info cookie's modal and the timed first-deposit promo, both waiting
 * while the sign-in or sign-up step is open; their top-up button opens the wallet, and closing
 * the wallet offers a due first-deposit promo at once.
 */
export function AppWheelPromo() {
  const queryClient = useQueryClient();
  const auth = useAuthDialog();
  const wheel = useWheelDialog();
  const wallet = useWalletDialog();
  // each close of the wallet may bring the first-deposit promo forward (wallet spec §2)
  const [walletClosings, setWalletClosings] = useState(0);
  const walletWasOpen = useRef(false);
  useEffect(() => {
    if (walletWasOpen.current && wallet.tab === null) setWalletClosings((count) => count + 1);
    walletWasOpen.current = wallet.tab !== null;
  }, [wallet.tab]);

  return (
    <>
      <LazyLayer open={wheel.isOpen}>
        <WheelDialog
          onSignUp={() => wheel.close({ auth: 'register' })}
          onPrizeWon={() => {
            void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
            void queryClient.invalidateQueries({ queryKey: bonusesQueryKeyPrefix });
          }}
        />
      </LazyLayer>
      <PromoModals
        authStepOpen={auth.step !== null}
        onTopUp={() => wallet.open('deposit')}
        checkFirstDepositNow={walletClosings}
      />
    </>
  );
}

/**
 * The promo-code card of the bonuses page and the profile: an accepted code may credit money or
 * grant or assign a bonus, so the balance and the bonus lists are refreshed.
 */
export function AppPromoCodeCard({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  return (
    <PromoCodeCard
      className={className}
      onActivated={() => {
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        void queryClient.invalidateQueries({ queryKey: bonusesQueryKeyPrefix });
      }}
    />
  );
}
