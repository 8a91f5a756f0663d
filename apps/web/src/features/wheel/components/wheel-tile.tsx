import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useWheelPrizes } from '../api/get-wheel-prizes';
import { useWheelStatus } from '../api/get-wheel-status';
import { useShake } from '../hooks/use-shake';
import { useWheelDialog } from '../hooks/use-wheel-dialog';
import { WheelIcon } from './wheel-icon';

/**
 * The bonus drawer's wheel tile (wallet spec §2, §4): 'available rotation' or 'rotation used';
 * it opens the wheel, and shakes for 500 ms when today's spin is used. Nothing without prizes.
 */
export function WheelTile({ className }: { className?: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const prizes = useWheelPrizes();
  const status = useWheelStatus();
  const wheel = useWheelDialog();
  const shake = useShake<HTMLButtonElement>();
  if ((prizes.data?.length ?? 0) === 0) return null;

  const available = !signedIn || status.data?.isAvailable === true;
  const known = !signedIn || status.data !== undefined;

  return (
    <button
      ref={shake.ref}
      type="button"
      data-testid="wheel-tile"
      data-available={available ? 'true' : 'false'}
      data-shaking={shake.shaking ? 'true' : undefined}
      onClick={() => (available ? wheel.open() : shake.shake())}
      disabled={!known}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-2xl border p-3 text-left transition-colors disabled:cursor-default',
        available
          ? 'border-gold-400/40 bg-gold-400/10 hover:bg-gold-400/15'
          : 'border-ink-700 bg-ink-800',
        className,
      )}
    >
      <WheelIcon
        className={cn('size-11 shrink-0', !available && 'opacity-60')}
        spinning={available}
      />
      <span className="min-w-0">
        <span className="block text-sm font-bold text-ink-100">{t('Wheel.title')}</span>
        <span
          className={cn(
            'block text-xs font-semibold',
            available ? 'text-gold-300' : 'text-ink-400',
          )}
          data-testid="wheel-tile-state"
        >
          {known ? (available ? t('Wheel.rotation_available') : t('Wheel.rotation_used')) : '…'}
        </span>
      </span>
    </button>
  );
}
