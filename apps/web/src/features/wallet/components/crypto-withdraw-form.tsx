import {
  type CryptoMethod,
  type CryptoProvider,
  type CryptoWithdrawBody,
  formatMinorToDecimal,
  formatMoney,
} from '@casino/contract';
import { History } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, inputClassName, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useRecentAddresses } from '../api/crypto-withdraw';
import {
  cryptoAddressProblem,
  cryptoAmountProblem,
  decimalInput,
  type FieldProblem,
  formatCryptoAmount,
  parseCryptoAmount,
} from '../crypto-methods';
import { useCryptoWithdrawLimits } from '../hooks/use-crypto-withdraw-limits';
import { CryptoMethodHeader } from './crypto-deposit';
import { InfoNotice } from './notices';

/** How many recent addresses are offered under the field. */
const recentAddressLimit = 3;

function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

export interface TonWalletFill {
  /** a wallet just connected: fills an empty field */
  onPrefill: (address: string) => void;
  /** the player asked for the wallet's address: replaces what is typed */
  onUse: (address: string) => void;
}

export interface CryptoWithdrawFormProps {
  method: CryptoMethod;
  provider: CryptoProvider | null;
  /** The crypto-bot withdrawal lets the player pick among these methods. */
  providerMethods: CryptoMethod[];
  onMethodChange: (method: CryptoMethod) => void;
  draft: CryptoWithdrawBody | null;
  /** The server refused the address (a translation key), shown beside the field. */
  serverAddressError: string | null;
  onAddressEdited: () => void;
  isSubmitting: boolean;
  onSubmit: (draft: CryptoWithdrawBody) => void;
  /** Fills the address from a connected TON wallet (rendered only on the TON network). */
  renderTonWalletPrefill?: (fill: TonWalletFill) => ReactNode;
}

/**
 * Spec §5 "Crypto withdraw": the address (recent ones offered) checked against the method's
 * format, the memo on TON, the amount checked against the fee lookup's range 200 ms after it
 * returns; submit stays disabled while anything is invalid, submitting or loading the fee.
 */
export function CryptoWithdrawForm({
  method,
  provider,
  providerMethods,
  onMethodChange,
  draft,
  serverAddressError,
  onAddressEdited,
  isSubmitting,
  onSubmit,
  renderTonWalletPrefill,
}: CryptoWithdrawFormProps) {
  const { t } = useTranslation();
  const ownDraft = draft?.currency === method.code ? draft : null;
  const [address, setAddress] = useState(ownDraft?.address ?? '');
  const [memo, setMemo] = useState(ownDraft?.memo ?? '');
  const [amount, setAmount] = useState(ownDraft?.amount ?? '');
  const [addressTouched, setAddressTouched] = useState(ownDraft !== null);
  const toCryptoBot = provider === 'cryptobot';
  const showsMemo = !toCryptoBot && method.memoSupported;
  const recent = useRecentAddresses(toCryptoBot ? null : method.code);
  const limits = useCryptoWithdrawLimits(method.code, amount, method.precision);

  const addressProblem: FieldProblem | null = toCryptoBot
    ? null
    : cryptoAddressProblem(address, method);
  const typedAmount = amount.trim();
  const amountProblem: FieldProblem | null =
    typedAmount === ''
      ? null
      : limits.checked
        ? cryptoAmountProblem(typedAmount, limits.checked, method)
        : parseCryptoAmount(typedAmount, method.precision) === null
          ? { message: 'Validation.invalid_amount' }
          : null;
  const invalid =
    addressProblem !== null ||
    serverAddressError !== null ||
    typedAmount === '' ||
    amountProblem !== null ||
    limits.checked === null;
  const disabled = invalid || isSubmitting || limits.isLoading;
  const addressError =
    serverAddressError ??
    (addressTouched && addressProblem
      ? t(addressProblem.message, addressProblem.params)
      : undefined);
  const amountError = amountProblem ? t(amountProblem.message, amountProblem.params) : undefined;
  const unit = method.asset;
  const money = (value: string) => formatMoney(value, unit, { precision: method.precision });
  const fee = limits.fee === null ? null : formatCryptoAmount(limits.fee, method.precision);
  const feeMinor = limits.fee === null ? null : parseCryptoAmount(fee ?? '', method.precision);
  const amountMinor = parseCryptoAmount(typedAmount, method.precision);
  const total =
    feeMinor !== null && amountMinor !== null
      ? formatMinorToDecimal(amountMinor + feeMinor, method.precision)
      : null;
  const changeAddress = (value: string) => {
    setAddress(value);
    if (serverAddressError) onAddressEdited();
  };
  const recentAddresses = (recent.data ?? [])
    .filter((candidate) => candidate !== address.trim())
    .slice(0, recentAddressLimit);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setAddressTouched(true);
        if (disabled) return;
        onSubmit({
          currency: method.code,
          amount: typedAmount,
          ...(toCryptoBot
            ? { provider: 'cryptobot' as const }
            : {
                address: address.trim(),
                ...(showsMemo && memo.trim() ? { memo: memo.trim() } : {}),
              }),
        });
      }}
    >
      {toCryptoBot ? (
        <>
          <Field id="crypto-withdraw-currency" label={t('wallet.crypto.withdraw.currency')}>
            <select
              id="crypto-withdraw-currency"
              data-testid="crypto-withdraw-currency"
              className={inputClassName}
              value={method.code}
              onChange={(event) => {
                const next = providerMethods.find((item) => item.code === event.target.value);
                if (next) onMethodChange(next);
              }}
            >
              {providerMethods.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.name} · {item.network}
                </option>
              ))}
            </select>
          </Field>
          <InfoNotice>{t('wallet.crypto.withdraw.to_crypto_bot')}</InfoNotice>
        </>
      ) : (
        <CryptoMethodHeader method={method} />
      )}
      {toCryptoBot ? null : (
        <Field
          id="crypto-withdraw-address"
          label={t('wallet.crypto.withdraw.address')}
          error={addressError}
        >
          <TextInput
            id="crypto-withdraw-address"
            data-testid="crypto-withdraw-address"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('wallet.crypto.withdraw.address_placeholder', {
              network: method.network,
            })}
            className="font-mono"
            aria-invalid={addressError ? true : undefined}
            value={address}
            onChange={(event) => changeAddress(event.target.value)}
            onBlur={() => setAddressTouched(true)}
          />
        </Field>
      )}
      {!toCryptoBot && recentAddresses.length > 0 ? (
        <div className="-mt-2 flex flex-wrap items-center gap-1.5 text-xs text-ink-400">
          <History className="size-3.5" aria-hidden="true" />
          {t('wallet.crypto.withdraw.recent')}
          {recentAddresses.map((candidate, index) => (
            <button
              key={candidate}
              type="button"
              title={candidate}
              data-testid={`crypto-withdraw-recent-${index}`}
              onClick={() => {
                changeAddress(candidate);
                setAddressTouched(true);
              }}
              className="cursor-pointer rounded-md bg-ink-700 px-2 py-0.5 font-mono text-[11px] text-ink-200 transition-colors hover:bg-ink-600 hover:text-ink-100"
            >
              {shortAddress(candidate)}
            </button>
          ))}
        </div>
      ) : null}
      {!toCryptoBot && method.networkId === 'ton' && renderTonWalletPrefill
        ? renderTonWalletPrefill({
            onPrefill: (walletAddress) => {
              if (address.trim() === '') changeAddress(walletAddress);
            },
            onUse: (walletAddress) => {
              changeAddress(walletAddress);
              setAddressTouched(true);
            },
          })
        : null}
      {showsMemo ? (
        <Field
          id="crypto-withdraw-memo"
          label={`${t('wallet.crypto.memo')} (${t('wallet.optional')})`}
          hint={t('wallet.crypto.withdraw.memo_hint')}
        >
          <TextInput
            id="crypto-withdraw-memo"
            data-testid="crypto-withdraw-memo"
            autoComplete="off"
            maxLength={120}
            value={memo}
            onChange={(event) => setMemo(event.target.value)}
          />
        </Field>
      ) : null}
      <Field
        id="crypto-withdraw-amount"
        label={t('wallet.amount')}
        error={amountError}
        hint={
          limits.checked
            ? t('wallet.amount_limits', {
                min: money(formatCryptoAmount(limits.checked.minAmount, method.precision)),
                max: money(limits.checked.maxAmount),
              })
            : undefined
        }
      >
        <div className="relative">
          <TextInput
            id="crypto-withdraw-amount"
            data-testid="crypto-withdraw-amount"
            inputMode="decimal"
            autoComplete="off"
            className="pr-16 text-base font-semibold tabular-nums"
            aria-invalid={amountError ? true : undefined}
            value={amount}
            onChange={(event) => setAmount(decimalInput(event.target.value, method.precision))}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-semibold text-ink-300">
            {unit}
          </span>
        </div>
      </Field>
      <div className="grid grid-cols-2 gap-2 text-xs">
        <div className="rounded-xl bg-ink-800 p-3">
          <p className="text-ink-400">{t('wallet.crypto.withdraw.fee')}</p>
          <p data-testid="crypto-withdraw-fee" className="font-semibold text-ink-100 tabular-nums">
            {fee === null ? '—' : money(fee)}
          </p>
        </div>
        <div className="rounded-xl bg-ink-800 p-3">
          <p className="text-ink-400">{t('wallet.crypto.withdraw.total')}</p>
          <p
            data-testid="crypto-withdraw-total"
            className="font-semibold text-ink-100 tabular-nums"
          >
            {total === null ? '—' : money(total)}
          </p>
        </div>
      </div>
      {limits.isError ? (
        <p role="alert" className="text-xs text-danger-400">
          {t('wallet.crypto.withdraw.fee_failed')}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="money"
        size="lg"
        data-testid="crypto-withdraw-submit"
        disabled={disabled}
        className={cn(limits.isLoading && typedAmount !== '' && 'cursor-progress')}
      >
        {isSubmitting || (limits.isLoading && typedAmount !== '') ? <Spinner /> : null}
        {amountMinor === null || amountMinor === 0n
          ? t('wallet.withdraw')
          : t('wallet.withdraw_form.submit', { amount: money(typedAmount) })}
      </Button>
    </form>
  );
}
