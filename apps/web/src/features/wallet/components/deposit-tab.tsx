import type { CryptoMethod, FiatPaymentMethod } from '@casino/contract';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useCryptoMethods } from '../api/get-crypto-methods';
import { useFiatConditions } from '../api/get-fiat-conditions';
import { cryptoMethodsForSide } from '../crypto-methods';
import { groupFiatMethods, type MethodGroupKind } from '../method-grid';
import { CryptoMethodGrid, type ExtraCryptoTile } from './crypto-method-grid';
import { MethodGrid } from './method-grid';

export interface MethodListProps {
  side: 'buy' | 'sell';
  onSelect: (method: FiatPaymentMethod) => void;
  busyMethodId?: string | null;
  /** Crypto methods (deposit: all enabled, withdraw: those allowing withdrawals). */
  onSelectCrypto?: (method: CryptoMethod) => void;
  /** Entries shown first in the crypto group (the messenger build's crypto bot, x-rocket). */
  cryptoExtraTiles?: ExtraCryptoTile[];
  /** The player's primary currency: its methods come first; null while unknown. */
  playerCurrency?: string | null;
}

const groupOrder: readonly MethodGroupKind[] = ['fiat', 'crypto', 'other'];

/** The methods of one side, grouped (cards and banks, crypto, other) with a heading per group. */
export function MethodList({
  side,
  onSelect,
  busyMethodId,
  onSelectCrypto,
  cryptoExtraTiles = [],
  playerCurrency = null,
}: MethodListProps) {
  const { t } = useTranslation();
  const conditions = useFiatConditions();
  // A crypto list that failed to load leaves the group out; the fiat methods still work.
  const cryptoMethods = useCryptoMethods(onSelectCrypto !== undefined);

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
  const fiatGroups = groupFiatMethods(conditions.data, side, playerCurrency);
  const crypto = onSelectCrypto ? cryptoMethodsForSide(cryptoMethods.data ?? [], side) : [];
  const cryptoTiles = onSelectCrypto ? cryptoExtraTiles : [];
  const kinds = groupOrder.filter((kind) =>
    kind === 'crypto'
      ? crypto.length + cryptoTiles.length > 0
      : fiatGroups.some((group) => group.kind === kind),
  );
  if (kinds.length === 0) {
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
      {kinds.map((kind) => (
        <section key={kind} aria-labelledby={`wallet-group-${side}-${kind}`}>
          <h3
            id={`wallet-group-${side}-${kind}`}
            className="mb-2 text-xs font-semibold tracking-wide text-ink-300 uppercase"
          >
            {t(`wallet.groups.${kind}`)}
          </h3>
          {kind === 'crypto' && onSelectCrypto ? (
            <CryptoMethodGrid
              methods={crypto}
              side={side}
              onSelect={onSelectCrypto}
              extraTiles={cryptoTiles}
            />
          ) : (
            <MethodGrid
              methods={fiatGroups.find((group) => group.kind === kind)?.methods ?? []}
              side={side}
              onSelect={onSelect}
              busyMethodId={busyMethodId}
            />
          )}
        </section>
      ))}
    </div>
  );
}
