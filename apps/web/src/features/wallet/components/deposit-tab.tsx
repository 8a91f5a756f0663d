import type { FiatPaymentMethod } from '@casino/contract';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useFiatConditions } from '../api/get-fiat-conditions';
import { groupFiatMethods } from '../method-grid';
import { MethodGrid } from './method-grid';

export interface MethodListProps {
  side: 'buy' | 'sell';
  onSelect: (method: FiatPaymentMethod) => void;
  busyMethodId?: string | null;
}

/** The methods of one side, grouped (cards and banks, other) with a heading per group. */
export function MethodList({ side, onSelect, busyMethodId }: MethodListProps) {
  const { t } = useTranslation();
  const conditions = useFiatConditions();

  // Only a list that never loaded shows the spinner or the retry: a failed background refetch
  // (the window got focus again) keeps the methods on screen, so a grid in use never unmounts.
  if (conditions.data === undefined) {
    return conditions.isError ? (
      <EmptyState
        icon={CreditCard}
        title={t('wallet.methods_load_failed')}
        action={
          <Button variant="secondary" onClick={() => void conditions.refetch()}>
            {t('Shared.retry')}
          </Button>
        }
      />
    ) : (
      <div className="grid h-40 place-items-center">
        <Spinner className="size-6 text-brand-300" />
      </div>
    );
  }
  const groups = groupFiatMethods(conditions.data, side);
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={CreditCard}
        title={t('wallet.no_methods')}
        text={t('wallet.no_methods_hint')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`wallet-group-${side}-${group.kind}`}>
          <h3
            id={`wallet-group-${side}-${group.kind}`}
            className="mb-2 text-xs font-semibold tracking-wide text-ink-300 uppercase"
          >
            {t(`wallet.groups.${group.kind}`)}
          </h3>
          <MethodGrid
            methods={group.methods}
            side={side}
            onSelect={onSelect}
            busyMethodId={busyMethodId}
          />
        </section>
      ))}
    </div>
  );
}
