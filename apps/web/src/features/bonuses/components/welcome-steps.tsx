import { formatBonusMoney, type WelcomeStep } from '@casino/contract';
import { Check, Lock, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const stateStyles: Record<WelcomeStep['state'], string> = {
  claimed: 'border-money-500/40 bg-money-500/10',
  available:
    'border-gold-400/70 bg-linear-to-br from-brand-600/35 via-ink-800 to-gold-500/15 shadow-lg shadow-brand-900/30',
  disabled: 'border-ink-700 bg-ink-850 opacity-70',
};

function StepBadge({ step }: { step: WelcomeStep }) {
  const { t } = useTranslation();
  switch (step.state) {
    case 'claimed':
      return (
        <span className="inline-flex items-center gap-1 text-xs font-bold text-money-400">
          <Check className="size-3.5" aria-hidden="true" />
          {t('Bonuses.welcome.state.claimed')}
        </span>
      );
    case 'available':
      return (
        <span className="inline-flex items-center gap-1 text-xs font-bold text-gold-300">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {t('Bonuses.welcome.state.available')}
        </span>
      );
    case 'disabled':
      return (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-ink-300">
          <Lock className="size-3.5" aria-hidden="true" />
          {t('Bonuses.welcome.state.disabled', { number: step.depositNumber - 1 })}
        </span>
      );
  }
}

/**
 * The welcome bonus over four deposits (spec §3, §4, §9): each step's percent, its 'up to' cap
 * and free spins, and its state; the available step offers the deposit that claims it.
 */
export function WelcomeSteps({
  steps,
  onDeposit,
}: {
  steps: readonly WelcomeStep[];
  onDeposit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ol className="grid grid-cols-1 gap-2.5 sm:grid-cols-2" data-testid="welcome-steps">
      {steps.map((step) => {
        const conditions = step.bonus.conditions;
        return (
          <li
            key={step.bonus.id}
            data-testid={`welcome-step-${step.depositNumber}`}
            data-state={step.state}
            aria-current={step.state === 'available' ? 'step' : undefined}
            className={cn('flex flex-col gap-2 rounded-2xl border p-3.5', stateStyles[step.state])}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs font-bold tracking-wider text-ink-300 uppercase">
                {t('Bonuses.welcome.step', { number: step.depositNumber })}
              </span>
              <StepBadge step={step} />
            </div>
            <p className="text-3xl leading-none font-extrabold text-ink-100">
              {t('Bonuses.welcome.percent', { percent: step.bonusValue })}
            </p>
            <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-200">
              {conditions.maxAmount !== null ? (
                <span>
                  {t('Bonuses.welcome.up_to', {
                    amount: formatBonusMoney(conditions.maxAmount, conditions.currency),
                  })}
                </span>
              ) : null}
              {step.freeSpinValue > 0 ? (
                <span className="font-semibold text-gold-300">
                  {t('Bonuses.welcome.free_spins', { count: step.freeSpinValue })}
                </span>
              ) : null}
              {conditions.minDeposit !== null ? (
                <span className="text-ink-300">
                  {t('Bonuses.welcome.min_deposit', {
                    amount: formatBonusMoney(conditions.minDeposit, conditions.currency),
                  })}
                </span>
              ) : null}
            </div>
            {step.state === 'available' ? (
              <Button size="sm" variant="money" className="mt-1 self-start" onClick={onDeposit}>
                {t('Bonuses.welcome.deposit')}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
