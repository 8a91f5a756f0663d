import { type LimitPeriod, limitPeriods } from '@casino/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSetLimit } from '../api/limits';

/**
 * Before the first deposit (a card atop the wallet's deposit tab, nothing blocked): set a deposit
 * limit, or decline ("not now": not asked again until the 6-monthly review). Either answer is
 * recorded.
 */
export function DepositLimitPrompt({
  currency,
  answering,
  onAnswer,
}: {
  currency: string;
  answering: boolean;
  onAnswer: (action: 'declined' | 'reviewed') => void;
}) {
  const { t } = useTranslation();
  const setLimit = useSetLimit();
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<LimitPeriod>('week');
  const ids = { amount: useId(), period: useId() };
  const busy = setLimit.isPending || answering;

  function submit(event: FormEvent) {
    event.preventDefault();
    setLimit.mutate(
      { type: 'deposit', period, amount: amount.trim() },
      { onSuccess: () => onAnswer('reviewed') },
    );
  }

  return (
    <section
      className="mb-4 rounded-xl border border-brand-500/40 bg-ink-800/80 p-3"
      data-testid="deposit-limit-prompt"
    >
      <h3 className="text-sm font-semibold text-ink-100">
        {t('responsibleGambling.prompt.title')}
      </h3>
      <p className="mt-1 text-xs text-ink-300">{t('responsibleGambling.prompt.body')}</p>
      <form className="mt-3 grid gap-3" onSubmit={submit}>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.amount} className="text-xs font-medium text-ink-200">
              {t('responsibleGambling.prompt.amount', { currency })}
            </label>
            <input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              className={inputClassName}
              value={amount}
              onChange={(event) => setAmount(event.target.value.replace(',', '.'))}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.period} className="text-xs font-medium text-ink-200">
              {t('responsibleGambling.period_label')}
            </label>
            <select
              id={ids.period}
              className={`${inputClassName} appearance-none`}
              value={period}
              onChange={(event) => setPeriod(event.target.value as LimitPeriod)}
            >
              {limitPeriods.map((option) => (
                <option key={option} value={option}>
                  {t(`responsibleGambling.periods.${option}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            data-testid="deposit-limit-decline"
            onClick={() => onAnswer('declined')}
          >
            {t('responsibleGambling.prompt.decline')}
          </Button>
          <Button
            type="submit"
            data-testid="deposit-limit-set"
            disabled={busy || amount.trim() === ''}
          >
            {setLimit.isPending ? <Spinner /> : null}
            {t('responsibleGambling.prompt.set')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Every 6 months after sign-in: keep the limits as they are, or go and change them. */
export function LimitsReviewPrompt({
  open,
  answering,
  onKeep,
  onChange,
}: {
  open: boolean;
  answering: boolean;
  onKeep: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onKeep())}>
      <DialogContent
        title={t('responsibleGambling.review.title')}
        description={t('responsibleGambling.review.body')}
        data-testid="limits-review"
      >
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" disabled={answering} onClick={onKeep}>
            {t('responsibleGambling.review.keep')}
          </Button>
          <Button disabled={answering} onClick={onChange}>
            {t('responsibleGambling.review.change')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
