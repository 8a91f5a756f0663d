import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { FairnessVerifier } from '@/features/originals';
import { useRotateSeed } from '@/features/originals/api/rotate-seed';
import { WheelVerifier } from '@/features/wheel/components/wheel-verifier';
import { cn } from '@/lib/cn';
import { useLocalizedPath } from '@/lib/use-locale';

type Mode = 'originals' | 'wheel';

/**
 * `/fairness?round={id}`: recompute any round of the in-house games in the browser;
 * `/fairness?mode=wheel` and `/fairness?spin={id}`: the same for a spin of the wheel of luck,
 * whose seed pair is the one the originals use (so the rotation is theirs).
 */
export function FairnessPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const [searchParams, setSearchParams] = useSearchParams();
  const roundId = searchParams.get('round');
  const spinId = searchParams.get('spin');
  const mode: Mode =
    spinId !== null || searchParams.get('mode') === 'wheel' ? 'wheel' : 'originals';
  const rotate = useRotateSeed();
  const modes: { mode: Mode; to: string; label: string }[] = [
    { mode: 'originals', to: localized('/fairness'), label: t('Wheel.verify.mode_originals') },
    { mode: 'wheel', to: localized('/fairness?mode=wheel'), label: t('Wheel.verify.mode_wheel') },
  ];
  return (
    <div>
      <PageHeader
        title={t('Originals.verify.title')}
        subtitle={mode === 'wheel' ? t('Wheel.verify.subtitle') : t('Originals.verify.subtitle')}
        icon={<ShieldCheck className="size-5" aria-hidden="true" />}
        back={{ to: localized('/'), label: t('Shared.back_to_casino') }}
      />
      <nav
        aria-label={t('Wheel.verify.modes')}
        className="mb-4 inline-flex rounded-xl border border-ink-700 bg-ink-850 p-1"
      >
        {modes.map((entry) => (
          <Link
            key={entry.mode}
            to={entry.to}
            aria-current={entry.mode === mode ? 'page' : undefined}
            data-testid={`fairness-mode-${entry.mode}`}
            className={cn(
              'rounded-lg px-3.5 py-1.5 text-sm font-semibold transition-colors',
              entry.mode === mode
                ? 'bg-ink-700 text-ink-100'
                : 'text-ink-300 hover:bg-ink-800 hover:text-ink-100',
            )}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      {mode === 'wheel' ? (
        <WheelVerifier
          key={spinId ?? ''}
          spinId={spinId}
          onSelectSpin={(id) => setSearchParams(id === null ? { mode: 'wheel' } : { spin: id })}
          onRotateSeed={() => rotate.mutateAsync()}
          rotating={rotate.isPending}
        />
      ) : (
        <FairnessVerifier key={roundId ?? ''} roundId={roundId} />
      )}
    </div>
  );
}
