import {
  isZeroWheelAmount,
  type WheelPrize,
  type WheelSpinResult,
  type WheelStatus,
  wheelCompletionDelayMs,
} from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Landmark, ShieldCheck, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '@/components/copy-button';
import { Countdown } from '@/components/countdown';
import { Button } from '@/components/ui/button';
import { isApiError, isApiErrorWithDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { wheelStatusQueryKey } from '../api/get-wheel-status';
import { spinWheel } from '../api/spin-wheel';
import { useShake } from '../hooks/use-shake';
import { useWheelMotion } from '../hooks/use-wheel-motion';
import { bouncePointer } from '../pointer-bounce';
import { formatPrizeAmount, sliceIndexForResult, wheelSlices } from '../wheel-slices';
import { playWinChime } from '../wheel-sound';
import { WheelGraphic } from './wheel-graphic';

export interface PlayerWheelProps {
  /** the prizes in display order (at most 15, the first moved to the end) */
  prizes: readonly WheelPrize[];
  status: WheelStatus;
  /** the prize is credited: the shell refreshes the balance */
  onPrizeWon: (result: WheelSpinResult) => void;
  /** the main button after a prize: close the wheel and go to /bonuses (wallet spec §4) */
  onGoToBonuses: () => void;
  /** close the wheel and open the spin in the fairness verifier (`/fairness?spin={id}`) */
  onVerifySpin: (spinId: string) => void;
  onClose: () => void;
}

type Phase = 'ready' | 'spinning' | 'result';

function SpinResult({
  result,
  onGoToBonuses,
  onVerifySpin,
  onClose,
}: {
  result: WheelSpinResult;
  onGoToBonuses: () => void;
  onVerifySpin: (spinId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zero = isZeroWheelAmount(result.amount);
  const amount = formatPrizeAmount(result.amount, result.currency, false);
  return (
    <div
      role="status"
      data-testid="wheel-result"
      data-balance-type={zero ? 'none' : result.balanceType}
      className="flex w-full flex-col items-center gap-3 rounded-2xl border border-ink-700 bg-ink-800 p-4 text-center"
    >
      {zero ? (
        <>
          <p className="text-lg font-bold text-ink-100">{t('Wheel.no_prize_title')}</p>
          <p className="text-sm text-ink-300">{t('Wheel.no_prize_text')}</p>
        </>
      ) : (
        <>
          <p className="text-lg font-bold text-ink-100">
            {t('Wheel.won_title')}{' '}
            <span className="text-gold-400" data-testid="wheel-result-amount">
              {amount}
            </span>
          </p>
          <p className="flex items-center gap-2 text-sm text-ink-200">
            {result.balanceType === 'main' ? (
              <Landmark className="size-4 text-money-400" aria-hidden="true" />
            ) : (
              <Sparkles className="size-4 text-brand-300" aria-hidden="true" />
            )}
            {result.balanceType === 'main' ? t('Wheel.to_main') : t('Wheel.to_bonus')}
          </p>
        </>
      )}
      {result.promo ? (
        <div className="w-full text-left">
          <p className="mb-1 text-xs font-semibold text-ink-300">{t('Wheel.promo_code')}</p>
          <CopyableValue value={result.promo} label={t('Shared.copy')} />
        </div>
      ) : null}
      <p className="flex flex-wrap items-center justify-center gap-x-2 text-[11px] text-ink-400">
        {t('Wheel.fairness', { nonce: result.nonce, hash: result.serverSeedHash.slice(0, 12) })}
        <button
          type="button"
          onClick={() => onVerifySpin(result.id)}
          data-testid="wheel-result-verify"
          className="inline-flex cursor-pointer items-center gap-1 font-semibold text-brand-300 hover:text-brand-300/80"
        >
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {t('Wheel.verify_spin')}
        </button>
      </p>
      <Button
        size="lg"
        className="w-full"
        onClick={zero ? onClose : onGoToBonuses}
        data-testid="wheel-result-action"
      >
        {zero ? t('Shared.close') : t('Wheel.to_bonuses')}
      </Button>
    </div>
  );
}

/**
 * The signed-in player's wheel (wallet spec §4 "Wheel"): available → spin (the POST starts with
 * the fast turn, the landing follows the server's prize) → the prize, where it went and any promo
 * code. Once spun, or when today's spin is used, the button reads 'rotation used' and pressing
 * the wheel shakes it (500 ms).
 */
export function PlayerWheel({
  prizes,
  status,
  onPrizeWon,
  onGoToBonuses,
  onVerifySpin,
  onClose,
}: PlayerWheelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const slices = useMemo(() => wheelSlices(prizes), [prizes]);
  const motion = useWheelMotion(slices.length);
  const pointerRef = useRef<SVGGElement | null>(null);
  const shake = useShake<HTMLDivElement>();
  const idempotency = useIdempotencyKey();
  const [phase, setPhase] = useState<Phase>('ready');
  const [result, setResult] = useState<WheelSpinResult | null>(null);
  const spin = useMutation({ mutationFn: spinWheel });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const used = result !== null || !status.isAvailable;

  const press = () => {
    if (phase === 'spinning') return;
    if (used) {
      shake.shake();
      return;
    }
    setPhase('spinning');
    motion.spin();
    spin.mutate(
      { idempotencyKey: idempotency.keyFor({}) },
      {
        onSuccess: async (won) => {
          idempotency.finish();
          setResult(won);
          await motion.land(sliceIndexForResult(prizes, won));
          onPrizeWon(won);
          if (!mounted.current) return;
          bouncePointer(pointerRef.current);
          if (!isZeroWheelAmount(won.amount)) playWinChime();
          window.setTimeout(() => {
            if (mounted.current) setPhase('result');
          }, wheelCompletionDelayMs);
        },
        onError: (error) => {
          // The server answered, so the attempt is over; a network failure keeps the key and
          // the next press retries the same spin.
          if (isApiError(error)) idempotency.finish();
          motion.idle();
          setPhase('ready');
          // the mutation cache shows the error toast ('Turbine of luck is not available', …)
          if (isApiErrorWithDetail(error, 'turbine_not_available')) {
            void queryClient.invalidateQueries({ queryKey: wheelStatusQueryKey });
          }
        },
      },
    );
  };

  return (
    <div className="flex flex-col items-center gap-4" data-testid="player-wheel" data-phase={phase}>
      <div
        ref={shake.ref}
        data-testid="wheel-shaker"
        data-shaking={shake.shaking ? 'true' : undefined}
        className="w-full max-w-[22rem]"
      >
        <button
          type="button"
          onClick={press}
          aria-label={used ? t('Wheel.rotation_used') : t('Wheel.spin')}
          className={cn('w-full rounded-full', phase !== 'spinning' && 'cursor-pointer')}
        >
          <WheelGraphic slices={slices} rotorRef={motion.rotorRef} pointerRef={pointerRef} />
        </button>
      </div>

      {phase === 'result' && result ? (
        <SpinResult
          result={result}
          onGoToBonuses={onGoToBonuses}
          onVerifySpin={onVerifySpin}
          onClose={onClose}
        />
      ) : (
        <>
          <Button
            size="lg"
            variant={used ? 'secondary' : 'primary'}
            className={cn('w-full max-w-xs', used && 'opacity-70')}
            onClick={press}
            aria-disabled={phase === 'spinning'}
            data-testid="wheel-spin"
          >
            {phase === 'spinning'
              ? t('Wheel.spinning')
              : used
                ? t('Wheel.rotation_used')
                : t('Wheel.spin')}
          </Button>
          {used && phase === 'ready' ? (
            <div className="flex flex-col items-center gap-1.5 text-sm text-ink-300">
              {t('Wheel.next_spin')}
              <Countdown
                target={new Date(status.nextAt)}
                onComplete={() =>
                  void queryClient.invalidateQueries({ queryKey: wheelStatusQueryKey })
                }
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
