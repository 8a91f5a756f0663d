import { type FiatPaymentMethod, formatMoneyRange, hasWideLabel } from '@casino/contract';
import { CreditCard, LayoutGrid } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { methodGridCapacity, methodGridSlots } from '../method-grid';

/** Tailwind's `sm`: tablets and wider get 4 larger tiles per group, phones 6 compact ones. */
export const tabletMediaQuery = '(min-width: 640px)';

/** One method tile; the crypto grid uses the same. */
export const methodTileClassName =
  'relative flex min-h-20 cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border border-ink-700 bg-ink-800 px-2 py-3 text-center transition-colors hover:border-brand-500/60 hover:bg-ink-750 disabled:cursor-wait';

/** The last slot when the methods do not fit: "other (N)" expands the list. */
export function MoreMethodsTile({
  count,
  onExpand,
  testId = 'wallet-methods-more',
}: {
  count: number;
  onExpand: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        data-testid={testId}
        onClick={onExpand}
        className={cn(methodTileClassName, 'h-full w-full text-ink-200')}
      >
        <LayoutGrid className="size-6 text-ink-300" aria-hidden="true" />
        <span className="text-xs font-semibold">{t('wallet.other_methods', { count })}</span>
      </button>
    </li>
  );
}

export interface MethodGridProps {
  methods: FiatPaymentMethod[];
  side: 'buy' | 'sell';
  onSelect: (method: FiatPaymentMethod) => void;
  /** The method whose entry check is running; its tile shows a spinner. */
  busyMethodId?: string | null;
}

/**
 * A method's logo at one height in every tile. Spec §9: the card schemes' methods
 * ('visa/mastercard', 'visa/mastercard/mir') have a wide label, a logo with room for every
 * scheme's mark.
 */
function MethodIcon({ method }: { method: FiatPaymentMethod }) {
  const [failed, setFailed] = useState(false);
  if (!method.icon || failed) {
    return <CreditCard className="size-8 text-brand-300" aria-hidden="true" />;
  }
  return (
    <img
      src={method.icon}
      alt=""
      aria-hidden="true"
      data-wide={hasWideLabel(method) || undefined}
      onError={() => setFailed(true)}
      className={cn(
        'h-8 max-w-full rounded-md object-contain',
        hasWideLabel(method) ? 'w-[4.8rem]' : 'w-[3.2rem]',
      )}
    />
  );
}

/** The big logo, name, currency and limits of a method: the head of its deposit and withdraw forms. */
export function FiatMethodHeader({
  method,
  side,
}: {
  method: FiatPaymentMethod;
  side: 'buy' | 'sell';
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const conditions = method[side];
  const icon = method.iconBig || method.icon;
  return (
    <div
      data-testid="wallet-method-header"
      className="flex items-center gap-3 rounded-xl bg-ink-800 p-3"
    >
      {icon && !failed ? (
        <img
          src={icon}
          alt=""
          aria-hidden="true"
          onError={() => setFailed(true)}
          className="h-10 w-16 shrink-0 rounded-lg object-contain"
        />
      ) : (
        <CreditCard className="size-10 shrink-0 text-brand-300" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink-100">{method.label || method.name}</p>
        {conditions ? (
          <p className="truncate text-xs text-ink-400 tabular-nums">
            {t('wallet.method_limits_label')}:{' '}
            <span className="text-ink-200">
              {formatMoneyRange(conditions.minAmount, conditions.maxAmount, method.currency, {
                precision: 0,
              })}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function MethodGrid({ methods, side, onSelect, busyMethodId = null }: MethodGridProps) {
  const tabletOrWider = useMediaQuery(tabletMediaQuery);
  const [expanded, setExpanded] = useState(false);
  const { visible, hiddenCount } = methodGridSlots(
    methods,
    methodGridCapacity(tabletOrWider),
    expanded,
  );

  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {visible.map((method) => {
        const conditions = method[side];
        return (
          <li key={method.id}>
            <button
              type="button"
              data-testid={`wallet-method-${method.id}`}
              disabled={busyMethodId !== null}
              onClick={() => onSelect(method)}
              className={cn(methodTileClassName, 'h-full w-full')}
            >
              <MethodIcon method={method} />
              <span className="line-clamp-2 text-xs font-semibold text-ink-100">
                {method.label || method.name}
              </span>
              {conditions ? (
                <span className="text-[10px] text-ink-400 tabular-nums">
                  {formatMoneyRange(conditions.minAmount, conditions.maxAmount, method.currency, {
                    precision: 0,
                  })}
                </span>
              ) : null}
              {busyMethodId === method.id ? (
                <span className="absolute inset-0 grid place-items-center rounded-xl bg-ink-900/70">
                  <Spinner className="size-5 text-brand-300" />
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
      {hiddenCount > 0 ? (
        <MoreMethodsTile count={hiddenCount} onExpand={() => setExpanded(true)} />
      ) : null}
    </ul>
  );
}
