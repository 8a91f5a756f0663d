import { Volume2, VolumeX } from 'lucide-react';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney, formatPercent } from '../format';
import type { OriginalSession, RoundPlay } from '../hooks/use-round-play';
import { stageBackground, variantPalette } from '../variant';
import { BetPanel } from './bet-panel';
import { FairnessPanel } from './fairness-panel';
import { RecentResults, RoundHistory } from './round-history';

function SoundToggle({ play }: { play: RoundPlay }) {
  const { t } = useTranslation();
  const { enabled, setEnabled } = play.sound;
  const label = enabled ? t('Originals.sound_off') : t('Originals.sound_on');
  return (
    <button
      type="button"
      aria-pressed={enabled}
      aria-label={label}
      title={label}
      onClick={() => setEnabled(!enabled)}
      className="grid size-9 cursor-pointer place-items-center rounded-lg bg-ink-800 text-ink-200 ring-1 ring-ink-700 transition-colors hover:bg-ink-700 hover:text-ink-100"
    >
      {enabled ? (
        <Volume2 className="size-4" aria-hidden="true" />
      ) : (
        <VolumeX className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}

/** The main button of a game: play, or whatever the game needs next (cash out, …). */
export function PlayButton({
  children,
  busy,
  disabled,
  onClick,
  variant = 'money',
  testId = 'original-play',
}: {
  children: ReactNode;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  variant?: 'money' | 'primary';
  testId?: string;
}) {
  return (
    <Button
      data-testid={testId}
      variant={variant}
      size="lg"
      className="w-full"
      disabled={busy || disabled}
      onClick={onClick}
    >
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  );
}

/**
 * What every original shares: the title bar with the RTP and the sound toggle, the stake,
 * the game's own controls and stage, the latest results, the history and the fairness panel.
 * On a phone the stage comes first and the controls follow it; from `lg` they sit side by side.
 */
export function GameFrame({
  session,
  play,
  controls,
  action,
  stage,
  betLocked,
}: {
  session: OriginalSession;
  play: RoundPlay;
  /** the game's own settings, under the stake */
  controls: ReactNode;
  /** the play (or cash-out) button */
  action: ReactNode;
  stage: ReactNode;
  /** the stake and the seeds cannot change while a round runs or stays open */
  betLocked: boolean;
}) {
  const { t } = useTranslation();
  // The history and the fairness panel sit below the stage (below the screen on a phone): they
  // mount right after the game's first frame, in a transition React renders in slices, so the
  // render the session's answer starts holds the stage and the controls only.
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  return (
    <section
      data-testid="original-game"
      data-engine={session.engine}
      aria-label={session.game.title}
      className="flex flex-col gap-4"
    >
      <div className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-850">
        <header className="flex items-center justify-between gap-3 border-b border-ink-700 px-4 py-2.5">
          <p className="min-w-0 truncate text-xs text-ink-300">
            <span className="font-bold text-ink-100">
              {t(`Originals.engines.${session.engine}`)}
            </span>{' '}
            · {t('Originals.rtp', { value: formatPercent(Number(session.rtp)) })} ·{' '}
            {t('Originals.max_payout', {
              amount: formatMoney(session.limits.maxPayout, session.limits.currency),
            })}
          </p>
          <div className="flex min-w-0 items-center gap-3">
            <div className="hidden min-w-0 sm:block">
              <RecentResults gameId={session.game.id} />
            </div>
            <SoundToggle play={play} />
          </div>
        </header>
        <div className="grid grid-cols-1 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="order-2 flex flex-col gap-4 border-ink-700 p-4 lg:order-1 lg:border-r">
            <BetPanel
              value={play.bet}
              onChange={play.setBet}
              limits={session.limits}
              feedback={play.feedback}
              disabled={betLocked}
              freespins={play.freespins}
            />
            {controls}
            <div className="order-first lg:order-none">{action}</div>
          </div>
          <div
            className="relative order-1 min-h-[18rem] bg-ink-900/60 lg:order-2 lg:min-h-[30rem]"
            style={{ background: stageBackground(variantPalette(session.variant)) }}
          >
            {stage}
          </div>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {below ? (
          <>
            <RoundHistory gameId={session.game.id} />
            <FairnessPanel locked={betLocked} />
          </>
        ) : null}
      </div>
    </section>
  );
}
