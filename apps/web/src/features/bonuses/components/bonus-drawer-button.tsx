import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useBonusDrawer } from '../hooks/use-bonus-drawer';

/** The header's bonus button: opens the bonus drawer (`?bonus10`). */
export function BonusDrawerButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const drawer = useBonusDrawer();
  return (
    <button
      type="button"
      onClick={drawer.open}
      aria-label={t('Bonuses.offers_button')}
      title={t('Bonuses.offers_button')}
      data-testid="header-bonus-drawer"
      className={cn(
        'relative grid size-10 cursor-pointer place-items-center rounded-xl border border-gold-500/40 bg-linear-to-b from-gold-500/20 to-brand-600/20 text-gold-300 transition-colors hover:border-gold-400 hover:text-gold-300/90',
        className,
      )}
    >
      <Sparkles className="size-4" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 size-2.5 animate-pulse-few rounded-full bg-gold-400 ring-2 ring-ink-900"
      />
    </button>
  );
}
