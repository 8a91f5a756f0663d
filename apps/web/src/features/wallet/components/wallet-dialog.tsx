import { ArrowDownToLine, ArrowUpFromLine, CreditCard, History, ReceiptText } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { parseWalletTab, useWalletDialog, type WalletTab } from '../hooks/use-wallet-dialog';

const tabClassName =
  'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-lg py-2 text-sm font-semibold text-ink-300 transition-colors hover:text-ink-100 data-[state=active]:bg-ink-700 data-[state=active]:text-ink-100';

/** The wallet's tabs. Methods and history arrive with the payments work; until then each is empty. */
export function WalletDialog() {
  const { t } = useTranslation();
  const { tab, close, selectTab } = useWalletDialog();
  const current: WalletTab = tab ?? 'deposit';

  return (
    <Dialog open={tab !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={t('wallet.title')} className="max-w-lg" data-testid="wallet-dialog">
        <Tabs.Root
          value={current}
          onValueChange={(value) => {
            const next = parseWalletTab(value);
            if (next) selectTab(next);
          }}
        >
          <Tabs.List
            className="mb-4 flex gap-1 rounded-xl bg-ink-800 p-1"
            aria-label={t('wallet.title')}
          >
            <Tabs.Trigger value="deposit" className={tabClassName}>
              <ArrowDownToLine className="size-4" aria-hidden="true" />
              {t('wallet.deposit')}
            </Tabs.Trigger>
            <Tabs.Trigger value="withdraw" className={tabClassName}>
              <ArrowUpFromLine className="size-4" aria-hidden="true" />
              {t('wallet.withdraw')}
            </Tabs.Trigger>
            <Tabs.Trigger value="history" className={tabClassName}>
              <History className="size-4" aria-hidden="true" />
              {t('wallet.history')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="deposit">
            <EmptyState
              icon={CreditCard}
              title={t('wallet.no_methods')}
              text={t('wallet.no_methods_hint')}
            />
          </Tabs.Content>
          <Tabs.Content value="withdraw">
            <EmptyState
              icon={CreditCard}
              title={t('wallet.no_methods')}
              text={t('wallet.no_methods_hint')}
            />
          </Tabs.Content>
          <Tabs.Content value="history">
            <EmptyState
              icon={ReceiptText}
              title={t('wallet.no_transactions')}
              text={t('wallet.no_transactions_hint')}
            />
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}
