import {
  type CreateSellOrderBody,
  currencyScale,
  type ExternalDetailFieldName,
  type FiatPaymentMethod,
  formatMinorToDecimal,
  formatMoney,
  formatPercentRate,
  isSteamMethod,
  maxMinorUnits,
  parseDecimalToMinor,
  unlistedCurrencyScale,
  validateFiatWithdrawAmount,
  validateWithdrawalDetails,
  withdrawalDetailsFields,
  withdrawalForm,
  withdrawFeeLevel,
  withdrawFeeMinor,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, inputClassName, TextInput } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useSavedDetails } from '../api/withdraw';
import { normalizeExternalField } from '../external-fields';
import { FiatMethodHeader } from './method-grid';

export interface FiatBalance {
  /** decimal string in `currency` */
  value: string;
  currency: string;
}

export interface FiatWithdrawFormProps {
  method: FiatPaymentMethod;
  balance: FiatBalance | null;
  draft: CreateSellOrderBody | null;
  onSubmit: (draft: CreateSellOrderBody) => void;
}

/** Spec §5 "Fiat withdraw": amount within limits and balance minus fee, name and details. */
export function FiatWithdrawForm({ method, balance, draft, onSubmit }: FiatWithdrawFormProps) {
  const { t } = useTranslation();
  const sell = method.sell;
  const scale = currencyScale(method.currency, unlistedCurrencyScale);
  // The fields the conditions list (the contract's one rule, which the server validates with)
  const detailsFields = useMemo(() => withdrawalDetailsFields(method), [method]);
  const withdrawal = useMemo(() => withdrawalForm(detailsFields), [detailsFields]);
  const fields = withdrawal.fields;
  const latinName = withdrawal.latinName;
  // The balance check needs the balance in the method's currency; otherwise the server decides.
  const balanceMinor =
    balance && balance.currency === method.currency
      ? (parseDecimalToMinor(balance.value, scale) ?? 0n)
      : null;
  const conditions = useMemo(
    () => ({
      minAmount: sell?.minAmount ?? '0',
      maxAmount: sell?.maxAmount ?? '0',
      levels: sell?.levels ?? [],
    }),
    [sell],
  );

  const schema = useMemo(
    () =>
      z.record(z.string(), z.string()).superRefine((values, context) => {
        const amountProblem = validateFiatWithdrawAmount(values.amount ?? '', conditions, {
          valueMinor: balanceMinor ?? maxMinorUnits,
          currency: method.currency,
        });
        if (amountProblem) {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: t(amountProblem.message, amountProblem.params),
          });
        }
        const details: Partial<Record<ExternalDetailFieldName, string>> = {
          name: values.name ?? '',
        };
        for (const field of fields) {
          details[field.name] = normalizeExternalField(
            field.name,
            values[field.name] ?? '',
            method.currency,
          );
        }
        for (const problem of validateWithdrawalDetails(details, detailsFields)) {
          context.addIssue({
            code: 'custom',
            path: [problem.field],
            message: t(problem.message, problem.params),
          });
        }
      }),
    [conditions, balanceMinor, method.currency, detailsFields, fields, t],
  );

  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: {
      amount: draft?.amount ?? '',
      name: draft?.details.name ?? '',
      subbankId: draft?.subbankId ?? sell?.subbanks[0]?.id ?? '',
      ...Object.fromEntries(fields.map((field) => [field.name, draft?.details[field.name] ?? ''])),
    },
  });

  const saved = useSavedDetails(method.id);
  const firstSaved = saved.data?.[0];
  useEffect(() => {
    if (!firstSaved || draft) return;
    for (const [name, value] of Object.entries(firstSaved)) {
      if (name === 'name' || fields.some((field) => field.name === name)) {
        if (!form.getValues(name)) form.setValue(name, value);
      }
    }
  }, [firstSaved, draft, fields, form]);

  const amount = form.watch('amount') ?? '';
  const amountMinor = parseDecimalToMinor(amount.trim(), scale);
  const feeMinor =
    amountMinor === null ? 0n : withdrawFeeMinor(amountMinor, conditions.levels, method.currency);
  const feeLevel = withdrawFeeLevel(amountMinor ?? 0n, conditions.levels, method.currency);
  const minimumMinor = parseDecimalToMinor(conditions.minAmount, scale) ?? 0n;
  const availableMinor =
    balanceMinor === null
      ? null
      : balanceMinor - withdrawFeeMinor(balanceMinor, conditions.levels, method.currency);
  const format = (minor: bigint) =>
    formatMoney(formatMinorToDecimal(minor, scale), method.currency);
  const steam = isSteamMethod(method);
  const errors = form.formState.errors;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        const details: Partial<Record<ExternalDetailFieldName, string>> = {};
        const name = (values.name ?? '').trim();
        if (name) {
          details.name = name;
          if (latinName) details.full_name_latin = name;
        }
        for (const field of fields) {
          const value = normalizeExternalField(
            field.name,
            values[field.name] ?? '',
            method.currency,
          );
          if (value) details[field.name] = value;
        }
        onSubmit({
          amount: (values.amount ?? '').trim(),
          bankId: method.id,
          ...(values.subbankId ? { subbankId: values.subbankId } : {}),
          details,
        });
      })}
    >
      <FiatMethodHeader method={method} side="sell" />
      {balanceMinor !== null && balanceMinor <= minimumMinor ? (
        <p
          data-testid="wallet-withdraw-low-balance"
          className="flex gap-2 rounded-xl border border-gold-500/30 bg-gold-500/10 p-3 text-xs text-gold-300"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('wallet.withdraw_form.low_balance', { amount: format(minimumMinor) })}
        </p>
      ) : null}
      <Field
        id="wallet-withdraw-amount"
        label={t('wallet.amount')}
        error={errors.amount?.message}
        hint={t('wallet.amount_limits', {
          min: formatMoney(conditions.minAmount, method.currency),
          max: formatMoney(conditions.maxAmount, method.currency),
        })}
      >
        <div className="relative">
          <TextInput
            id="wallet-withdraw-amount"
            inputMode="decimal"
            autoComplete="off"
            className="pr-16 text-base font-semibold tabular-nums"
            aria-invalid={errors.amount ? true : undefined}
            {...form.register('amount')}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-semibold text-ink-300">
            {method.currency}
          </span>
        </div>
      </Field>
      <div className="grid grid-cols-2 gap-2 text-xs">
        <div className="rounded-xl bg-ink-800 p-3">
          <p className="text-ink-400">
            {t('wallet.withdraw_form.fee')}
            {feeLevel ? (
              <span data-testid="wallet-withdraw-fee-rate">
                {' · '}
                {formatPercentRate(feeLevel.rate)}
              </span>
            ) : null}
          </p>
          <p data-testid="wallet-withdraw-fee" className="font-semibold text-ink-100 tabular-nums">
            {format(feeMinor)}
          </p>
        </div>
        <div className="rounded-xl bg-ink-800 p-3">
          <p className="text-ink-400">{t('wallet.withdraw_form.available')}</p>
          <p className="font-semibold text-ink-100 tabular-nums">
            {availableMinor === null ? '—' : format(availableMinor > 0n ? availableMinor : 0n)}
          </p>
        </div>
      </div>
      {sell && sell.subbanks.length > 0 ? (
        <Field id="wallet-withdraw-subbank" label={t('wallet.withdraw_form.subbank')}>
          <select
            id="wallet-withdraw-subbank"
            className={cn(inputClassName)}
            {...form.register('subbankId')}
          >
            {sell.subbanks.map((subbank) => (
              <option key={subbank.id} value={subbank.id}>
                {subbank.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {withdrawal.name !== null ? (
        <Field
          id="wallet-withdraw-name"
          label={
            steam
              ? t('wallet.withdraw_form.steam_login')
              : `${latinName ? t('wallet.fields.full_name_latin') : t('wallet.withdraw_form.name')}${
                  withdrawal.name === 'required' ? '' : ` (${t('wallet.optional')})`
                }`
          }
          error={errors.name?.message}
        >
          <TextInput
            id="wallet-withdraw-name"
            autoComplete="name"
            aria-invalid={errors.name ? true : undefined}
            {...form.register('name')}
          />
        </Field>
      ) : null}
      {fields.map((field, index) => {
        const id = `wallet-withdraw-${field.name}`;
        // Spec §5: Steam labels its account field (the first one asked) as the Steam login
        const label =
          steam && withdrawal.name === null && index === 0
            ? t('wallet.withdraw_form.steam_login')
            : `${t(`wallet.fields.${field.name}`)}${field.required ? '' : ` (${t('wallet.optional')})`}`;
        return (
          <Field key={field.name} id={id} label={label} error={errors[field.name]?.message}>
            <TextInput
              id={id}
              aria-invalid={errors[field.name] ? true : undefined}
              {...form.register(field.name)}
            />
          </Field>
        );
      })}
      <Button type="submit" variant="money" size="lg">
        {amountMinor === null || amountMinor === 0n
          ? t('wallet.withdraw')
          : t('wallet.withdraw_form.submit', { amount: format(amountMinor) })}
      </Button>
    </form>
  );
}
