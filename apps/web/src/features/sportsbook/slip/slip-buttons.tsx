import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { setSlipDrawerOpen, useSlipCount } from './slip-count';

// The buttons that open the slip drawer, apart from the slip itself (`slip-layout.tsx`), which
// loads when the drawer is first opened: the tab bar is on every page, the slip's code is not.

/** The tab bar's slip button: the selection count on a badge. */
export function SlipTabButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useSlipCount();
  return (
    <button
      type="button"
      data-testid="slip-tab-button"
      aria-haspopup="dialog"
      aria-label={t('BetSlip.open', { count })}
      onClick={() => setSlipDrawerOpen(true)}
      className={className}
    >
      <span className="relative">
        <Receipt className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            data-testid="slip-badge"
            className="absolute -top-1.5 -right-2.5 grid h-4 min-w-4 place-items-center rounded-full bg-brand-500 px-1 text-[10px] font-bold text-white tabular-nums"
          >
            {count}
          </span>
        ) : null}
      </span>
      {t('BetSlip.tab_bar')}
    </button>
  );
}

/** Tablets (768–1023 px: no tab bar, no side panel): a floating slip button. */
export function SlipFloatingButton() {
  const { t } = useTranslation();
  const count = useSlipCount();
  if (count === 0) return null;
  return (
    <button
      type="button"
      data-testid="slip-floating-button"
      aria-haspopup="dialog"
      aria-label={t('BetSlip.open', { count })}
      onClick={() => setSlipDrawerOpen(true)}
      className={cn(
        'fixed right-6 bottom-6 z-40 flex h-12 cursor-pointer items-center gap-2 rounded-full bg-linear-to-b from-brand-500 to-brand-600 px-5 text-sm font-bold text-white shadow-lg shadow-brand-900/40',
      )}
    >
      <Receipt className="size-4" aria-hidden="true" />
      {t('BetSlip.title')}
      <span className="grid h-5 min-w-5 place-items-center rounded-full bg-white/20 px-1.5 text-xs tabular-nums">
        {count}
      </span>
    </button>
  );
}
