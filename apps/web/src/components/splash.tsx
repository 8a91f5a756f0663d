import { useTranslation } from 'react-i18next';
import { brandName } from '@/lib/brand';
import { LogoMark } from './logo';

/** Full-screen preloader shown until the data the shell needs has arrived. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="splash"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] grid place-items-center bg-ink-900"
    >
      <div className="flex flex-col items-center gap-4">
        <div className="relative grid size-40 place-items-center">
          <div className="absolute inset-0 rounded-full bg-brand-500/20 blur-3xl" />
          <div className="absolute inset-3 animate-orbit rounded-full border-2 border-transparent border-t-brand-400 border-r-brand-600/40" />
          <div className="absolute inset-8 animate-[orbit_3.6s_linear_infinite_reverse] rounded-full border-2 border-transparent border-b-gold-400/80" />
          <LogoMark className="relative size-20 animate-pulse-soft" />
        </div>
        <p className="text-lg font-extrabold tracking-tight text-ink-100">{brandName}</p>
      </div>
      <span className="sr-only">{t('Shared.loading')}</span>
    </div>
  );
}
