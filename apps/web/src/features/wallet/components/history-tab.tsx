import { formatMoney, type TransactionHistoryItem } from '@casino/contract';
import { format } from 'date-fns';
import { Check, CircleX, Clock, Info, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useLocale } from '@/lib/use-locale';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useCryptoMethods } from '../api/get-crypto-methods';
import { useTransactions } from '../api/get-transactions';
import {
  canCancelWithdrawal,
  canOpenDispute,
  groupHistoryByDay,
  type HistoryStatusIcon,
  historyDetailsDateFormat,
  historyListDateFormat,
  historyStatusIcon,
  isNearBottom,
  opensOrderPage,
  paymentDetailLabel,
  useDateLocale,
} from '../history';

const statusIcons: Record<HistoryStatusIcon, { icon: typeof Check; className: string }> = {
  check: { icon: Check, className: 'bg-money-500/15 text-money-400' },
  clock: { icon: Clock, className: 'bg-gold-500/15 text-gold-400' },
  info: { icon: Info, className: 'bg-brand-500/15 text-brand-300' },
  cross: { icon: CircleX, className: 'bg-danger-500/15 text-danger-400' },
};

function StatusIcon({ item }: { item: TransactionHistoryItem }) {
  const { icon: Icon, className } = statusIcons[historyStatusIcon(item.status)];
  return (
    <span className={cn('grid size-9 shrink-0 place-items-center rounded-full', className)}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

/** Money in is "+", money out "−"; the amount at its currency's display precision. */
function amountText(item: TransactionHistoryItem): string {
  const incoming = item.type === 'buy' || item.type === 'deposit';
  const amount = formatMoney(item.originalAmount.value, item.originalAmount.currency.code);
  return `${incoming ? '+' : '−'}${amount}`;
}

function DetailsSheet({
  item,
  onClose,
  onOpenDispute,
}: {
  item: TransactionHistoryItem | null;
  onClose: () => void;
  onOpenDispute: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const dateLocale = useDateLocale(useLocale());
  const cancel = useCancelWithdrawal({ onCancelled: onClose });
  const idempotency = useIdempotencyKey();
  const cryptoMethods = useCryptoMethods(item?.type === 'deposit' || item?.type === 'withdraw');
  // a crypto method by its name and network ("USDT · Tron"), the crypto bot by its name
  const detailValue = (name: string, value: string) => {
    if (name === 'provider' && value === 'cryptobot') return t('wallet.crypto.bot.title');
    if (name !== 'method') return value;
    const method = cryptoMethods.data?.find((candidate) => candidate.code === value);
    return method ? `${method.name} · ${method.network}` : value;
  };
  return (
    <Dialog open={item !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      {item ? (
        <DialogContent
          title={t(`wallet.history_item.type_${item.type}`)}
          data-testid="wallet-history-details"
        >
          <dl className="flex flex-col gap-2 text-sm">
            {[
              [t('wallet.history_item.amount'), amountText(item)],
              [t('wallet.history_item.status'), t(`wallet.status.${item.status}`)],
              [
                t('wallet.history_item.date'),
                format(new Date(item.timestamp), historyDetailsDateFormat, {
                  locale: dateLocale,
                }),
              ],
              [t('wallet.history_item.id'), item.id],
              item.fee
                ? [
                    t('wallet.history_item.fee'),
                    formatMoney(item.fee, item.originalAmount.currency.code),
                  ]
                : null,
              item.senderBank ? [t('wallet.history_item.method'), item.senderBank.label] : null,
              ...Object.entries(item.paymentDetails).map(([name, value]) => {
                const label = paymentDetailLabel(name);
                return [t(label.key, { defaultValue: label.fallback }), detailValue(name, value)];
              }),
            ]
              .filter((row): row is [string, string] => row !== null)
              .map(([label, value]) => (
                <div
                  key={label}
                  className="flex justify-between gap-4 border-b border-ink-700/60 pb-2"
                >
                  <dt className="text-ink-400">{label}</dt>
                  <dd className="truncate text-right font-semibold text-ink-100">{value}</dd>
                </div>
              ))}
            {/* A crypto address and a transaction hash are long and only useful whole. */}
            {[
              item.address
                ? {
                    label: t('wallet.history_item.address'),
                    value: item.address,
                    testId: 'address',
                  }
                : null,
              item.externalId
                ? {
                    label: t('wallet.history_item.external_id'),
                    value: item.externalId,
                    testId: 'external-id',
                  }
                : null,
            ]
              .filter((row) => row !== null)
              .map((row) => (
                <div key={row.testId} className="border-b border-ink-700/60 pb-2">
                  <dt className="text-ink-400">{row.label}</dt>
                  <dd className="flex items-start justify-between gap-2">
                    <span
                      data-testid={`wallet-history-${row.testId}`}
                      className="min-w-0 font-mono text-xs leading-5 font-semibold break-all text-ink-100"
                    >
                      {row.value}
                    </span>
                    <CopyButton value={row.value} label={`${row.label}: ${row.value}`} />
                  </dd>
                </div>
              ))}
          </dl>
          <div className="mt-4 flex flex-col gap-2">
            {canCancelWithdrawal(item, new Date()) ? (
              <Button
                variant="danger"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(
                    { item, idempotencyKey: idempotency.keyFor({ cancel: item.id }) },
                    {
                      onSettled: (_answer, error) => {
                        if (!error || isApiError(error)) idempotency.finish();
                      },
                    },
                  )
                }
              >
                {cancel.isPending ? <Spinner /> : null}
                {t('wallet.history_item.cancel_withdrawal')}
              </Button>
            ) : null}
            {canOpenDispute(item) ? (
              <Button variant="secondary" onClick={() => onOpenDispute(item.id)}>
                {t('wallet.history_item.open_dispute')}
              </Button>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export interface HistoryTabProps {
  onOpenOrder: (item: TransactionHistoryItem) => void;
  onOpenDispute: (orderId: string) => void;
}

/** Transactions grouped by day; the next page loads near the bottom (spec §2, §9). */
export function HistoryTab({ onOpenOrder, onOpenDispute }: HistoryTabProps) {
  const { t } = useTranslation();
  const dateLocale = useDateLocale(useLocale());
  const transactions = useTransactions();
  const [selected, setSelected] = useState<TransactionHistoryItem | null>(null);

  // the list waits for its month names too (one small chunk, fetched with the first page)
  if (transactions.isPending || !dateLocale) {
    return (
      <div className="grid h-40 place-items-center">
        <Spinner className="size-6 text-brand-300" />
      </div>
    );
  }
  if (transactions.isError) {
    return (
      <EmptyState
        icon={ReceiptText}
        title={t('Shared.temporary_difficulties')}
        action={
          <Button variant="secondary" onClick={() => void transactions.refetch()}>
            {t('Shared.retry')}
          </Button>
        }
      />
    );
  }
  const items = transactions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={ReceiptText}
        title={t('wallet.no_transactions')}
        text={t('wallet.no_transactions_hint')}
      />
    );
  }
  return (
    <>
      <div
        data-testid="wallet-history-list"
        className="-mx-1 max-h-[60vh] overflow-y-auto px-1 scrollbar-thin"
        onScroll={(event) => {
          if (
            isNearBottom(event.currentTarget) &&
            transactions.hasNextPage &&
            !transactions.isFetchingNextPage
          ) {
            void transactions.fetchNextPage();
          }
        }}
      >
        {groupHistoryByDay(items).map((day) => (
          <section key={day.day} className="mb-3">
            <h3 className="sticky top-0 z-10 bg-ink-850 py-1 text-xs font-semibold text-ink-400">
              {format(new Date(`${day.day}T12:00:00`), 'dd MMMM', { locale: dateLocale })}
            </h3>
            <ul className="flex flex-col gap-1.5">
              {day.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    data-testid={`wallet-history-item-${item.id}`}
                    onClick={() => (opensOrderPage(item) ? onOpenOrder(item) : setSelected(item))}
                    className="flex w-full cursor-pointer items-center gap-3 rounded-xl bg-ink-800 p-3 text-left transition-colors hover:bg-ink-750"
                  >
                    <StatusIcon item={item} />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold text-ink-100">
                        {t(`wallet.history_item.type_${item.type}`)}
                        {item.senderBank ? ` · ${item.senderBank.label}` : ''}
                      </span>
                      <span className="block text-xs text-ink-400">
                        {format(new Date(item.timestamp), historyListDateFormat, {
                          locale: dateLocale,
                        })}
                        {' · '}
                        {t(`wallet.status.${item.status}`)}
                      </span>
                    </span>
                    <span
                      className={cn(
                        'shrink-0 text-sm font-bold tabular-nums',
                        item.type === 'buy' || item.type === 'deposit'
                          ? 'text-money-400'
                          : 'text-ink-100',
                      )}
                    >
                      {amountText(item)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {transactions.isFetchingNextPage ? (
          <div className="grid h-12 place-items-center">
            <Spinner className="text-brand-300" />
          </div>
        ) : null}
      </div>
      <DetailsSheet
        item={selected}
        onClose={() => setSelected(null)}
        onOpenDispute={(orderId) => {
          setSelected(null);
          onOpenDispute(orderId);
        }}
      />
    </>
  );
}
