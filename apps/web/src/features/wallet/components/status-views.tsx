import type { FiatOrder } from '@casino/contract';
import { CircleAlert, Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useBuyOrder } from '../api/get-buy-order';
import type { WalletView } from '../wallet-view';

function StatusLayout({
  testId,
  tone,
  title,
  text,
  children,
}: {
  testId: string;
  tone: 'wait' | 'error';
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  const Icon = tone === 'wait' ? Clock : CircleAlert;
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-3 py-4 text-center">
      <span
        className={
          tone === 'wait'
            ? 'grid size-16 place-items-center rounded-full bg-brand-500/15 text-brand-300'
            : 'grid size-16 place-items-center rounded-full bg-danger-500/15 text-danger-400'
        }
      >
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <p className="text-lg font-bold text-ink-100">{title}</p>
      <p className="max-w-sm text-sm text-ink-300">{text}</p>
      <div className="mt-2 flex w-full flex-col gap-2">{children}</div>
    </div>
  );
}

/** Follows a deposit order after the receipt; reports when the money arrived or it failed. */
function PendingDepositWatcher({
  orderId,
  onCompleted,
  onFailed,
}: {
  orderId: string;
  onCompleted: (order: FiatOrder) => void;
  onFailed: () => void;
}) {
  const order = useBuyOrder(orderId).data;
  // Only a new status matters; the order object changes on every poll.
  const latest = useRef({ order, onCompleted, onFailed });
  latest.current = { order, onCompleted, onFailed };
  const status = order?.status;
  useEffect(() => {
    const current = latest.current;
    if (!current.order) return;
    if (status === 'completed') current.onCompleted(current.order);
    if (status === 'declined' || status === 'timeouted') current.onFailed();
  }, [status]);
  return null;
}

export function PendingView({
  view,
  onToHistory,
  onDepositCompleted,
  onDepositFailed,
}: {
  view: Extract<WalletView, { name: 'pending' }>;
  onToHistory: () => void;
  onDepositCompleted: (order: FiatOrder) => void;
  onDepositFailed: (order: { orderId: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <StatusLayout
      testId="wallet-view-pending"
      tone="wait"
      title={t(`wallet.pending.${view.type}_title`)}
      text={t(`wallet.pending.${view.type}_text`)}
    >
      {view.type === 'deposit' && view.orderId ? (
        <PendingDepositWatcher
          orderId={view.orderId}
          onCompleted={onDepositCompleted}
          onFailed={() => onDepositFailed({ orderId: view.orderId ?? '' })}
        />
      ) : null}
      <Button variant="secondary" size="lg" onClick={onToHistory}>
        {t('wallet.pending.to_history')}
      </Button>
    </StatusLayout>
  );
}

export function ErrorView({
  view,
  onRetry,
  onChooseAnother,
}: {
  view: Extract<WalletView, { name: 'error' }>;
  onRetry: () => void;
  onChooseAnother: () => void;
}) {
  const { t } = useTranslation();
  return (
    <StatusLayout
      testId="wallet-view-error"
      tone="error"
      title={t(`wallet.error.${view.type}_title`)}
      text={t(`wallet.error.${view.type}_text`)}
    >
      <Button variant="money" size="lg" onClick={onRetry}>
        {t('wallet.error.retry')}
      </Button>
      {view.type === 'deposit' ? (
        <Button variant="secondary" size="lg" onClick={onChooseAnother}>
          {t('wallet.error.choose_another')}
        </Button>
      ) : null}
    </StatusLayout>
  );
}
