import {
  type KenoParams,
  kenoMaxPicks,
  kenoNumberCount,
  kenoOutcomeSchema,
  kenoParamsSchema,
  kenoRisks,
  kenoTable,
} from '@casino/contract';
import { Eraser, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { pause } from '../animation';
import { formatShortMultiplier } from '../format';
import { playedRound, randomPicks, togglePick } from '../game-helpers';
import { type OriginalSession, useRoundPlay } from '../hooks/use-round-play';
import { variantValue } from '../variant';
import { GameFrame, PlayButton } from './game-frame';
import { SegmentedControl } from './stat-field';

const numbers = Array.from({ length: kenoNumberCount }, (_, index) => index + 1);
const drawStepMs = 140;

export function KenoGame({ session }: { session: OriginalSession }) {
  const { t } = useTranslation();
  const play = useRoundPlay(session);
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoParams['risk']>(() =>
    variantValue(session.variant, 'risk', kenoParamsSchema.shape.risk, 'classic'),
  );
  const [drawn, setDrawn] = useState<number[]>([]);
  const [result, setResult] = useState<{ hits: number; picks: number[] } | null>(null);
  const [drawing, setDrawing] = useState(false);

  const table = picks.length > 0 ? kenoTable(picks.length, risk, session.rtp) : [];
  const busy = drawing || play.pending;

  const draw = async () => {
    if (picks.length === 0) return;
    setDrawing(true);
    setDrawn([]);
    setResult(null);
    const played = playedRound(await play.play({ picks, risk }), kenoOutcomeSchema);
    if (!played) {
      setDrawing(false);
      return;
    }
    const { round, outcome } = played;
    for (let index = 0; index < outcome.drawn.length; index += 1) {
      const value = outcome.drawn[index] ?? 0;
      setDrawn(outcome.drawn.slice(0, index + 1));
      play.sound.play(picks.includes(value) ? 'reveal' : 'tick');
      await pause(drawStepMs);
    }
    setResult({ hits: outcome.hits, picks });
    setDrawing(false);
    play.finish(round);
  };

  const change = (next: number[]) => {
    setPicks(next);
    setDrawn([]);
    setResult(null);
  };

  return (
    <GameFrame
      session={session}
      play={play}
      betLocked={busy}
      controls={
        <>
          <SegmentedControl
            label={t('Originals.risk')}
            value={risk}
            disabled={busy}
            onChange={setRisk}
            options={kenoRisks.map((value) => ({ value, label: t(`Originals.risks.${value}`) }))}
          />
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => change(randomPicks(kenoMaxPicks, Math.random))}
            >
              <Sparkles className="size-4" aria-hidden="true" />
              {t('Originals.keno.auto_pick')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy || picks.length === 0}
              onClick={() => change([])}
            >
              <Eraser className="size-4" aria-hidden="true" />
              {t('Originals.keno.clear')}
            </Button>
          </div>
        </>
      }
      action={
        <PlayButton busy={busy} disabled={picks.length === 0} onClick={() => void draw()}>
          {picks.length === 0 ? t('Originals.keno.pick_numbers') : t('Originals.keno.draw')}
        </PlayButton>
      }
      stage={
        <div className="flex h-full flex-col justify-center gap-4 p-3 sm:p-6">
          <p className="text-center text-xs text-ink-300">
            {t('Originals.keno.picked', { count: picks.length, max: kenoMaxPicks })}
          </p>
          <div
            data-testid="keno-board"
            className="mx-auto grid w-full max-w-[36rem] grid-cols-8 gap-1.5 sm:gap-2"
          >
            {numbers.map((value) => {
              const picked = picks.includes(value);
              const isDrawn = drawn.includes(value);
              const hit = picked && isDrawn;
              return (
                <button
                  key={value}
                  type="button"
                  data-testid={`keno-number-${value}`}
                  data-drawn={isDrawn}
                  aria-pressed={picked}
                  // the colours say drawn and hit; screen readers hear it
                  aria-label={
                    hit
                      ? `${value}, ${t('Originals.keno.state_hit')}`
                      : isDrawn
                        ? `${value}, ${t('Originals.keno.state_drawn')}`
                        : undefined
                  }
                  disabled={busy || (!picked && picks.length >= kenoMaxPicks)}
                  onClick={() => change(togglePick(picks, value))}
                  className={cn(
                    'grid aspect-square place-items-center rounded-lg font-mono text-sm font-bold transition-all duration-150 sm:text-base',
                    hit
                      ? 'scale-105 bg-money-500 text-ink-950 ring-2 ring-money-400'
                      : isDrawn
                        ? 'bg-ink-950 text-danger-400 ring-1 ring-danger-500/60'
                        : picked
                          ? 'bg-brand-500 text-white'
                          : 'bg-ink-700 text-ink-200 enabled:cursor-pointer enabled:hover:bg-ink-600',
                    'disabled:cursor-default',
                  )}
                >
                  {value}
                </button>
              );
            })}
          </div>
          {table.length > 0 ? (
            <ol
              data-testid="keno-paytable"
              aria-label={t('Originals.paytable')}
              className="mx-auto flex w-full max-w-[36rem] gap-1 overflow-x-auto scrollbar-thin"
            >
              {table.map((multiplier, hits) => (
                <li
                  // The row is indexed by the hit count itself.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={hits}
                  className={cn(
                    'flex min-w-12 flex-1 flex-col items-center rounded-lg px-1 py-1.5 text-center',
                    result?.hits === hits ? 'bg-money-500 text-ink-950' : 'bg-ink-800 text-ink-200',
                  )}
                >
                  <span className="font-mono text-xs font-bold">
                    {formatShortMultiplier(multiplier)}
                  </span>
                  <span className="text-[10px] opacity-75">
                    {t('Originals.keno.hits', { count: hits })}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-center text-sm text-ink-400">{t('Originals.keno.pick_hint')}</p>
          )}
        </div>
      }
    />
  );
}
