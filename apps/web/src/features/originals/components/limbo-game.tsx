import {
  limboOutcomeSchema,
  limboParamsSchema,
  limboWinChance,
  parseLimboParams,
} from '@casino/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClassName } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { animate } from '../animation';
import { payoutFor } from '../bet-amount';
import { formatMoney, formatMultiplier, formatPercent } from '../format';
import { limboCountValue, playedRound, resultToneClass } from '../game-helpers';
import { type OriginalSession, useRoundPlay } from '../hooks/use-round-play';
import { variantValue } from '../variant';
import { GameFrame, PlayButton } from './game-frame';
import { StatField } from './stat-field';

const countDurationMs = 900;

interface ShownResult {
  result: number;
  won: boolean;
}

export function LimboGame({ session }: { session: OriginalSession }) {
  const { t } = useTranslation();
  const play = useRoundPlay(session);
  const [targetText, setTargetText] = useState(() =>
    variantValue(session.variant, 'target', limboParamsSchema.shape.target, 2).toFixed(2),
  );
  const [counting, setCounting] = useState<number | null>(null);
  const [shown, setShown] = useState<ShownResult | null>(null);
  const [running, setRunning] = useState(false);
  const cancel = useRef<(() => void) | null>(null);

  useEffect(() => () => cancel.current?.(), []);

  const target = Number(targetText);
  const parsed = parseLimboParams({ target: Number.isFinite(target) ? target : 0 });
  const chance = parsed.success ? limboWinChance(parsed.params, session.rtp) : null;

  const start = async () => {
    if (!parsed.success) return;
    setRunning(true);
    const played = playedRound(await play.play(parsed.params), limboOutcomeSchema);
    if (!played) {
      setRunning(false);
      return;
    }
    const { round } = played;
    const result = played.outcome.result;
    let lastTick = 1;
    cancel.current = animate(
      countDurationMs,
      (progress) => {
        const value = limboCountValue(result, progress);
        setCounting(value);
        if (value - lastTick >= Math.max(0.15, lastTick * 0.12)) {
          lastTick = value;
          play.sound.play('tick');
        }
      },
      () => {
        setCounting(null);
        setShown({ result, won: Number(round.multiplier) > 0 });
        setRunning(false);
        play.finish(round);
      },
    );
  };

  const busy = running || play.pending;
  const value = counting ?? shown?.result ?? 1;

  return (
    <GameFrame
      session={session}
      play={play}
      betLocked={busy}
      controls={
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="limbo-target" className="text-xs font-medium text-ink-200">
              {t('Originals.limbo.target')}
            </label>
            <div className="relative">
              <input
                id="limbo-target"
                inputMode="decimal"
                value={targetText}
                disabled={busy}
                aria-invalid={parsed.success ? undefined : true}
                onChange={(event) =>
                  setTargetText(event.target.value.replace(',', '.').replace(/[^\d.]/g, ''))
                }
                onBlur={() => {
                  if (parsed.success) setTargetText(parsed.params.target.toFixed(2));
                }}
                className={cn(inputClassName, 'pr-8 font-mono tabular-nums')}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-sm text-ink-400">
                ×
              </span>
            </div>
            {!parsed.success ? (
              <p role="alert" className="text-xs text-danger-400">
                {t('Originals.limbo.target_out_of_range')}
              </p>
            ) : null}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <StatField label={t('Originals.win_chance')} testId="limbo-chance">
              {chance !== null ? formatPercent(chance) : '—'}
            </StatField>
            <StatField label={t('Originals.profit_on_win')}>
              {parsed.success
                ? formatMoney(
                    payoutFor(play.bet, parsed.params.target, session.limits.currency),
                    session.limits.currency,
                  )
                : '—'}
            </StatField>
          </div>
        </>
      }
      action={
        <PlayButton busy={busy} disabled={!parsed.success} onClick={() => void start()}>
          {t('Originals.play')}
        </PlayButton>
      }
      stage={
        <div className="relative flex h-full min-h-[18rem] flex-col items-center justify-center gap-3 overflow-hidden p-6">
          <svg
            aria-hidden="true"
            viewBox="0 0 400 400"
            className="pointer-events-none absolute inset-0 m-auto size-[min(90%,26rem)] opacity-40"
          >
            <defs>
              <radialGradient id="limbo-glow">
                <stop offset="0%" stopColor="var(--color-brand-500)" stopOpacity="0.55" />
                <stop offset="100%" stopColor="var(--color-brand-500)" stopOpacity="0" />
              </radialGradient>
            </defs>
            <circle cx="200" cy="200" r="190" fill="url(#limbo-glow)" />
            {[60, 100, 140, 180].map((radius) => (
              <circle
                key={radius}
                cx="200"
                cy="200"
                r={radius}
                fill="none"
                stroke="var(--color-ink-500)"
                strokeDasharray="4 10"
              />
            ))}
          </svg>
          <p
            data-testid="limbo-result"
            aria-live="polite"
            className={cn(
              'relative font-mono text-6xl font-extrabold tabular-nums transition-colors sm:text-7xl',
              resultToneClass(counting !== null, shown),
            )}
          >
            {formatMultiplier(value)}
          </p>
          {parsed.success ? (
            <p className="relative text-sm text-ink-300">
              {t('Originals.limbo.target_line', {
                target: formatMultiplier(parsed.params.target),
              })}
            </p>
          ) : null}
        </div>
      }
    />
  );
}
