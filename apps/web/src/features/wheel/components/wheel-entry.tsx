import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useWheelDialog } from '../hooks/use-wheel-dialog';
import { WheelIcon } from './wheel-icon';

/** The desktop header's wheel button (shell spec §2), in the place of the bonuses tab. */
export function WheelHeaderButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const wheel = useWheelDialog();
  return (
    <button
      type="button"
      onClick={wheel.open}
      data-testid="header-wheel"
      className={cn(
        'group h-10 cursor-pointer items-center gap-2 rounded-xl border border-gold-400/30 bg-gold-400/10 px-3.5 text-sm font-semibold text-gold-300 transition-colors hover:bg-gold-400/20',
        className,
      )}
    >
      <WheelIcon spinning />
      {t('Wheel.open')}
    </button>
  );
}

/** The phone tab bar's centre entry when the wheel replaces the bonuses tab (shell spec §2). */
export function WheelTabButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const wheel = useWheelDialog();
  return (
    <button
      type="button"
      onClick={wheel.open}
      data-testid="tab-wheel"
      className={cn('group', className)}
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-linear-to-b from-brand-500 to-brand-700 shadow-lg shadow-brand-700/40 ring-4 ring-ink-900">
        <WheelIcon className="size-8" spinning />
      </span>
      {t('Wheel.open')}
    </button>
  );
}
