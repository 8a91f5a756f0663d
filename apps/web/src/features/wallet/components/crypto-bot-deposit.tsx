import { type CryptoMethod, formatMoney, parseDecimalToMinor } from '@casino/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, inputClassName, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { openExternalLink } from '@/lib/messenger-launch';
import { useCreateCryptoBotInvoice, useCryptoDepositAddress } from '../api/crypto-deposit';
import { decimalInput, formatCryptoAmount } from '../crypto-methods';
import { notifyDepositCreateError } from '../deposit-errors';
import { CryptoMethodHeader } from './crypto-deposit';
import { InfoNotice } from './notices';

export interface CryptoBotDepositProps {
  method: CryptoMethod;
  /** the methods the crypto bot takes, for the currency switch */
  methods: CryptoMethod[];
  onMethodChange: (method: CryptoMethod) => void;
  /** The pay page opened: the deposit is waiting for the invoice to be paid. */
  onInvoiceOpened: () => void;
}

/**
 * Spec §2 crypto-bot-deposit (messenger build): an amount of at least the method's minimum, with
 * the method's quick amounts; the invoice's pay URL opens in the messenger (or a new tab).
 */
export function CryptoBotDeposit({
  method,
  methods,
  onMethodChange,
  onInvoiceOpened,
}: CryptoBotDepositProps) {
  const { t } = useTranslation();
  const deposit = useCryptoDepositAddress(method.code);
  const createInvoice = useCreateCryptoBotInvoice();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const minimum = deposit.data
    ? formatCryptoAmount(deposit.data.minAmount, method.precision)
    : null;
  const minimumMinor = minimum === null ? null : parseDecimalToMinor(minimum, method.precision);
  const amountMinor = parseDecimalToMinor(amount, method.precision);
  const presets = method.valuePresets.filter((preset) => {
    const value = parseDecimalToMinor(preset, method.precision);
    return value !== null && (minimumMinor === null || value >= minimumMinor);
  });
  const problem =
    amount === ''
      ? t('Validation.required')
      : amountMinor === null || amountMinor <= 0n
        ? t('Validation.invalid_amount')
        : minimumMinor !== null && amountMinor < minimumMinor
          ? t('Validation.minimum_amount', { amount: minimum, currency: method.asset })
          : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (problem || minimumMinor === null) return;
        const body = { amount, currency: method.code, provider: 'cryptobot' as const };
        createInvoice.mutate(
          { body, idempotencyKey: idempotency.keyFor(body) },
          {
            onSuccess: (invoice) => {
              idempotency.finish();
              if (invoice.redirectUrl) openExternalLink(invoice.redirectUrl);
              onInvoiceOpened();
            },
            onError: (error) => {
              if (isApiError(error)) idempotency.finish();
              notifyDepositCreateError(error);
            },
          },
        );
      }}
    >
      <CryptoMethodHeader method={method} showBonus />
      {methods.length > 1 ? (
        <Field id="crypto-bot-currency" label={t('wallet.crypto.withdraw.currency')}>
          <select
            id="crypto-bot-currency"
            data-testid="crypto-bot-currency"
            className={inputClassName}
            value={method.code}
            onChange={(event) => {
              const next = methods.find((item) => item.code === event.target.value);
              if (next) {
                setAmount('');
                setTouched(false);
                onMethodChange(next);
              }
            }}
          >
            {methods.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name} · {item.network}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field
        id="crypto-bot-amount"
        label={t('wallet.amount')}
        error={touched && problem ? problem : undefined}
        hint={
          minimum
            ? `${t('wallet.crypto.min_deposit')}: ${formatMoney(minimum, method.asset, { precision: method.precision })}`
            : undefined
        }
      >
        <div className="relative">
          <TextInput
            id="crypto-bot-amount"
            data-testid="crypto-bot-amount"
            inputMode="decimal"
            autoComplete="off"
            className="pr-16 text-base font-semibold tabular-nums"
            aria-invalid={touched && problem ? true : undefined}
            value={amount}
            onChange={(event) => setAmount(decimalInput(event.target.value, method.precision))}
            onBlur={() => setTouched(true)}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-semibold text-ink-300">
            {method.asset}
          </span>
        </div>
      </Field>
      {presets.length > 0 ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              data-testid={`crypto-bot-preset-${preset}`}
              onClick={() => {
                setAmount(preset);
                setTouched(true);
              }}
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
      <InfoNotice>{t('wallet.crypto.bot.hint')}</InfoNotice>
      <Button
        type="submit"
        variant="money"
        size="lg"
        data-testid="crypto-bot-submit"
        disabled={createInvoice.isPending || deposit.isPending}
      >
        {createInvoice.isPending ? <Spinner /> : null}
        {t('wallet.top_up_amount', {
          amount: formatMoney(amount || '0', method.asset, { precision: method.precision }),
        })}
      </Button>
    </form>
  );
}
