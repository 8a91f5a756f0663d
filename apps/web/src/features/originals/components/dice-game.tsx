import {
  type DiceParams,
  diceMultiplier,
  diceOutcomeSchema,
  diceParamsSchema,
  diceWinChance,
  parseDiceParams,
} from '@casino/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { isPlayPaused } from '@/lib/play-pause';
import { animate, easeOutCubic } from '../animation';
import { payoutFor } from '../bet-amount';
import { formatMoney, formatMultiplier, formatPercent } from '../format';
import { playedRound, resultToneClass } from '../game-helpers';
import { type OriginalSession, useRoundPlay } from '../hooks/use-round-play';
import { variantValue } from '../variant';
import { GameFrame, PlayButton } from './game-frame';
import { SegmentedControl, StatField } from './stat-field';

/** The slider's range: Stake's 2–98, wide enough for every sensible bet. */
const sliderMin = 2;
const sliderMax = 98;
const rollDurationMs = 650;
/** Auto-bet's pause between one roll's result and the next roll. */
const autoBetDelayMs = 400;

interface ShownRoll {
  roll: number;
  won: boolean;
}

function DiceTrack({
  params,
  shown,
  animatedRoll,
  disabled,
  onTarget,
}: {
  params: DiceParams;
  shown: ShownRoll | null;
  animatedRoll: number | null;
  disabled: boolean;
  onTarget: (target: number) => void;
}) {
  const { t } = useTranslation();
  const over = params.direction === 'over';
  const lose = over ? 'var(--color-danger-500)' : 'var(--color-money-500)';
  const win = over ? 'var(--color-money-500)' : 'var(--color-danger-500)';
  const markerAt = animatedRoll ?? shown?.roll ?? null;
  return (
    <div className="relative px-1 pt-14 pb-2">
      {markerAt !== null ? (
        // The bubble stays inside the track's width (a roll near 0 or 100 on a phone would put
        // half of it off screen); the arrow under it points at the roll.
        <div
          data-testid="dice-marker"
          className="pointer-events-none absolute inset-x-1 top-0 h-12"
        >
          <div
            className={cn(
              'absolute top-0 grid h-10 w-[4.5rem] place-items-center rounded-xl font-mono text-sm font-extrabold shadow-lg tabular-nums',
              animatedRoll !== null
                ? 'bg-ink-100 text-ink-900'
                : shown?.won
                  ? 'bg-money-500 text-ink-950'
                  : 'bg-danger-500 text-white',
            )}
            style={{ left: `clamp(0rem, calc(${markerAt}% - 2.25rem), calc(100% - 4.5rem))` }}
          >
            {markerAt.toFixed(2)}
          </div>
          <div
            className="absolute top-10 size-0 -translate-x-1/2 border-x-8 border-t-8 border-x-transparent border-t-ink-100/80"
            style={{ left: `${markerAt}%` }}
          />
        </div>
      ) : null}
      <div className="rounded-full bg-ink-700 p-2 ring-1 ring-ink-600">
        <input
          type="range"
          min={sliderMin}
          max={sliderMax}
          step={1}
          value={Math.min(sliderMax, Math.max(sliderMin, params.target))}
          disabled={disabled}
          aria-label={t('Originals.dice.target')}
          onChange={(event) => onTarget(Number(event.target.value))}
          className="block h-3 w-full cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed [&::-moz-range-thumb]:size-7 [&::-moz-range-thumb]:rounded-lg [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-brand-400 [&::-webkit-slider-thumb]:size-7 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-lg [&::-webkit-slider-thumb]:bg-brand-400 [&::-webkit-slider-thumb]:shadow-lg [&::-webkit-slider-thumb]:ring-4 [&::-webkit-slider-thumb]:ring-brand-500/30"
          style={{
            background: `linear-gradient(to right, ${lose} 0%, ${lose} ${params.target}%, ${win} ${params.target}%, ${win} 100%)`,
          }}
        />
      </div>
      <div className="mt-2 flex justify-between px-1 font-mono text-[11px] text-ink-400">
        {[0, 25, 50, 75, 100].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </div>
  );
}

export function DiceGame({ session }: { session: OriginalSession }) {
  const { t } = useTranslation();
  const play = useRoundPlay(session);
  const [target, setTarget] = useState(() =>
    variantValue(session.variant, 'target', z.number().min(sliderMin).max(sliderMax), 50.5),
  );
  const [targetText, setTargetText] = useState(() => target.toFixed(2));
  const [direction, setDirection] = useState<DiceParams['direction']>(() =>
    variantValue(session.variant, 'direction', diceParamsSchema.shape.direction, 'over'),
  );
  const [shown, setShown] = useState<ShownRoll | null>(null);
  const [animatedRoll, setAnimatedRoll] = useState<number | null>(null);
  const [rolling, setRolling] = useState(false);
  const cancel = useRef<(() => void) | null>(null);

  useEffect(() => () => cancel.current?.(), []);

  const raw = { target, direction };
  const parsed = parseDiceParams(raw, session.rtp);
  const valid = parsed.success;
  const multiplier = valid ? diceMultiplier(parsed.params, session.rtp) : null;
  const chance = valid ? diceWinChance(parsed.params) : null;

  const changeTarget = (next: number) => {
    const rounded = Math.round(next * 100) / 100;
    setTarget(rounded);
    setTargetText(rounded.toFixed(2));
  };

  const flip = (next: DiceParams['direction']) => {
    if (next === direction) return;
    setDirection(next);
    changeTarget(100 - target);
  };

  const [auto, setAuto] = useState(false);

  const roll = async () => {
    if (!parsed.success) return;
    setRolling(true);
    const played = playedRound(await play.play(parsed.params), diceOutcomeSchema);
    if (!played) {
      setRolling(false);
      // a refusal ends auto-bet; a pause (an open reality check) only holds it
      if (!isPlayPaused()) setAuto(false);
      return;
    }
    const { round, outcome } = played;
    const from = shown?.roll ?? 50;
    const to = outcome.roll;
    cancel.current = animate(
      rollDurationMs,
      (progress) => {
        setAnimatedRoll(from + (to - from) * easeOutCubic(progress));
        if (progress < 1 && Math.random() < 0.35) play.sound.play('tick');
      },
      () => {
        setAnimatedRoll(null);
        setShown({ roll: to, won: Number(round.multiplier) > 0 });
        setRolling(false);
        play.finish(round);
      },
    );
  };

  const busy = rolling || play.pending;

  // Auto-bet: the next roll a moment after the last one has shown, never while play is paused
  // (a reality check is open): it carries on once the player answers "continue".
  const rollRef = useRef(roll);
  rollRef.current = roll;
  useEffect(() => {
    if (!auto || busy || play.paused || !valid) return;
    const timer = window.setTimeout(() => void rollRef.current(), autoBetDelayMs);
    return () => window.clearTimeout(timer);
  }, [auto, busy, play.paused, valid]);

  return (
    <GameFrame
      session={session}
      play={play}
      betLocked={busy}
      controls={
        <>
          <SegmentedControl
            label={t('Originals.dice.direction')}
            value={direction}
            disabled={busy}
            onChange={flip}
            options={[
              { value: 'under', label: t('Originals.dice.under') },
              { value: 'over', label: t('Originals.dice.over') },
            ]}
          />
          <StatField label={t('Originals.profit_on_win')} testId="dice-profit">
            {multiplier
              ? formatMoney(
                  payoutFor(play.bet, multiplier, session.limits.currency),
                  session.limits.currency,
                )
              : '—'}
          </StatField>
        </>
      }
      action={
        <div className="flex flex-col gap-2">
          <PlayButton busy={busy} disabled={!valid || auto} onClick={() => void roll()}>
            {t('Originals.dice.roll')}
          </PlayButton>
          <Button
            variant="secondary"
            size="sm"
            data-testid="dice-auto"
            aria-pressed={auto}
            disabled={!valid}
            onClick={() => setAuto((on) => !on)}
          >
            {auto
              ? play.paused
                ? t('Originals.auto_paused')
                : t('Originals.auto_stop')
              : t('Originals.auto_start')}
          </Button>
        </div>
      }
      stage={
        <div className="flex h-full flex-col justify-center gap-8 p-4 sm:p-8 lg:p-12">
          <div className="text-center">
            <p
              data-testid="dice-result"
              aria-live="polite"
              className={cn(
                'font-mono text-5xl font-extrabold tabular-nums sm:text-6xl',
                resultToneClass(animatedRoll !== null, shown),
              )}
            >
              {(animatedRoll ?? shown?.roll ?? 0).toFixed(2)}
            </p>
          </div>
          <DiceTrack
            params={{ target, direction }}
            shown={shown}
            animatedRoll={animatedRoll}
            disabled={busy}
            onTarget={changeTarget}
          />
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            <StatField label={t('Originals.multiplier')} testId="dice-multiplier">
              {multiplier ? formatMultiplier(multiplier) : '—'}
            </StatField>
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="dice-target" className="text-[11px] font-medium text-ink-400">
                {direction === 'over'
                  ? t('Originals.dice.roll_over')
                  : t('Originals.dice.roll_under')}
              </label>
              <input
                id="dice-target"
                inputMode="decimal"
                value={targetText}
                disabled={busy}
                aria-invalid={valid ? undefined : true}
                onChange={(event) => {
                  const text = event.target.value.replace(',', '.');
                  setTargetText(text);
                  const value = Number(text);
                  if (text !== '' && Number.isFinite(value)) setTarget(value);
                }}
                onBlur={() => changeTarget(target)}
                className={cn(inputClassName, 'h-10 px-3 font-mono tabular-nums')}
              />
            </div>
            <StatField label={t('Originals.win_chance')} testId="dice-chance">
              {chance !== null ? formatPercent(chance) : '—'}
            </StatField>
          </div>
          {!valid ? (
            <p role="alert" className="-mt-4 text-center text-xs text-danger-400">
              {t('Originals.dice.target_out_of_range')}
            </p>
          ) : null}
        </div>
      }
    />
  );
}
