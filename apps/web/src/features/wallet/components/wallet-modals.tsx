import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** Closing the wallet in the middle of a top-up asks first (spec §2). */
export function ExitConfirmationModal({
  open,
  onContinue,
  onCancel,
}: {
  open: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onContinue())}>
      <DialogContent
        title={t('wallet.exit.title')}
        description={t('wallet.exit.text')}
        data-testid="wallet-exit-confirmation"
      >
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="money" className="flex-1" onClick={onContinue}>
            {t('wallet.exit.continue')}
          </Button>
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            {t('wallet.exit.cancel')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Shown once a deposit is credited; its button leads to the casino unless a game is open. */
export function DepositSuccessModal({
  amount,
  onClose,
  onPlay,
}: {
  amount: string | null;
  onClose: () => void;
  onPlay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={amount !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent
        title={t('wallet.success.title')}
        hideHeader
        data-testid="deposit-success-modal"
      >
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-money-500/15 text-money-400">
            <PartyPopper className="size-8" aria-hidden="true" />
          </span>
          <p className="text-xl font-bold text-ink-100">{t('wallet.success.title')}</p>
          <p className="text-sm text-ink-300">
            {t('wallet.success.text', { amount: amount ?? '' })}
          </p>
          <Button variant="money" size="lg" className="mt-2 w-full" onClick={onPlay}>
            {t('wallet.success.button')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
