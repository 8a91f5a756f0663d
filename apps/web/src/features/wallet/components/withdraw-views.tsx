import { Ban, ShieldAlert, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

function NoticeView({
  testId,
  icon,
  title,
  text,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-3 py-4 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-gold-500/15 text-gold-400">
        {icon}
      </span>
      <p className="text-lg font-bold text-ink-100">{title}</p>
      {text ? <p className="max-w-sm text-sm text-ink-300">{text}</p> : null}
      <div className="mt-2 flex w-full flex-col gap-2">{children}</div>
    </div>
  );
}

export function WagerView({ onReturn }: { onReturn: () => void }) {
  const { t } = useTranslation();
  return (
    <NoticeView
      testId="wallet-view-wager"
      icon={<ShieldAlert className="size-8" aria-hidden="true" />}
      title={t('VerifyModal.wager.error')}
      text={t('VerifyModal.wager.description')}
    >
      <Button variant="secondary" size="lg" onClick={onReturn}>
        {t('VerifyModal.back')}
      </Button>
    </NoticeView>
  );
}

export function PersonalDataView({
  onProfile,
  onReturn,
}: {
  onProfile: () => void;
  onReturn: () => void;
}) {
  const { t } = useTranslation();
  return (
    <NoticeView
      testId="wallet-view-personal-data"
      icon={<UserRound className="size-8" aria-hidden="true" />}
      title={t('VerifyModal.personal.error')}
      text={t('VerifyModal.personal.description')}
    >
      <Button variant="money" size="lg" onClick={onProfile}>
        {t('VerifyModal.personal.to_profile')}
      </Button>
      <Button variant="secondary" size="lg" onClick={onReturn}>
        {t('VerifyModal.back')}
      </Button>
    </NoticeView>
  );
}

export function WithdrawDisabledView({ onReturn }: { onReturn: () => void }) {
  const { t } = useTranslation();
  return (
    <NoticeView
      testId="wallet-view-withdraw-disabled"
      icon={<Ban className="size-8" aria-hidden="true" />}
      title={t('wallet.withdraw_disabled_warning')}
    >
      <Button variant="secondary" size="lg" onClick={onReturn}>
        {t('wallet.back_to_withdraw')}
      </Button>
    </NoticeView>
  );
}

/** Spec §4 step 1: the submitted withdrawal is confirmed before anything is sent. */
export function WithdrawConfirmDialog({
  summary,
  isSubmitting,
  onConfirm,
  onCancel,
}: {
  summary: string | null;
  isSubmitting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={summary !== null} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent
        title={t('wallet.withdraw_form.confirm_title')}
        description={summary ?? ''}
        data-testid="wallet-withdraw-confirm"
      >
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="money" className="flex-1" disabled={isSubmitting} onClick={onConfirm}>
            {isSubmitting ? <Spinner /> : null}
            {t('wallet.withdraw_form.confirm')}
          </Button>
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            {t('wallet.exit.cancel')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Spec §4 step 5: active bonuses are lost on withdrawal; "play" goes to /bonuses instead. */
export function BonusBurnDialog({
  open,
  isSubmitting,
  onPlay,
  onWithdraw,
  onDismiss,
}: {
  open: boolean;
  isSubmitting: boolean;
  onPlay: () => void;
  onWithdraw: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onDismiss())}>
      <DialogContent
        title={t('wallet.bonus_burn.title')}
        description={t('wallet.bonus_burn.text')}
        data-testid="wallet-bonus-burn"
      >
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="money" className="flex-1" onClick={onPlay}>
            {t('wallet.bonus_burn.play')}
          </Button>
          <Button
            variant="secondary"
            className="flex-1"
            disabled={isSubmitting}
            onClick={onWithdraw}
          >
            {isSubmitting ? <Spinner /> : null}
            {t('wallet.bonus_burn.withdraw')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
