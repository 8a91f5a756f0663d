import { type FiatPaymentMethod, formatMoney, validateFiatDepositAmount } from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { amountInput, depositAmountSetup, hasFraction } from '../deposit-presets';
import { FiatMethodHeader } from './method-grid';
import { MethodNotices } from './notices';

export interface FiatDepositFormProps {
  method: FiatPaymentMethod;
  onContinue: (amount: string) => void;
  isSubmitting: boolean;
}

/** The deposit amount (wallet spec §5): whole units within the method's limits. */
export function FiatDepositForm({ method, onContinue, isSubmitting }: FiatDepositFormProps) {
  const { t } = useTranslation();
  const buy = method.buy;
  const limits = useMemo(
    () => ({
      minAmount: buy?.minAmount ?? '0',
      maxAmount: buy?.maxAmount ?? '0',
      currency: method.currency,
    }),
    [buy, method.currency],
  );
  const setup = useMemo(() => depositAmountSetup(limits), [limits]);
  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().superRefine((value, context) => {
          if (hasFraction(value)) {
            context.addIssue({ code: 'custom', message: t('Validation.whole_amount') });
            return;
          }
          const problem = validateFiatDepositAmount(value, limits);
          if (problem)
            context.addIssue({ code: 'custom', message: t(problem.message, problem.params) });
        }),
      }),
    [limits, t],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: setup.defaultAmount },
    mode: 'onChange',
  });
  const amount = form.watch('amount');
  const error = form.formState.errors.amount?.message;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => onContinue(values.amount))}
    >
      <FiatMethodHeader method={method} side="buy" />
      <MethodNotices method={method} />
      <Field
        id="wallet-deposit-amount"
        label={t('wallet.amount')}
        error={error}
        hint={t('wallet.amount_limits', {
          min: formatMoney(limits.minAmount, limits.currency),
          max: formatMoney(limits.maxAmount, limits.currency),
        })}
      >
        <div className="relative">
          <input
            id="wallet-deposit-amount"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'wallet-deposit-amount-error' : 'wallet-deposit-amount-hint'}
            className={cn(inputClassName, 'pr-16 text-base font-semibold tabular-nums')}
            {...form.register('amount', {
              setValueAs: (value: string) => amountInput(value),
              onChange: (event: { target: HTMLInputElement }) => {
                event.target.value = amountInput(event.target.value);
              },
            })}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-semibold text-ink-300">
            {method.currency}
          </span>
        </div>
      </Field>
      {setup.presets.length > 0 ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {setup.presets.map((preset) => (
            <button
              key={preset}
              type="button"
              onClick={() => form.setValue('amount', preset, { shouldValidate: true })}
              className={cn(
                'h-9 cursor-pointer rounded-lg border border-ink-700 bg-ink-800 text-sm font-semibold text-ink-200 tabular-nums transition-colors hover:border-brand-500/60',
                amount === preset && 'border-brand-500 bg-brand-500/15 text-ink-100',
              )}
            >
              {preset}
            </button>
          ))}
        </div>
      ) : null}
      <Button type="submit" variant="money" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {t('wallet.top_up_amount', { amount: formatMoney(amount || '0', method.currency) })}
      </Button>
    </form>
  );
}
