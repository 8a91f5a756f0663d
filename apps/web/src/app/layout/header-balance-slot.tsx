import { preload } from '@/components/lazy-layer';
import { BalanceButton } from '@/features/balance/components/balance-button';
import { TopUpButton } from '@/features/wallet/components/top-up-button';
import { useWalletDialog } from '@/features/wallet/hooks/use-wallet-dialog';
import { useCurrencyChanged } from '../hooks/use-currency-changed';
import { loadWalletDialog } from './layer-chunks';

/** The wallet's code, fetched after the load (`prefetchLayer`), runs on a sign of intent. */
const preloadWallet = preload(loadWalletDialog);

/** The header's money corner: the balance popover and the top-up button, side by side. */
export function HeaderBalanceSlot() {
  const wallet = useWalletDialog();
  const onCurrencyChanged = useCurrencyChanged();

  return (
    <div
      data-testid="header-balance-slot"
      className="flex h-10 min-w-0 items-center gap-1 rounded-xl border border-ink-700 bg-ink-850 p-1"
    >
      <BalanceButton
        onOpenWallet={() => wallet.open('deposit')}
        onCurrencyChanged={onCurrencyChanged}
      />
      <TopUpButton onIntent={preloadWallet} />
    </div>
  );
}
