import {
  formatMinorToDecimal,
  formatMoney,
  formatMoneyRange,
  type OddsChangePolicy,
  oddsChangePolicies,
  potentialPayoutMinor,
  type SportBetType,
  type SystemSize,
  sportBetTypes,
  ticketOddsDisplay,
} from '@casino/contract';
import { ArrowRight, Lock, Radio, Receipt, Trash2, TriangleAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { searchString, withSearchParams } from '@/lib/search-params';
import { useLocalizedPath } from '@/lib/use-locale';
import { useSignInPath } from '@/lib/use-sign-in-path';
import { useOddsFormat } from '../hooks/use-odds-format';
import { displayOdds, oddsMovement } from '../odds';
import {
  addQuickStake,
  normalizeStakeInput,
  planSlip,
  quickStakes,
  type SlipPlan,
  type SlipProblem,
  systemChoices,
  systemLineCount,
  tabProblem,
} from './slip-bets';
import { SlipReceipt } from './slip-receipt';
import {
  hasOfferedChanges,
  relatedEventIds,
  type SlipSelection,
  type SlipState,
  selectionKey,
} from './slip-state';
import { dispatchSlip, useSlip } from './slip-store';
import { type SlipRefusal, useSlipContext } from './use-slip-placement';

function money(minor: bigint, scale: number, currency: string) {
  return formatMoney(formatMinorToDecimal(minor, scale), currency);
}

/** A system's name: "2 of 3" for k of n, the full cover's own name otherwise. */
export function useSystemName() {
  const { t } = useTranslation();
  return (size: SystemSize, selections: number) =>
    typeof size === 'number'
      ? t('BetSlip.system_k_of_n', { k: size, n: selections })
      : t(`BetSlip.full_cover.${size}`);
}

function OddsChange({ selection }: { selection: SlipSelection }) {
  const [format] = useOddsFormat();
  const { t } = useTranslation();
  const next = selection.offeredOdds ?? selection.odds;
  const before = selection.offeredOdds === null ? selection.previousOdds : selection.odds;
  const movement = before === null ? null : oddsMovement(before, next);
  return (
    <span className="flex shrink-0 items-center gap-1 text-sm font-bold tabular-nums">
      {movement !== null && before !== null ? (
        <>
          <span className="text-xs font-medium text-ink-400 line-through">
            {displayOdds(before, format)}
          </span>
          <ArrowRight className="size-3 text-ink-400" aria-hidden="true" />
          <span className="sr-only">
            {movement === 'up' ? t('Sportsbook.odds_went_up') : t('Sportsbook.odds_went_down')}
          </span>
        </>
      ) : null}
      <span
        data-testid="slip-odds"
        data-movement={movement ?? undefined}
        className={cn(
          'text-ink-100',
          movement === 'up' && 'text-money-400',
          movement === 'down' && 'text-danger-400',
        )}
      >
        {displayOdds(next, format)}
      </span>
    </span>
  );
}

function StakeInput({
  id,
  label,
  value,
  onChange,
  onFocus,
  currency,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  currency: string;
  invalid?: boolean;
}) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        data-testid="stake-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={label}
        value={value}
        aria-invalid={invalid || undefined}
        onFocus={onFocus}
        onChange={(event) => onChange(normalizeStakeInput(event.target.value))}
        className={cn(inputClassName, 'h-10 pr-14 text-right font-semibold tabular-nums')}
      />
      <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-xs text-ink-400">
        {currency}
      </span>
    </div>
  );
}

function SelectionCard({
  selection,
  related,
  single,
  stake,
  onStake,
  onFocusStake,
  currency,
  scale,
}: {
  selection: SlipSelection;
  related: boolean;
  /** singles with a stake per selection: its own stake field */
  single: boolean;
  stake: string;
  onStake: (value: string) => void;
  onFocusStake: () => void;
  currency: string;
  scale: number;
}) {
  const { t } = useTranslation();
  const key = selectionKey(selection);
  const stakeId = useId();
  const parsed = single ? planSingle(selection, stake, currency) : null;
  return (
    <li
      data-testid="slip-selection"
      data-key={key}
      data-state={selection.state}
      className={cn(
        'rounded-xl border border-ink-700 bg-ink-800/70 p-3',
        selection.state !== 'open' && 'border-ink-700/60 bg-ink-850',
        selection.offeredOdds !== null && 'border-gold-500/60',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          {/* the slip is narrow: names wrap (two lines at most) rather than lose their end */}
          <p className="line-clamp-2 text-sm font-semibold break-words text-ink-100">
            {selection.outcomeName}
          </p>
          <p className="line-clamp-2 text-xs break-words text-ink-300">{selection.marketName}</p>
          <p className="flex items-start gap-1 text-xs text-ink-400">
            {selection.live ? (
              <Radio
                className="mt-0.5 size-3 shrink-0 text-danger-400"
                aria-label={t('Sportsbook.live')}
              />
            ) : null}
            <span className="line-clamp-2 break-words" title={selection.eventName}>
              {selection.eventName}
            </span>
          </p>
        </div>
        {selection.state === 'open' ? (
          <OddsChange selection={selection} />
        ) : (
          <span
            data-testid="slip-selection-state"
            className="inline-flex shrink-0 items-center gap-1 rounded bg-ink-700 px-1.5 py-0.5 text-[11px] font-bold text-ink-200 uppercase"
          >
            <Lock className="size-3" aria-hidden="true" />
            {selection.state === 'suspended' ? t('Sportsbook.suspended') : t('BetSlip.unavailable')}
          </span>
        )}
        <button
          type="button"
          onClick={() => dispatchSlip({ type: 'remove', key })}
          aria-label={t('BetSlip.remove', { name: selection.outcomeName })}
          className="-m-1 grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg text-ink-400 hover:bg-ink-700 hover:text-ink-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {related ? (
        <p className="mt-2 flex items-center gap-1 text-[11px] font-medium text-gold-400">
          <TriangleAlert className="size-3" aria-hidden="true" />
          {t('BetSlip.same_event')}
        </p>
      ) : null}
      {single ? (
        <div className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
          <StakeInput
            id={stakeId}
            label={t('BetSlip.stake')}
            value={stake}
            onChange={onStake}
            onFocus={onFocusStake}
            currency={currency}
            invalid={parsed === 'invalid'}
          />
          <span className="text-right text-xs text-ink-400">
            {t('BetSlip.returns')}
            <span className="block font-semibold text-ink-100 tabular-nums">
              {typeof parsed === 'bigint' ? money(parsed, scale, currency) : '—'}
            </span>
          </span>
        </div>
      ) : null}
    </li>
  );
}

/** One single's potential payout, for the line under its stake. */
function planSingle(selection: SlipSelection, stake: string, currency: string) {
  if (stake.trim() === '') return null;
  const plan = planSlip(
    {
      selections: [selection],
      tab: 'single',
      singleStakes: {},
      sameStake: stake,
      accumulatorStake: '',
      systemLineStake: '',
      systemSize: null,
      policy: 'any',
    },
    currency,
  );
  const ticket = plan.tickets[0];
  return ticket ? ticket.potentialPayoutMinor : 'invalid';
}

function TabButton({
  type,
  active,
  problem,
  onSelect,
}: {
  type: SportBetType;
  active: boolean;
  problem: SlipProblem | null;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      data-testid={`slip-tab-${type}`}
      onClick={onSelect}
      className={cn(
        'flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-lg px-2 text-xs font-semibold transition-colors',
        active ? 'bg-ink-700 text-ink-100' : 'text-ink-300 hover:text-ink-100',
        problem !== null && !active && 'text-ink-400',
      )}
    >
      {t(`BetSlip.tab.${type}`)}
    </button>
  );
}

function PolicyChooser({ policy }: { policy: OddsChangePolicy }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-2">
      <label htmlFor={id} className="text-xs text-ink-300">
        {t('BetSlip.policy.label')}
      </label>
      <select
        id={id}
        data-testid="slip-policy"
        value={policy}
        onChange={(event) =>
          dispatchSlip({ type: 'setPolicy', policy: event.target.value as OddsChangePolicy })
        }
        className="h-8 cursor-pointer rounded-lg border border-ink-600 bg-ink-800 px-2 text-xs text-ink-100 focus:border-brand-500 focus:outline-none"
      >
        {oddsChangePolicies.map((value) => (
          <option key={value} value={value}>
            {t(`BetSlip.policy.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function QuickStakes({ currency, onPick }: { currency: string; onPick: (quick: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid grid-cols-4 gap-1.5">
      <legend className="sr-only">{t('BetSlip.quick_stakes')}</legend>
      {quickStakes(currency).map((quick) => (
        <button
          key={quick}
          type="button"
          onClick={() => onPick(quick)}
          className="h-8 cursor-pointer rounded-lg bg-ink-750 text-xs font-semibold text-ink-200 tabular-nums hover:bg-ink-700 hover:text-ink-100"
        >
          +{formatMoney(quick, currency, { precision: 0 })}
        </button>
      ))}
    </fieldset>
  );
}

function RefusalNotice({ refusal, onDismiss }: { refusal: SlipRefusal; onDismiss: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const payload = refusal.payload;
  const currency = typeof payload.currency === 'string' ? payload.currency : '';
  const amount = (value: unknown) =>
    typeof value === 'string' && currency ? formatMoney(value, currency) : '';
  const text = (() => {
    switch (refusal.code) {
      case 'sport_stake_limit':
        return t('BetSlip.refusal.sport_stake_limit', {
          range:
            typeof payload.min === 'string' && typeof payload.max === 'string' && currency
              ? formatMoneyRange(payload.min, payload.max, currency)
              : '',
        });
      case 'sport_payout_limit':
        return t('BetSlip.refusal.sport_payout_limit', { amount: amount(payload.maxPayout) });
      case 'sport_liability_limit':
        return t('BetSlip.refusal.sport_liability_limit', { amount: amount(payload.maxStake) });
      default:
        return t(`BetSlip.refusal.${refusal.code}`);
    }
  })();
  const depositSearch = searchString(withSearchParams(location.search, { wallet: 'deposit' }));
  return (
    <div
      role="alert"
      data-testid="slip-refusal"
      data-code={refusal.code}
      className="flex items-start gap-2 rounded-xl border border-danger-500/40 bg-danger-500/10 p-3 text-xs text-ink-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p>{text}</p>
        {refusal.code === 'insufficient_balance' ? (
          <Link
            to={{ pathname: location.pathname, search: depositSearch }}
            className="mt-1 inline-block font-semibold text-brand-300 underline-offset-2 hover:underline"
          >
            {t('BetSlip.deposit')}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('Shared.close')}
        className="-m-1 grid size-7 shrink-0 cursor-pointer place-items-center rounded-lg text-ink-300 hover:bg-ink-700"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}

function SystemPicker({ slip }: { slip: SlipState }) {
  const { t } = useTranslation();
  const name = useSystemName();
  const n = slip.selections.length;
  const choices = systemChoices(n);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-xs text-ink-300">{t('BetSlip.system_choose')}</legend>
      <div className="flex flex-wrap gap-1.5">
        {choices.map((size) => {
          const active = slip.systemSize === size;
          return (
            <button
              key={String(size)}
              type="button"
              aria-pressed={active}
              data-testid="slip-system-choice"
              onClick={() => dispatchSlip({ type: 'setSystemSize', size })}
              className={cn(
                'cursor-pointer rounded-lg border px-2.5 py-1.5 text-xs font-semibold',
                active
                  ? 'border-brand-500 bg-brand-500/20 text-ink-100'
                  : 'border-ink-700 bg-ink-800 text-ink-200 hover:border-ink-500',
              )}
            >
              {name(size, n)}
              <span className="ml-1 font-normal text-ink-400">
                {t('BetSlip.lines', { count: systemLineCount(size, n) })}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function Totals({ plan, currency, slip }: { plan: SlipPlan; currency: string; slip: SlipState }) {
  const { t } = useTranslation();
  const [format] = useOddsFormat();
  // A selection that can no longer be backed has no price worth multiplying (a closed market's
  // last prices run up to the ladder's 1000): no total odds or payout until it is removed.
  const priced = !slip.selections.some((selection) => selection.state === 'unavailable');
  const combined =
    priced && slip.tab === 'accumulator' && tabProblem('accumulator', slip) === null
      ? ticketOddsDisplay(
          potentialPayoutMinor(
            100_000_000n,
            slip.selections.map((selection) => selection.odds),
            [slip.selections.length],
          ) ?? 0n,
          100_000_000n,
        )
      : null;
  const ticket = plan.tickets[0];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-xs">
      {combined !== null ? (
        <>
          <dt className="text-ink-300">{t('BetSlip.total_odds')}</dt>
          <dd
            data-testid="slip-total-odds"
            className="text-right font-bold text-gold-400 tabular-nums"
          >
            {displayOdds(combined, format)}
          </dd>
        </>
      ) : null}
      {slip.tab === 'system' && ticket ? (
        <>
          <dt className="text-ink-300">{t('BetSlip.system_stake')}</dt>
          <dd className="text-right text-ink-200 tabular-nums">
            {t('BetSlip.system_stake_value', {
              lines: plan.lines,
              line: money(ticket.stakeMinor / BigInt(plan.lines), plan.scale, currency),
              total: money(ticket.stakeMinor, plan.scale, currency),
            })}
          </dd>
        </>
      ) : null}
      <dt className="text-ink-300">{t('BetSlip.total_stake')}</dt>
      <dd
        data-testid="slip-total-stake"
        className="text-right font-semibold text-ink-100 tabular-nums"
      >
        {money(plan.totalStakeMinor, plan.scale, currency)}
      </dd>
      <dt className="text-ink-300">{t('BetSlip.potential_payout')}</dt>
      <dd
        data-testid="slip-potential-payout"
        className="text-right text-sm font-bold text-money-400 tabular-nums"
      >
        {priced ? money(plan.potentialPayoutMinor, plan.scale, currency) : '—'}
      </dd>
    </dl>
  );
}

/**
 * The bet slip: the selections with their live prices, the tabs (singles, accumulator,
 * system), stakes with quick amounts, the odds-change policy, the totals and the button. A
 * placement turns it into the receipt until the player keeps or clears the selections.
 */
export function BetSlip({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const slip = useSlip();
  const context = useSlipContext();
  const { currency, signedIn, placement, refusal, limits } = context;
  const navigate = useNavigate();
  const signInPath = useSignInPath();
  const localized = useLocalizedPath();
  const [focusedSingle, setFocusedSingle] = useState<string | null>(null);
  const stakeId = useId();
  const plan = planSlip(slip, currency);
  const related = relatedEventIds(slip.selections);
  const n = slip.selections.length;
  const myBetsPath = localized('/sportsbook/my-bets');

  const header = (
    <div className="flex items-center justify-between gap-2">
      <h2 className="flex items-center gap-2 text-base font-bold text-ink-100">
        <Receipt className="size-4 text-brand-300" aria-hidden="true" />
        {t('BetSlip.title')}
        <span
          data-testid="slip-count"
          className="grid h-5 min-w-5 place-items-center rounded-full bg-brand-500 px-1.5 text-[11px] font-bold text-white tabular-nums"
        >
          {n}
        </span>
      </h2>
      <div className="flex items-center gap-1">
        <Link
          to={myBetsPath}
          onClick={onNavigate}
          className="rounded-lg px-2 py-1 text-xs font-semibold text-brand-300 hover:bg-ink-750"
        >
          {t('BetSlip.my_bets')}
        </Link>
        {n > 0 && placement.phase !== 'placed' ? (
          <button
            type="button"
            onClick={() => dispatchSlip({ type: 'clear' })}
            aria-label={t('BetSlip.clear_all')}
            title={t('BetSlip.clear_all')}
            className="grid size-8 cursor-pointer place-items-center rounded-lg text-ink-400 hover:bg-ink-750 hover:text-ink-100"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </div>
  );

  if (placement.phase === 'placed') {
    return (
      <div data-testid="bet-slip" className="flex flex-col gap-3">
        {header}
        <SlipReceipt tickets={placement.tickets} myBetsPath={myBetsPath} onNavigate={onNavigate} />
        {refusal ? <RefusalNotice refusal={refusal} onDismiss={context.dismissRefusal} /> : null}
      </div>
    );
  }

  if (n === 0) {
    return (
      <div data-testid="bet-slip" className="flex flex-col gap-3">
        {header}
        <div className="rounded-xl border border-dashed border-ink-700 px-4 py-8 text-center">
          <p className="text-sm font-semibold text-ink-200">{t('BetSlip.empty_title')}</p>
          <p className="mt-1 text-xs text-ink-400">{t('BetSlip.empty_text')}</p>
        </div>
      </div>
    );
  }

  const singleMode = slip.tab === 'single';
  const perSelection = singleMode && slip.sameStake === null;
  const activeTabProblem = tabProblem(slip.tab, slip);
  const sharedStake =
    slip.tab === 'single'
      ? (slip.sameStake ?? '')
      : slip.tab === 'accumulator'
        ? slip.accumulatorStake
        : slip.systemLineStake;
  const setSharedStake = (stake: string) => {
    if (slip.tab === 'single') dispatchSlip({ type: 'setSameStake', stake });
    else if (slip.tab === 'accumulator') dispatchSlip({ type: 'setAccumulatorStake', stake });
    else dispatchSlip({ type: 'setSystemLineStake', stake });
  };
  const onQuick = (quick: string) => {
    if (perSelection) {
      const key = focusedSingle ?? (slip.selections[0] ? selectionKey(slip.selections[0]) : null);
      if (key === null) return;
      dispatchSlip({
        type: 'setSingleStake',
        key,
        stake: addQuickStake(slip.singleStakes[key] ?? '', quick, currency),
      });
    } else {
      setSharedStake(addQuickStake(sharedStake, quick, currency));
    }
  };
  const offered = hasOfferedChanges(slip);
  const placing = placement.phase === 'placing';
  const blocked = plan.problem !== null && plan.problem !== 'offered_changes';

  return (
    <div data-testid="bet-slip" className="flex flex-col gap-3">
      {header}
      <div
        role="tablist"
        aria-label={t('BetSlip.bet_type')}
        className="flex gap-1 rounded-xl bg-ink-850 p-1"
      >
        {sportBetTypes.map((type) => (
          <TabButton
            key={type}
            type={type}
            active={slip.tab === type}
            problem={tabProblem(type, slip)}
            onSelect={() => dispatchSlip({ type: 'setTab', tab: type })}
          />
        ))}
      </div>
      {activeTabProblem !== null ? (
        <p
          data-testid="slip-tab-problem"
          role="status"
          className="rounded-lg bg-gold-500/10 p-2.5 text-xs text-gold-300"
        >
          {t(`BetSlip.problem.${activeTabProblem}`)}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {slip.selections.map((selection) => {
          const key = selectionKey(selection);
          return (
            <SelectionCard
              key={key}
              selection={selection}
              related={related.has(selection.eventId)}
              single={perSelection}
              stake={slip.singleStakes[key] ?? ''}
              onStake={(stake) => dispatchSlip({ type: 'setSingleStake', key, stake })}
              onFocusStake={() => setFocusedSingle(key)}
              currency={currency}
              scale={plan.scale}
            />
          );
        })}
      </ul>
      {slip.tab === 'system' && activeTabProblem === null ? <SystemPicker slip={slip} /> : null}
      {singleMode && n > 1 ? (
        <label className="flex cursor-pointer items-center gap-2 text-xs text-ink-200">
          <input
            type="checkbox"
            data-testid="slip-same-stake"
            checked={slip.sameStake !== null}
            onChange={(event) =>
              dispatchSlip({ type: 'setSameStake', stake: event.target.checked ? '' : null })
            }
            className="size-4 accent-brand-500"
          />
          {t('BetSlip.same_stake')}
        </label>
      ) : null}
      {activeTabProblem === null && !perSelection ? (
        <StakeInput
          id={stakeId}
          label={
            slip.tab === 'system'
              ? t('BetSlip.stake_per_line')
              : singleMode
                ? t('BetSlip.stake_each')
                : t('BetSlip.stake')
          }
          value={sharedStake}
          onChange={setSharedStake}
          currency={currency}
          invalid={plan.problem === 'stake_invalid'}
        />
      ) : null}
      {activeTabProblem === null ? <QuickStakes currency={currency} onPick={onQuick} /> : null}
      {limits !== null && limits.currency === currency ? (
        <p data-testid="slip-limits" className="text-[11px] text-ink-400">
          {t('BetSlip.limits', { range: formatMoneyRange(limits.min, limits.max, currency) })}
        </p>
      ) : null}
      <PolicyChooser policy={slip.policy} />
      <Totals plan={plan} currency={currency} slip={slip} />
      {refusal ? <RefusalNotice refusal={refusal} onDismiss={context.dismissRefusal} /> : null}
      {plan.problem !== null &&
      plan.problem !== 'offered_changes' &&
      plan.problem !== 'related' &&
      plan.problem !== 'too_few' &&
      plan.problem !== 'too_many' ? (
        <p data-testid="slip-problem" className="text-center text-xs text-ink-400">
          {t(`BetSlip.problem.${plan.problem}`)}
        </p>
      ) : null}
      {/* the action stays in reach at the bottom of a long slip (the panel and the drawer scroll) */}
      <div className="sticky bottom-0 z-10 -mt-1 flex flex-col bg-ink-850 pt-1 pb-0.5">
        {offered ? (
          <Button
            variant="money"
            size="lg"
            data-testid="slip-accept-changes"
            onClick={() => dispatchSlip({ type: 'acceptChanges' })}
          >
            {t('BetSlip.accept_changes')}
          </Button>
        ) : !signedIn ? (
          <Button
            size="lg"
            data-testid="slip-sign-in"
            onClick={() => {
              onNavigate?.();
              void navigate(signInPath());
            }}
          >
            {t('BetSlip.sign_in_to_bet')}
          </Button>
        ) : (
          <Button
            size="lg"
            data-testid="slip-place"
            disabled={blocked || placing}
            aria-busy={placing || undefined}
            onClick={() => void context.place(plan)}
          >
            {placing ? <Spinner /> : null}
            {placing
              ? t('BetSlip.placing')
              : plan.tickets.length > 1
                ? t('BetSlip.place_bets', {
                    count: plan.tickets.length,
                    amount: money(plan.totalStakeMinor, plan.scale, currency),
                  })
                : t('BetSlip.place_bet', {
                    amount: money(plan.totalStakeMinor, plan.scale, currency),
                  })}
          </Button>
        )}
      </div>
    </div>
  );
}
