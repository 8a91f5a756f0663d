import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BalanceButton } from '../../features/balance/components/balance-button';
import { gamesQueryKey } from '../../features/games/api/get-games';
import { meQueryKey } from '../../features/profile/api/get-me';
import { TopUpButton } from '../../features/wallet/components/top-up-button';
import { useWalletDialog } from '../../features/wallet/hooks/use-wallet-dialog';
import { wheelQueryKeyPrefix } from '../query-keys';

/** The header's money corner: the balance popover and the top-up button, side by side. */
export function HeaderBalanceSlot() {
  const queryClient = useQueryClient();
  const wallet = useWalletDialog();
  const onCurrencyChanged = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: wheelQueryKeyPrefix }),
      // a game can be blacklisted for a currency, so tiles' blocks follow the switch
      queryClient.invalidateQueries({ queryKey: gamesQueryKey }),
    ]);
  }, [queryClient]);

  return (
    <div
      data-testid="header-balance-slot"
      className="flex h-10 min-w-0 items-center gap-1 rounded-xl border border-ink-700 bg-ink-850 p-1"
    >
      <BalanceButton
        onOpenWallet={() => wallet.open('deposit')}
        onCurrencyChanged={onCurrencyChanged}
      />
      <TopUpButton />
    </div>
  );
}
