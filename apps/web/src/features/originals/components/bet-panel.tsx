import type { BetLimits } from '@casino/contract';
import { Gift } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { inputClassName } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { searchString, withSearchParams } from '@/lib/search-params';
import { normalizeBetInput, type QuickBet, quickBet } from '../bet-amount';
import { formatMoney } from '../format';
import type { FreespinOffer } from '../freespins';
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
  if (feedback.code === 'bonus_max_bet_exceeded') {
    // the bonus being wagered caps the stake: the cap in the stake's currency, from the server
    const maxBet = typeof feedback.payload?.maxBet === 'string' ? feedback.payload.maxBet : null;
    return (
      <p id="original-bet-error" role="alert" className="text-xs text-danger-400">
        {t('Errors.bonus_max_bet_exceeded', {
          maxBet: maxBet ?? '—',
          currency: limits.currency,
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

export interface FreespinsSwitch {
  /** the free spins this game accepts; null: no switch */
  offer: FreespinOffer | null;
  on: boolean;
  setOn: (on: boolean) => void;
}

/** 'Free spins: N left' and its switch; on, every round is a spin of the bonus. */
function FreespinsToggle({
  offer,
  on,
  setOn,
  currency,
  disabled,
}: FreespinsSwitch & { offer: FreespinOffer; currency: string; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-lg bg-ink-800 px-3 py-2 ring-1 ring-ink-700">
      <Gift className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
      <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer flex-col">
        <span data-testid="original-freespins-left" className="text-xs font-semibold text-ink-100">
          {t('Originals.freespins.left', { count: offer.left })}
        </span>
        <span className="text-[11px] text-ink-400">
          {t('Originals.freespins.each', { amount: formatMoney(offer.amount, currency) })}
        </span>
      </label>
      <Switch.Root
        id={id}
        data-testid="original-freespins"
        checked={on}
        disabled={disabled}
        onCheckedChange={setOn}
        className={cn(
          'relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-ink-600 transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          'data-[state=checked]:bg-brand-500',
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

/**
 * The stake in the primary currency, with ½ / 2× / min / max and the game's limits. With free
 * spins on, the stake is the spin's value and cannot be changed.
 */
export function BetPanel({
  value,
  onChange,
  limits,
  feedback,
  disabled,
  freespins,
}: {
  value: string;
  onChange: (value: string) => void;
  limits: BetLimits;
  feedback: BetFeedback | null;
  disabled: boolean;
  freespins?: FreespinsSwitch;
}) {
  const { t } = useTranslation();
  const fixed = freespins?.on === true;
  return (
    <div className="flex flex-col gap-1.5">
      {freespins?.offer ? (
        <FreespinsToggle
          {...freespins}
          offer={freespins.offer}
          currency={limits.currency}
          disabled={disabled}
        />
      ) : null}
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
            readOnly={fixed}
            aria-invalid={feedback ? true : undefined}
            aria-describedby={feedback ? 'original-bet-error' : undefined}
            onChange={(event) => onChange(normalizeBetInput(event.target.value))}
            className={cn(
              inputClassName,
              'pr-14 font-mono tabular-nums',
              fixed && 'cursor-default text-brand-300',
            )}
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
            disabled={disabled || fixed}
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
