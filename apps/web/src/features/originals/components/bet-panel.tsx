import type { BetLimits } from '@casino/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { inputClassName } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { searchString, withSearchParams } from '../../../lib/search-params';
import { normalizeBetInput, type QuickBet, quickBet } from '../bet-amount';
import { formatMoney } from '../format';
import type { BetFeedback } from '../hooks/use-round-play';

const quickActions: { action: QuickBet; symbol: string | null }[] = [
  { action: 'half', symbol: '½' },
  { action: 'double', symbol: '2×' },
  { action: 'min', symbol: null },
  { action: 'max', symbol: null },
];

function FeedbackMessage({ feedback, limits }: { feedback: BetFeedback; limits: BetLimits }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (feedback.kind === 'problem') {
    const { problem } = feedback;
    const text =
      problem.key === 'Validation.invalid_amount'
        ? t(problem.key)
        : t(problem.key, { amount: problem.amount, currency: limits.currency });
    return (
      <p id="original-bet-error" role="alert" className="text-xs text-danger-400">
        {text}
      </p>
    );
  }
  if (feedback.code === 'bet_out_of_limits') {
    return (
      <p id="original-bet-error" role="alert" className="text-xs text-danger-400">
        {t('Originals.bet_out_of_limits', {
          min: formatMoney(limits.minBet, limits.currency),
          max: formatMoney(limits.maxBet, limits.currency),
        })}
      </p>
    );
  }
  const depositSearch = searchString(withSearchParams(location.search, { wallet: 'deposit' }));
  return (
    <p id="original-bet-error" role="alert" className="text-xs text-danger-400">
      {t('Originals.insufficient_balance')}{' '}
      <Link
        to={{ pathname: location.pathname, search: depositSearch }}
        className="font-semibold text-brand-300 underline underline-offset-2 hover:text-brand-300/80"
      >
        {t('Originals.top_up')}
      </Link>
    </p>
  );
}

/** The stake in the primary currency, with ½ / 2× / min / max and the game's limits. */
export function BetPanel({
  value,
  onChange,
  limits,
  feedback,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  limits: BetLimits;
  feedback: BetFeedback | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor="original-bet" className="text-xs font-medium text-ink-200">
          {t('Originals.bet_amount')}
        </label>
        <span className="text-[11px] text-ink-400">
          {t('Originals.bet_limits', {
            min: formatMoney(limits.minBet, limits.currency),
            max: formatMoney(limits.maxBet, limits.currency),
          })}
        </span>
      </div>
      <div className="flex gap-1">
        <div className="relative min-w-0 flex-1">
          <input
            id="original-bet"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            disabled={disabled}
            aria-invalid={feedback ? true : undefined}
            aria-describedby={feedback ? 'original-bet-error' : undefined}
            onChange={(event) => onChange(normalizeBetInput(event.target.value))}
            className={cn(inputClassName, 'pr-14 font-mono tabular-nums')}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-xs font-semibold text-ink-400">
            {limits.currency}
          </span>
        </div>
      </div>
      <div className="grid grid-cols-4 gap-1">
        {quickActions.map(({ action, symbol }) => (
          <button
            key={action}
            type="button"
            disabled={disabled}
            aria-label={t(`Originals.quick_${action}`)}
            onClick={() => onChange(quickBet(action, value, limits))}
            className="h-8 cursor-pointer rounded-lg bg-ink-700 text-xs font-semibold text-ink-100 transition-colors hover:bg-ink-600 disabled:pointer-events-none disabled:opacity-50"
          >
            {symbol ?? t(`Originals.quick_${action}_short`)}
          </button>
        ))}
      </div>
      {feedback ? <FeedbackMessage feedback={feedback} limits={limits} /> : null}
    </div>
  );
}
