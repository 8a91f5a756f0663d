import { type CurrencyCode, formatMoney, isCurrencyCode } from '@casino/contract';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SingleSelect } from '@/components/select/single-select';
import { cn } from '@/lib/cn';
import type { SelectOption } from '@/lib/select-options';
import { useChangePrimaryCurrency } from '../api/change-currency';
import { useBalance } from '../api/get-balance';
import { useWalletCurrencies } from '../api/get-wallet-currencies';
import { currencyIconUrl } from '../currency-icon';

export interface WalletBalanceBarProps {
  /** Which wallet tab shows the bar: the withdraw tab names what can be withdrawn. */
  tab: 'deposit' | 'withdraw';
  /** The player has deposited; undefined while unknown. */
  hasDeposits: boolean | undefined;
  /** Invalidates what other features show in the primary currency after a switch. */
  onCurrencyChanged?: () => Promise<void> | void;
}

function isZero(decimal: string): boolean {
  return !/[1-9]/.test(decimal);
}

/**
 * The wallet tab's balance bar with the currency switcher (wallet spec §2). A player who has
 * not deposited yet and holds nothing is asked to choose the currency first, since deposits,
 * the balance and the methods listed first all follow it; everyone else sees the balance. The
 * switch is closed while a bonus is active or pending: the server refuses it then.
 */
export function WalletBalanceBar({ tab, hasDeposits, onCurrencyChanged }: WalletBalanceBarProps) {
  const { t } = useTranslation();
  const balance = useBalance();
  const currencies = useWalletCurrencies(true);
  const changeCurrency = useChangePrimaryCurrency({ onChanged: onCurrencyChanged });
  const data = balance.data;
  if (!data) {
    return <div className="h-[4.25rem] animate-pulse rounded-2xl bg-ink-800" aria-hidden="true" />;
  }

  const code = data.total.currency.code;
  const choosing = hasDeposits === false && isZero(data.total.primaryValue);
  const bonusHeld = data.userBonuses.length > 0;
  const options: SelectOption<CurrencyCode>[] = (currencies.data ?? []).flatMap((currency) => {
    return isCurrencyCode(currency.code)
      ? [
          {
            value: currency.code,
            label: currency.code,
            icon: (
              <img
                src={currencyIconUrl(currency.code, currency.icon)}
                alt=""
                aria-hidden="true"
                className="size-5 rounded-full"
              />
            ),
          },
        ]
      : [];
  });
  const amount =
    tab === 'withdraw'
      ? formatMoney(data.fiat.value, code, { precision: data.fiat.primaryPrecision })
      : formatMoney(data.total.primaryValue, code, { precision: data.total.primaryPrecision });

  return (
    <div
      data-testid="wallet-balance-bar"
      data-variant={choosing ? 'choose-currency' : 'balance'}
      className={cn(
        'flex items-center gap-3 rounded-2xl border p-3',
        choosing ? 'border-brand-500/40 bg-brand-500/10' : 'border-ink-700 bg-ink-800',
      )}
    >
      {choosing ? (
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/20 text-brand-300">
          <Coins className="size-5" aria-hidden="true" />
        </span>
      ) : (
        <img
          src={currencyIconUrl(code, data.total.currency.icon)}
          alt=""
          aria-hidden="true"
          className="size-10 shrink-0 rounded-full"
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-ink-300">
          {choosing
            ? t('balance.choose_currency')
            : tab === 'withdraw'
              ? t('balance.available_to_withdraw')
              : t('balance.title')}
        </p>
        {choosing ? (
          <p className="text-xs text-ink-200">{t('balance.choose_currency_hint')}</p>
        ) : (
          <p
            data-testid="wallet-balance-amount"
            className="truncate text-lg leading-tight font-bold text-ink-100 tabular-nums"
          >
            {amount}
          </p>
        )}
        {bonusHeld ? (
          <p className="mt-0.5 text-[11px] text-ink-400">{t('balance.currency_locked')}</p>
        ) : null}
      </div>
      <label className="sr-only" htmlFor={`wallet-currency-${tab}`}>
        {t('balance.currency')}
      </label>
      <SingleSelect
        id={`wallet-currency-${tab}`}
        options={options}
        value={isCurrencyCode(code) ? code : null}
        disabled={bonusHeld || changeCurrency.isPending || options.length === 0}
        onChange={(next) => {
          if (next !== code) changeCurrency.mutate(next);
        }}
        className="h-10 w-24 shrink-0 font-semibold sm:w-28"
      />
    </div>
  );
}
