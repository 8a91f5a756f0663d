import { Plus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useWalletDialog } from '../hooks/use-wallet-dialog';

/**
 * Where the header balance goes. The balance endpoint is not there yet, so the slot shows the
 * wallet entry and the top-up button and no amount: an invented number would be worse than none.
 */
export function BalanceSlot() {
  const { t } = useTranslation();
  const { open } = useWalletDialog();
  return (
    <div
      data-testid="header-balance-slot"
      className="flex h-10 items-center gap-1 rounded-xl border border-ink-700 bg-ink-850 p-1"
    >
      <button
        type="button"
        onClick={() => open('history')}
        aria-label={t('Header.balance')}
        title={t('Header.balance')}
        className="grid size-8 cursor-pointer place-items-center rounded-lg text-ink-200 transition-colors hover:bg-ink-750 hover:text-ink-100"
      >
        <Wallet className="size-4" aria-hidden="true" />
      </button>
      <Button
        variant="money"
        size="sm"
        onClick={() => open('deposit')}
        aria-label={t('Header.top_up')}
        className="h-8 px-2.5 sm:px-3"
      >
        <Plus className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t('Header.top_up')}</span>
      </Button>
    </div>
  );
}
