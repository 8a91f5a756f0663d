import {
  currencyScale,
  formatMinorToDecimal,
  formatMoney,
  parseDecimalToMinor,
  type SportCashoutQuote,
  type SportTicket,
  unlistedCurrencyScale,
} from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { HandCoins, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSecondsLeft } from '@/hooks/use-seconds-left';
import { isApiError, isApiErrorWithDetail } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { notify, notifyApiError } from '@/lib/notify';
import { applySportTicket, cashOut, quoteCashout, sportBetsQueryKey } from '../api/sport-bets';

/** Part of a quote, in whole percent of it, floored to minor units; null is all of it. */
export function partialAmount(
  quote: Pick<SportCashoutQuote, 'amount' | 'currency'>,
  percent: number,
): string | null {
  if (percent >= 100) return null;
  const scale = currencyScale(quote.currency, unlistedCurrencyScale);
  const whole = parseDecimalToMinor(quote.amount, scale) ?? 0n;
  const part = (whole * BigInt(Math.max(1, Math.floor(percent)))) / 100n;
  return part > 0n ? formatMinorToDecimal(part, scale) : null;
}

type CashoutProblem = 'expired' | 'unavailable' | null;

/**
 * Cash-out of one ticket: a quote (what the book pays now) with its countdown, a slider for a
 * part of it, and the confirmation. An expired quote or a moved price asks for a new quote.
 */
export function CashoutControl({ ticket }: { ticket: SportTicket }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [quote, setQuote] = useState<SportCashoutQuote | null>(null);
  const [percent, setPercent] = useState(100);
  const [busy, setBusy] = useState<'quote' | 'cashout' | null>(null);
  const [problem, setProblem] = useState<CashoutProblem>(null);
  const idempotency = useIdempotencyKey();
  const sliderId = useId();
  const expiresAt = quote ? Date.parse(quote.expiresAt) : null;
  const secondsLeft = useSecondsLeft(expiresAt);
  const expired = quote !== null && secondsLeft <= 0;

  const askQuote = async () => {
    setBusy('quote');
    setProblem(null);
    try {
      setQuote(await quoteCashout(ticket.id));
      setPercent(100);
    } catch (error) {
      if (isApiErrorWithDetail(error, 'sport_cashout_unavailable')) {
        setProblem('unavailable');
        void queryClient.invalidateQueries({ queryKey: sportBetsQueryKey });
      } else notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!quote) return;
    const amount = partialAmount(quote, percent);
    const body = amount === null ? { quoteId: quote.quoteId } : { quoteId: quote.quoteId, amount };
    setBusy('cashout');
    try {
      const updated = await cashOut({
        ticketId: ticket.id,
        body,
        idempotencyKey: idempotency.keyFor({ ticketId: ticket.id, body }),
      });
      idempotency.finish();
      applySportTicket(queryClient, updated);
      notify.success(
        t('BetSlip.cashout.done', { amount: formatMoney(amount ?? quote.amount, quote.currency) }),
      );
      setQuote(null);
    } catch (error) {
      if (isApiError(error)) idempotency.finish();
      if (isApiErrorWithDetail(error, 'sport_cashout_quote_expired')) {
        setProblem('expired');
        setQuote(null);
      } else if (isApiErrorWithDetail(error, 'sport_cashout_unavailable')) {
        setProblem('unavailable');
        setQuote(null);
        void queryClient.invalidateQueries({ queryKey: sportBetsQueryKey });
      } else notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  if (!quote) {
    return (
      <div className="flex flex-col gap-1.5">
        {problem ? (
          <p role="alert" data-testid="cashout-problem" className="text-xs text-gold-300">
            {t(`BetSlip.cashout.${problem}`)}
          </p>
        ) : null}
        <Button
          variant="secondary"
          data-testid="cashout-button"
          disabled={busy !== null}
          onClick={() => void askQuote()}
        >
          {busy === 'quote' ? <Spinner /> : <HandCoins className="size-4" aria-hidden="true" />}
          {t('BetSlip.cashout.button')}
        </Button>
      </div>
    );
  }

  const amount = partialAmount(quote, percent);
  const shown = formatMoney(amount ?? quote.amount, quote.currency);
  return (
    <div
      data-testid="cashout-quote"
      className="flex flex-col gap-2 rounded-xl border border-gold-500/40 bg-gold-500/10 p-3"
    >
      <p className="flex items-center justify-between gap-2 text-xs text-ink-200">
        <span>{t('BetSlip.cashout.offer')}</span>
        <span
          data-testid="cashout-countdown"
          aria-live="polite"
          className="tabular-nums text-ink-300"
        >
          {expired
            ? t('BetSlip.cashout.expired_short')
            : t('BetSlip.cashout.valid_for', { seconds: secondsLeft })}
        </span>
      </p>
      <p data-testid="cashout-amount" className="text-lg font-bold text-gold-400 tabular-nums">
        {formatMoney(quote.amount, quote.currency)}
      </p>
      <label htmlFor={sliderId} className="flex items-center justify-between text-xs text-ink-300">
        <span>{t('BetSlip.cashout.part')}</span>
        <span className="font-semibold text-ink-100 tabular-nums">{percent}%</span>
      </label>
      <input
        id={sliderId}
        type="range"
        data-testid="cashout-slider"
        min={10}
        max={100}
        step={5}
        value={percent}
        aria-valuetext={shown}
        onChange={(event) => setPercent(Number(event.target.value))}
        className="w-full accent-gold-500"
      />
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        <Button
          variant="ghost"
          aria-label={t('BetSlip.cashout.refresh')}
          disabled={busy !== null}
          onClick={() => void askQuote()}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
        </Button>
        {expired ? (
          <Button variant="secondary" onClick={() => void askQuote()} disabled={busy !== null}>
            {t('BetSlip.cashout.new_offer')}
          </Button>
        ) : (
          <Button
            variant="money"
            data-testid="cashout-confirm"
            disabled={busy !== null}
            onClick={() => void confirm()}
          >
            {busy === 'cashout' ? <Spinner /> : null}
            {t('BetSlip.cashout.confirm', { amount: shown })}
          </Button>
        )}
      </div>
    </div>
  );
}
