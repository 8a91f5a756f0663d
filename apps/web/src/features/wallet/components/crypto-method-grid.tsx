import type { CryptoMethod } from '@casino/contract';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { cryptoDepositBonusBadge } from '../crypto-methods';
import { methodGridCapacity, methodGridSlots } from '../method-grid';
import { MoreMethodsTile, methodTileClassName, tabletMediaQuery } from './method-grid';

export function CryptoMethodIcon({
  method,
  className,
}: {
  method: Pick<CryptoMethod, 'icon'>;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!method.icon || failed) {
    return <Coins className={cn('size-7 text-gold-400', className)} aria-hidden="true" />;
  }
  return (
    <img
      src={method.icon}
      alt=""
      aria-hidden="true"
      onError={() => setFailed(true)}
      className={cn('size-7 object-contain', className)}
    />
  );
}

/** The deposit bonus badge of a crypto method (spec §9 '+5%'). */
export function CryptoBonusBadge({ label, className }: { label: string; className?: string }) {
  return (
    <span
      className={cn(
        'rounded-full bg-money-500/15 px-1.5 py-0.5 text-[10px] leading-none font-bold text-money-400 tabular-nums',
        className,
      )}
    >
      {label}
    </span>
  );
}

/** A tile that is not a method: the messenger build's crypto bot and x-rocket entries. */
export interface ExtraCryptoTile {
  id: string;
  testId: string;
  label: string;
  hint: string;
  icon: React.ReactNode;
  onSelect: () => void;
}

export interface CryptoMethodGridProps {
  methods: CryptoMethod[];
  side: 'buy' | 'sell';
  onSelect: (method: CryptoMethod) => void;
  /** Shown before the methods (they count against the grid's slots like methods do). */
  extraTiles?: ExtraCryptoTile[];
}

type Slot = { kind: 'method'; method: CryptoMethod } | { kind: 'extra'; tile: ExtraCryptoTile };

/** The crypto group: coin, name and network, the deposit bonus; same slots as the fiat grid. */
export function CryptoMethodGrid({
  methods,
  side,
  onSelect,
  extraTiles = [],
}: CryptoMethodGridProps) {
  const tabletOrWider = useMediaQuery(tabletMediaQuery);
  const [expanded, setExpanded] = useState(false);
  const slots: Slot[] = [
    ...extraTiles.map((tile): Slot => ({ kind: 'extra', tile })),
    ...methods.map((method): Slot => ({ kind: 'method', method })),
  ];
  const { visible, hiddenCount } = methodGridSlots(
    slots,
    methodGridCapacity(tabletOrWider),
    expanded,
  );

  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {visible.map((slot) => {
        if (slot.kind === 'extra') {
          const { tile } = slot;
          return (
            <li key={tile.id}>
              <button
                type="button"
                data-testid={tile.testId}
                onClick={tile.onSelect}
                className={cn(methodTileClassName, 'h-full w-full')}
              >
                {tile.icon}
                <span className="line-clamp-2 text-xs font-semibold text-ink-100">
                  {tile.label}
                </span>
                <span className="text-[10px] text-ink-400">{tile.hint}</span>
              </button>
            </li>
          );
        }
        const { method } = slot;
        const bonus = side === 'buy' ? cryptoDepositBonusBadge(method) : null;
        return (
          <li key={method.code}>
            <button
              type="button"
              data-testid={`crypto-method-${method.code}`}
              title={`${method.name} · ${method.network}`}
              onClick={() => onSelect(method)}
              className={cn(methodTileClassName, 'h-full w-full')}
            >
              <CryptoMethodIcon method={method} />
              <span className="line-clamp-1 text-xs font-semibold text-ink-100">
                {method.asset}
              </span>
              <span className="line-clamp-1 text-[10px] text-ink-400">{method.network}</span>
              {bonus ? (
                <CryptoBonusBadge label={bonus} className="absolute top-1.5 right-1.5" />
              ) : null}
            </button>
          </li>
        );
      })}
      {hiddenCount > 0 ? (
        <MoreMethodsTile
          count={hiddenCount}
          onExpand={() => setExpanded(true)}
          testId="crypto-methods-more"
        />
      ) : null}
    </ul>
  );
}
