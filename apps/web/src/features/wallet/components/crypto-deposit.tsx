import { type CryptoMethod, formatMoney, tonConnectMethods } from '@casino/contract';
import { Bot, CircleHelp, TriangleAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCryptoDepositAddress } from '../api/crypto-deposit';
import {
  cryptoDepositBonusBadge,
  formatCryptoAmount,
  paysWithCryptoBot,
  paysWithTonWallet,
} from '../crypto-methods';
import { CryptoBonusBadge, CryptoMethodIcon } from './crypto-method-grid';
import { CryptoQrCode } from './crypto-qr-code';
import { InfoNotice } from './notices';

/** Icon, name and network of a method, with its deposit bonus: the head of every crypto view. */
export function CryptoMethodHeader({
  method,
  showBonus = false,
}: {
  method: CryptoMethod;
  showBonus?: boolean;
}) {
  const { t } = useTranslation();
  const bonus = showBonus ? cryptoDepositBonusBadge(method) : null;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-ink-800 p-3">
      <CryptoMethodIcon method={{ icon: method.iconBig || method.icon }} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink-100">{method.name}</p>
        <p className="truncate text-xs text-ink-400">
          {t('wallet.crypto.network')}: <span className="text-ink-200">{method.network}</span>
        </p>
      </div>
      {bonus ? (
        <span data-testid="crypto-deposit-bonus" className="flex flex-col items-end gap-0.5">
          <CryptoBonusBadge label={bonus} className="px-2 py-1 text-xs" />
          <span className="text-[10px] text-ink-400">{t('wallet.crypto.deposit_bonus')}</span>
        </span>
      ) : null}
    </div>
  );
}

/** A label, a long value that wraps (addresses must stay whole), and its copy button. */
export function CopyField({
  label,
  value,
  testId,
  copyTestId,
}: {
  label: string;
  value: string;
  testId: string;
  copyTestId: string;
}) {
  return (
    <div className="flex items-center gap-2 rounded-xl border border-ink-700 bg-ink-800 py-2 pr-1.5 pl-3.5">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-ink-400">{label}</p>
        <p
          data-testid={testId}
          className="font-mono text-sm leading-5 font-semibold break-all text-ink-100"
        >
          {value}
        </p>
      </div>
      <span data-testid={copyTestId} className="contents">
        <CopyButton value={value} label={`${label}: ${value}`} className="size-9" />
      </span>
    </div>
  );
}

export function WarningNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      data-testid={testId}
      role="note"
      className="flex gap-2 rounded-xl border border-gold-500/30 bg-gold-500/10 p-3 text-xs leading-5 text-gold-300"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

export interface CryptoDepositViewProps {
  method: CryptoMethod;
  /** The messenger build offers the crypto-bot payment (spec §6). */
  messengerBuild: boolean;
  onPayWithTonWallet: () => void;
  onPayWithCryptoBot: () => void;
  onHowToBuy: () => void;
}

/**
 * Spec §2 crypto-deposit: the player's address (and memo on shared-address networks) with copy
 * buttons, the network, the minimum at the method's precision, the deposit bonus, the QR code.
 */
export function CryptoDepositView({
  method,
  messengerBuild,
  onPayWithTonWallet,
  onPayWithCryptoBot,
  onHowToBuy,
}: CryptoDepositViewProps) {
  const { t } = useTranslation();
  const deposit = useCryptoDepositAddress(method.code);
  const minimum = deposit.data
    ? formatMoney(formatCryptoAmount(deposit.data.minAmount, method.precision), method.asset, {
        precision: method.precision,
      })
    : null;

  return (
    <div className="flex flex-col gap-3">
      <CryptoMethodHeader method={method} showBonus />
      {deposit.isPending ? (
        <div className="grid h-56 place-items-center">
          <Spinner className="size-6 text-brand-300" />
        </div>
      ) : deposit.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl bg-ink-800 p-5 text-center">
          <p className="text-sm text-ink-200">{t('wallet.crypto.address_load_failed')}</p>
          <Button variant="secondary" onClick={() => void deposit.refetch()}>
            {t('Shared.retry')}
          </Button>
        </div>
      ) : deposit.data.address ? (
        <>
          <WarningNotice testId="crypto-deposit-network-warning">
            {t('wallet.crypto.network_warning', { name: method.asset, network: method.network })}
          </WarningNotice>
          <div className="flex flex-col items-center gap-3 rounded-xl bg-ink-800 p-4 sm:flex-row sm:items-start sm:gap-4">
            <CryptoQrCode value={deposit.data.address} logo={method.icon} code={method.code} />
            <dl className="flex w-full min-w-0 flex-1 flex-col gap-2 text-sm">
              <div>
                <dt className="text-xs text-ink-400">{t('wallet.crypto.network')}</dt>
                <dd data-testid="crypto-deposit-network" className="font-semibold text-ink-100">
                  {method.network}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-400">{t('wallet.crypto.min_deposit')}</dt>
                <dd
                  data-testid="crypto-deposit-min"
                  className="font-semibold text-ink-100 tabular-nums"
                >
                  {minimum}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-400">{t('wallet.crypto.confirmations')}</dt>
                <dd
                  data-testid="crypto-deposit-confirmations"
                  className="font-semibold text-ink-100 tabular-nums"
                >
                  {method.confirmations}
                </dd>
              </div>
            </dl>
          </div>
          <CopyField
            label={t('wallet.crypto.address')}
            value={deposit.data.address}
            testId="crypto-deposit-address"
            copyTestId="crypto-copy-address"
          />
          {deposit.data.memo ? (
            <>
              <CopyField
                label={t('wallet.crypto.memo')}
                value={deposit.data.memo}
                testId="crypto-deposit-memo"
                copyTestId="crypto-copy-memo"
              />
              <p
                data-testid="crypto-deposit-memo-warning"
                role="alert"
                className="flex gap-2 rounded-xl border border-danger-500/40 bg-danger-500/10 p-3 text-xs leading-5 text-danger-400"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{t('wallet.crypto.memo_required', { network: method.network })}</span>
              </p>
            </>
          ) : null}
        </>
      ) : null}
      {paysWithTonWallet(method, tonConnectMethods) ? (
        <Button
          variant="primary"
          size="lg"
          data-testid="crypto-deposit-ton-wallet"
          onClick={onPayWithTonWallet}
        >
          <Wallet className="size-4" aria-hidden="true" />
          {t('wallet.crypto.ton_wallet')}
        </Button>
      ) : null}
      {messengerBuild && paysWithCryptoBot(method) ? (
        <Button
          variant="secondary"
          size="lg"
          data-testid="crypto-deposit-crypto-bot"
          onClick={onPayWithCryptoBot}
        >
          <Bot className="size-4" aria-hidden="true" />
          {t('wallet.crypto.crypto_bot')}
        </Button>
      ) : null}
      <InfoNotice>{t('wallet.crypto.credit_note')}</InfoNotice>
      <button
        type="button"
        data-testid="crypto-how-to-buy"
        onClick={onHowToBuy}
        className="mx-auto flex cursor-pointer items-center gap-1.5 text-sm font-semibold text-brand-300 hover:text-brand-400"
      >
        <CircleHelp className="size-4" aria-hidden="true" />
        {t('wallet.crypto.how_to_buy')}
      </button>
    </div>
  );
}
