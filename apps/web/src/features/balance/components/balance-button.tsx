import { type Balance, formatMoney, isCurrencyCode } from '@casino/contract';
import { Check, ChevronDown, Wallet } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LazyPopover } from '@/components/ui/lazy-popover';
import { Spinner } from '@/components/ui/spinner';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { useBalanceRevealHeld } from '@/lib/balance-reveal';
import { cn } from '@/lib/cn';
import { useChangePrimaryCurrency } from '../api/change-currency';
import { useBalance } from '../api/get-balance';
import { useWalletCurrencies } from '../api/get-wallet-currencies';
import { currencyIconUrl } from '../currency-icon';
import { formatHeaderBalance, wagerProgressPercent } from '../format-balance';

export interface BalanceButtonProps {
  onOpenWallet: () => void;
  /** Invalidates what other features show in the primary currency after a switch. */
  onCurrencyChanged?: () => Promise<void> | void;
}

function CurrencyIcon({
  code,
  icon,
  className,
}: {
  code: string;
  icon?: string;
  className?: string;
}) {
  return (
    <img
      src={currencyIconUrl(code, icon)}
      alt=""
      aria-hidden="true"
      className={cn('size-5 shrink-0 rounded-full', className)}
    />
  );
}

function BonusProgress({
  bonuses,
  currency,
}: {
  bonuses: Balance['userBonuses'];
  /** bonus figures are in the primary currency */
  currency: string;
}) {
  const { t } = useTranslation();
  if (bonuses.length === 0) return null;
  return (
    <div data-testid="balance-bonus-progress" className="flex flex-col gap-2">
      {bonuses.map((bonus, index) => {
        const percent = wagerProgressPercent(bonus.wager.current, bonus.wager.total);
        return (
          // Bonus summaries carry no id; their order is the server's and stable within a response.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="rounded-xl bg-ink-800 p-3">
            <div className="mb-1.5 flex items-center justify-between text-xs">
              <span className="font-semibold text-ink-100">
                {t('balance.bonus_account')}{' '}
                {formatMoney(bonus.amount.value, currency, {
                  precision: bonus.amount.primaryPrecision,
                })}
              </span>
              <span className="text-ink-300">
                {t('balance.wager_progress', {
                  current: formatMoney(bonus.wager.current, currency),
                  total: formatMoney(bonus.wager.total, currency),
                })}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={t('balance.wager')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-ink-700"
            >
              <div
                className="h-full rounded-full bg-linear-to-r from-gold-500 to-gold-300"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * The header's balance: the total in the primary currency, shortened to fit the viewport. It
 * opens a popover with the full figures, the currency switch, bonus wagering and the wallet.
 */
export function BalanceButton({ onOpenWallet, onCurrencyChanged }: BalanceButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const balance = useBalance();
  const currencies = useWalletCurrencies(open);
  const changeCurrency = useChangePrimaryCurrency({ onChanged: onCurrencyChanged });
  const viewportWidthPx = useViewportWidth();

  const total = balance.data?.total;
  const current = total
    ? formatHeaderBalance({
        value: total.primaryValue,
        precision: total.primaryPrecision,
        displayFormat: total.currency.displayFormat,
        viewportWidthPx,
      })
    : null;
  // While a game animates a round, the figure shown before it stays (lib/balance-reveal.ts).
  const held = useBalanceRevealHeld();
  const shown = useRef(current);
  if (!held || shown.current === null) shown.current = current;
  const label = shown.current;

  const selectCurrency = (code: string) => {
    if (!isCurrencyCode(code) || code === total?.currency.code) return;
    changeCurrency.mutate(code);
  };

  return (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          data-testid="header-balance"
          aria-label={t('Header.balance')}
          className="flex h-8 min-w-0 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-sm font-bold text-ink-100 tabular-nums transition-colors hover:bg-ink-750"
        >
          {total ? (
            <CurrencyIcon
              code={total.currency.code}
              icon={total.currency.icon}
              className="size-4"
            />
          ) : (
            <Wallet className="size-4 text-ink-200" aria-hidden="true" />
          )}
          {label ? (
            <span data-testid="header-balance-amount" className="truncate">
              {label}
            </span>
          ) : balance.isPending ? (
            <span className="h-4 w-14 animate-pulse rounded bg-ink-700" />
          ) : null}
          <ChevronDown className="size-3.5 shrink-0 text-ink-300" aria-hidden="true" />
        </button>
      }
      data-testid="balance-popover"
      align="end"
      sideOffset={8}
      collisionPadding={12}
      className="z-50 flex w-[min(20rem,calc(100vw-1.5rem))] animate-fade-in flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 shadow-2xl shadow-black/50"
      content={
        <>
          <div>
            <p className="text-xs font-medium text-ink-300">{t('balance.total')}</p>
            <p
              data-testid="balance-popover-total"
              className="text-xl font-bold text-ink-100 tabular-nums"
            >
              {total
                ? formatMoney(total.primaryValue, total.currency.code, {
                    precision: total.primaryPrecision,
                  })
                : '—'}
            </p>
            {balance.data ? (
              <p className="mt-0.5 text-xs text-ink-300">
                {t('balance.main_account')}:{' '}
                <span className="font-semibold text-ink-200 tabular-nums">
                  {formatMoney(balance.data.fiat.value, balance.data.fiat.currency.code, {
                    precision: balance.data.fiat.primaryPrecision,
                  })}
                </span>
              </p>
            ) : null}
          </div>

          <div>
            <p className="mb-1.5 text-xs font-medium text-ink-300">{t('balance.currency')}</p>
            {currencies.isPending ? (
              <div className="grid h-20 place-items-center">
                <Spinner />
              </div>
            ) : currencies.isError ? (
              <p className="text-xs text-danger-400">{t('Shared.temporary_difficulties')}</p>
            ) : (
              <div
                role="listbox"
                aria-label={t('balance.currency')}
                className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto scrollbar-thin"
              >
                {currencies.data.map((currency) => {
                  const selected = currency.code === total?.currency.code;
                  return (
                    <button
                      key={currency.code}
                      type="button"
                      role="option"
                      aria-selected={selected}
                      data-testid={`currency-option-${currency.code}`}
                      disabled={changeCurrency.isPending}
                      onClick={() => selectCurrency(currency.code)}
                      title={currency.name}
                      className={cn(
                        'flex w-full cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm font-semibold text-ink-200 transition-colors hover:bg-ink-750 disabled:cursor-wait',
                        selected && 'bg-ink-750 text-ink-100 ring-1 ring-brand-500/60',
                      )}
                    >
                      <CurrencyIcon code={currency.code} icon={currency.icon} />
                      <span className="flex-1">{currency.code}</span>
                      {selected ? (
                        <Check className="size-4 text-brand-300" aria-hidden="true" />
                      ) : null}
                    </button>
                  );
                })}
              </div>
            )}
          </div>

          {balance.data ? (
            <BonusProgress
              bonuses={balance.data.userBonuses}
              currency={balance.data.total.currency.code}
            />
          ) : null}

          <Button
            data-testid="balance-popover-wallet"
            onClick={() => {
              setOpen(false);
              onOpenWallet();
            }}
          >
            <Wallet className="size-4" aria-hidden="true" />
            {t('balance.wallet')}
          </Button>
        </>
      }
    />
  );
}
