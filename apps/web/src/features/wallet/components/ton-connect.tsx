import { type CryptoMethod, formatMoney, parseDecimalToMinor } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAIN,
  type Locales,
  TonConnectUIProvider,
  UserRejectsError,
  useTonConnectUI,
  useTonWallet,
} from '@tonconnect/ui-react';
import { LogOut, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useCryptoDepositAddress } from '../api/crypto-deposit';
import { fetchTonWalletBalance, useTonWalletBalance } from '../api/ton-balance';
import { decimalInput, formatCryptoAmount } from '../crypto-methods';
import {
  buildJettonDeposit,
  buildTonDeposit,
  formatUnits,
  friendlyWalletAddress,
  type TonConnectTransaction,
  type TonDepositKind,
  tonDepositKind,
} from '../ton-transfer';
import { CryptoMethodHeader, WarningNotice } from './crypto-deposit';
import type { TonWalletFill } from './crypto-withdraw-form';

/** The TON Connect manifest is served by the app itself; its `url` must be this origin. */
export function tonConnectManifestUrl(origin: string = window.location.origin): string {
  return `${origin}/tonconnect-manifest.json`;
}

/** TON Connect's own modal speaks English and Russian only. */
function tonConnectLanguage(language: string | undefined): Locales {
  return language === 'ru' || language === 'uk' || language === 'kk' ? 'ru' : 'en';
}

/** TON Connect lives only in the views that use it; its UI instance is one for the whole page. */
function TonConnectScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <TonConnectUIProvider
      manifestUrl={tonConnectManifestUrl()}
      language={tonConnectLanguage(i18n.resolvedLanguage)}
    >
      {children}
    </TonConnectUIProvider>
  );
}

function useConnectedAddress(): string | null {
  const wallet = useTonWallet();
  if (!wallet) return null;
  try {
    return friendlyWalletAddress(wallet.account.address, wallet.account.chain === CHAIN.TESTNET);
  } catch {
    return null;
  }
}

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-6)}`;
}

/** Spec §7 / §9: the connected wallet's balance with 2 decimals; '—' when it cannot be read. */
function TonBalance({ owner, kind, unit }: { owner: string; kind: TonDepositKind; unit: string }) {
  const balance = useTonWalletBalance(owner, kind);
  return (
    <span data-testid="crypto-ton-balance" className="font-semibold text-ink-100 tabular-nums">
      {balance.isPending ? (
        <Spinner className="text-brand-300" />
      ) : balance.data ? (
        `${formatUnits(balance.data.units, balance.data.decimals, 2)} ${unit}`
      ) : (
        '—'
      )}
    </span>
  );
}

export interface CryptoDepositTonProps {
  method: CryptoMethod;
  /** The wallet signed and sent the transfer (spec §4: then the pending view). */
  onSent: () => void;
}

function CryptoDepositTonInner({ method, onSent }: CryptoDepositTonProps) {
  const { t } = useTranslation();
  const [tonConnectUI] = useTonConnectUI();
  const wallet = useTonWallet();
  const owner = useConnectedAddress();
  const queryClient = useQueryClient();
  const deposit = useCryptoDepositAddress(method.code);
  const kind = tonDepositKind(method);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);

  if (!kind) return null;
  const minimum = deposit.data
    ? formatCryptoAmount(deposit.data.minAmount, method.precision)
    : null;
  const amountMinor = parseDecimalToMinor(amount, method.precision);
  const minimumMinor = minimum === null ? null : parseDecimalToMinor(minimum, method.precision);
  const problem =
    amount.trim() === ''
      ? t('Validation.required')
      : amountMinor === null || amountMinor <= 0n
        ? t('Validation.invalid_amount')
        : minimumMinor !== null && amountMinor < minimumMinor
          ? t('Validation.minimum_amount', { amount: minimum, currency: method.asset })
          : null;

  const send = async () => {
    setTouched(true);
    const depositAddress = deposit.data?.address;
    if (problem || !wallet || !depositAddress) return;
    setSending(true);
    try {
      let transaction: TonConnectTransaction;
      if (kind.kind === 'ton') {
        transaction = buildTonDeposit({
          amount,
          depositAddress,
          memo: deposit.data?.memo ?? null,
          now: new Date(),
        });
      } else {
        const balance = await fetchTonWalletBalance(queryClient, wallet.account.address, kind);
        if (!balance.jettonWallet) {
          notify.error(t('wallet.crypto.ton.no_jetton_wallet', { name: method.asset }));
          return;
        }
        transaction = buildJettonDeposit({
          amount,
          decimals: kind.decimals,
          depositAddress,
          memo: deposit.data?.memo ?? null,
          senderAddress: wallet.account.address,
          senderJettonWallet: balance.jettonWallet,
          queryId: BigInt(Date.now()),
          now: new Date(),
        });
      }
      await tonConnectUI.sendTransaction({ ...transaction, network: wallet.account.chain });
      onSent();
    } catch (error) {
      if (error instanceof UserRejectsError) notify.info(t('wallet.crypto.ton.rejected'));
      else {
        console.warn('The TON wallet transfer failed', error);
        notify.error(t('wallet.crypto.ton.failed'));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <CryptoMethodHeader method={method} showBonus />
      {owner ? (
        <div className="flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-800 p-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-500/15 text-brand-300">
            <Wallet className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 text-sm">
            <p className="text-xs text-ink-400">{t('wallet.crypto.ton.connected')}</p>
            <p
              data-testid="crypto-ton-address"
              title={owner}
              className="truncate font-mono text-ink-100"
            >
              {shortAddress(owner)}
            </p>
            <p className="text-xs text-ink-400">
              {t('wallet.crypto.ton.balance')}:{' '}
              <TonBalance owner={owner} kind={kind} unit={method.asset} />
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            data-testid="crypto-ton-disconnect"
            aria-label={t('wallet.crypto.ton.disconnect')}
            title={t('wallet.crypto.ton.disconnect')}
            onClick={() => void tonConnectUI.disconnect()}
          >
            <LogOut className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl bg-ink-800 p-5 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-brand-500/15 text-brand-300">
            <Wallet className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm text-ink-200">{t('wallet.crypto.ton.connect_hint')}</p>
          <Button
            variant="primary"
            size="lg"
            className="w-full"
            data-testid="crypto-ton-connect"
            onClick={() => void tonConnectUI.openModal()}
          >
            {t('wallet.crypto.ton.connect')}
          </Button>
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Field
          id="crypto-ton-amount"
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
              id="crypto-ton-amount"
              data-testid="crypto-ton-amount"
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
        {kind.kind === 'jetton' ? (
          <WarningNotice>{t('wallet.crypto.ton.gas_note')}</WarningNotice>
        ) : null}
        <Button
          type="submit"
          variant="money"
          size="lg"
          data-testid="crypto-ton-send"
          disabled={!owner || sending || !deposit.data?.address}
        >
          {sending ? <Spinner /> : null}
          {t('wallet.crypto.ton.send', {
            amount: formatMoney(amount && amountMinor !== null ? amount : '0', method.asset, {
              precision: method.precision,
            }),
          })}
        </Button>
        <p className="text-center text-xs text-ink-400">{t('wallet.crypto.ton.validity_note')}</p>
      </form>
    </div>
  );
}

/** Spec §2 crypto-deposit-ton: connect a TON wallet, see its balance, send the amount. */
export function CryptoDepositTon(props: CryptoDepositTonProps) {
  return (
    <TonConnectScope>
      <CryptoDepositTonInner {...props} />
    </TonConnectScope>
  );
}

function TonWalletPrefillInner({ onPrefill, onUse }: TonWalletFill) {
  const { t } = useTranslation();
  const owner = useConnectedAddress();
  // Only a newly connected wallet fills the field; the callback changes on every keystroke.
  const prefill = useRef(onPrefill);
  prefill.current = onPrefill;
  useEffect(() => {
    if (owner) prefill.current(owner);
  }, [owner]);
  if (!owner) return null;
  return (
    <p data-testid="crypto-withdraw-ton-wallet" className="-mt-2 text-xs text-ink-400">
      {t('wallet.crypto.withdraw.ton_wallet', { address: shortAddress(owner) })}{' '}
      <button
        type="button"
        data-testid="crypto-withdraw-use-ton-wallet"
        onClick={() => onUse(owner)}
        className="cursor-pointer font-semibold text-brand-300 hover:text-brand-400"
      >
        {t('wallet.crypto.withdraw.use_ton_wallet')}
      </button>
    </p>
  );
}

/**
 * Spec §5: with a TON wallet connected, a TON withdrawal's address is filled from it in the
 * non-bounceable form.
 */
export function TonWalletPrefill(props: TonWalletFill) {
  return (
    <TonConnectScope>
      <TonWalletPrefillInner {...props} />
    </TonConnectScope>
  );
}
