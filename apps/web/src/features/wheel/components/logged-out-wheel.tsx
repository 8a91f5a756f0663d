import {
  loggedOutWheelSliceCount,
  loggedOutWheelSlices,
  type WheelPrize,
  wheelCompletionDelayMs,
} from '@casino/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useWheelMotion } from '../hooks/use-wheel-motion';
import { bouncePointer } from '../pointer-bounce';
import { wheelSlices } from '../wheel-slices';
import { playWinChime } from '../wheel-sound';
import { WheelGraphic } from './wheel-graphic';

export interface LoggedOutWheelProps {
  /** the operator's prizes; drawn as 15 slices */
  prizes: readonly WheelPrize[];
  /** the slice the spin lands on, once known (shell spec §3 "result prizeIndex") */
  prizeIndex: number | null;
  enabled: boolean;
  /** the click started a spin: the owner picks the result */
  onSpin: () => void;
  /** 500 ms after the wheel came to rest on `prizeIndex` */
  onComplete: () => void;
}

type Phase = 'idle' | 'spinning' | 'done';

/**
 * The visitors' wheel (shell spec §3, §4, §9): 15 slices turning slowly (a turn per 40 s); a
 * click, when enabled, spins it fast for 4 s, the deceleration lands on `prizeIndex` 5 s after
 * the click, the pointer bounces, a chime plays, and `onComplete` follows 500 ms later.
 */
export function LoggedOutWheel({
  prizes,
  prizeIndex,
  enabled,
  onSpin,
  onComplete,
}: LoggedOutWheelProps) {
  const { t } = useTranslation();
  const prizeList = useMemo(() => loggedOutWheelSlices(prizes), [prizes]);
  const slices = useMemo(() => wheelSlices(prizeList), [prizeList]);
  const motion = useWheelMotion(loggedOutWheelSliceCount);
  const pointerRef = useRef<SVGGElement | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;
  const { land } = motion;

  useEffect(() => {
    if (phase !== 'spinning' || prizeIndex === null) return;
    let cancelled = false;
    let timer: number | undefined;
    void land(prizeIndex).then(() => {
      if (cancelled) return;
      bouncePointer(pointerRef.current);
      playWinChime();
      timer = window.setTimeout(() => {
        setPhase('done');
        completeRef.current();
      }, wheelCompletionDelayMs);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [phase, prizeIndex, land]);

  const spin = () => {
    if (!enabled || phase !== 'idle') return;
    setPhase('spinning');
    motion.spin();
    onSpin();
  };

  return (
    <div className="flex flex-col items-center gap-4" data-testid="logged-out-wheel">
      <button
        type="button"
        onClick={spin}
        disabled={!enabled || phase !== 'idle'}
        aria-label={t('Wheel.spin')}
        className="w-full max-w-[22rem] cursor-pointer rounded-full disabled:cursor-default"
      >
        <WheelGraphic slices={slices} rotorRef={motion.rotorRef} pointerRef={pointerRef} />
      </button>
      {phase === 'done' ? null : (
        <Button
          size="lg"
          className="w-full max-w-xs"
          onClick={spin}
          disabled={!enabled || phase !== 'idle'}
          data-testid="wheel-spin"
        >
          {phase === 'spinning' ? t('Wheel.spinning') : t('Wheel.spin')}
        </Button>
      )}
    </div>
  );
}
