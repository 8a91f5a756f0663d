import {
  formatMoney,
  type LimitPeriod,
  type LimitType,
  limitPeriods,
  limitTypes,
  type PlayerLimit,
  type Profile,
  realityCheckIntervals,
} from '@casino/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useLocale } from '@/lib/use-locale';
import { useCancelPendingLimit, useLimits, useSetLimit } from '../api/limits';
import { useSetRealityCheck } from '../api/play-session';
import { limitAmountValid } from '../limit-amount';
import { ExclusionPanel } from './exclusion-panel';
import { LateDeposits, LimitHistory } from './limit-history';

/** Help organisations: names and addresses only, nothing is fetched from them. */
const helpOrganisations = [
  { name: 'BeGambleAware', url: 'https://www.begambleaware.org', key: 'begambleaware' },
  { name: 'GamCare', url: 'https://www.gamcare.org.uk', key: 'gamcare' },
  { name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org', key: 'ga' },
  { name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org', key: 'therapy' },
] as const;

const selectClassName = `${inputClassName} appearance-none`;

function useWhen() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (iso: string) => {
    const at = new Date(iso);
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
    const startOfToday = new Date();
    startOfToday.setHours(0, 0, 0, 0);
    const days = Math.floor((at.getTime() - startOfToday.getTime()) / 86_400_000);
    if (days === 0) return t('responsibleGambling.today', { time });
    if (days === 1) return t('responsibleGambling.tomorrow', { time });
    return new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(at);
  };
}

function amountOf(limit: Pick<PlayerLimit, 'type' | 'currency'>, amount: string): string {
  return limit.currency === null ? amount : formatMoney(amount, limit.currency);
}

function LimitRow({ limit }: { limit: PlayerLimit }) {
  const { t } = useTranslation();
  const when = useWhen();
  const setLimit = useSetLimit();
  const cancel = useCancelPendingLimit();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(limit.amount);
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const usedMinorRatio =
    limit.used === null
      ? 0
      : Math.min(1, Number(limit.used) / Math.max(Number(limit.amount), 1e-9));
  const reached = limit.used !== null && Number(limit.used) >= Number(limit.amount);
  const over = limit.used !== null && Number(limit.used) > Number(limit.amount);
  const name = `${t(`responsibleGambling.types.${limit.type}`)} · ${t(
    `responsibleGambling.periods.${limit.period}`,
  )}`;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!limitAmountValid(limit.type, value)) {
      setInvalid(true);
      return;
    }
    setLimit.mutate(
      { type: limit.type, period: limit.period, amount: value.trim() },
      { onSuccess: () => setEditing(false) },
    );
  }

  return (
    <li
      className="rounded-xl border border-ink-700 bg-ink-800/60 p-3"
      data-testid={`limit-${limit.type}-${limit.period}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink-100">{name}</h3>
        <span className="text-sm font-bold text-ink-100">
          {limit.type === 'session'
            ? t('responsibleGambling.minutes', { minutes: limit.amount })
            : amountOf(limit, limit.amount)}
        </span>
      </div>
      {limit.used !== null ? (
        <>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-ink-700"
            role="progressbar"
            aria-label={name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(usedMinorRatio * 100)}
          >
            <div
              className={reached ? 'h-full bg-danger-500' : 'h-full bg-money-500'}
              style={{ width: `${usedMinorRatio * 100}%` }}
            />
          </div>
          <p className="mt-1.5 text-xs text-ink-300" data-testid="limit-usage">
            {t('responsibleGambling.used', {
              used: amountOf(limit, limit.used),
              amount: amountOf(limit, limit.amount),
            })}
            {limit.resetsAt
              ? ` · ${t(reached ? 'responsibleGambling.frees' : 'responsibleGambling.goes_down', {
                  when: when(limit.resetsAt),
                })}`
              : ''}
          </p>
          {over ? (
            <p className="mt-1 text-xs text-danger-400">{t('responsibleGambling.over_limit')}</p>
          ) : null}
        </>
      ) : (
        <p className="mt-1.5 text-xs text-ink-300">{t('responsibleGambling.session_note')}</p>
      )}
      {limit.pending ? (
        <div
          className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-500/10 px-3 py-2 text-xs text-ink-100"
          data-testid="limit-pending"
        >
          <span>
            {limit.pending.amount === null
              ? t('responsibleGambling.pending_removal', { when: when(limit.pending.effectiveAt) })
              : t('responsibleGambling.pending_raise', {
                  amount:
                    limit.type === 'session'
                      ? t('responsibleGambling.minutes', { minutes: limit.pending.amount })
                      : amountOf(limit, limit.pending.amount),
                  when: when(limit.pending.effectiveAt),
                })}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ type: limit.type, period: limit.period })}
          >
            {t('responsibleGambling.cancel_pending')}
          </Button>
        </div>
      ) : null}
      {editing ? (
        <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={save}>
          <div className="flex min-w-32 flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="text-xs font-medium text-ink-200">
              {t(
                limit.type === 'session'
                  ? 'responsibleGambling.minutes_label'
                  : 'responsibleGambling.amount_label',
                { currency: limit.currency ?? '' },
              )}
            </label>
            <input
              id={inputId}
              className={inputClassName}
              inputMode="decimal"
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${inputId}-error` : undefined}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setInvalid(false);
              }}
            />
            {invalid ? <AmountError id={`${inputId}-error`} /> : null}
          </div>
          <Button type="submit" size="md" disabled={setLimit.isPending}>
            {t('responsibleGambling.save')}
          </Button>
          <Button type="button" size="md" variant="ghost" onClick={() => setEditing(false)}>
            {t('responsibleGambling.close')}
          </Button>
          <p className="w-full text-xs text-ink-300">{t('responsibleGambling.cooling_off_hint')}</p>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t('responsibleGambling.change')}
          </Button>
          {!(limit.pending && limit.pending.amount === null) ? (
            <Button
              size="sm"
              variant="danger"
              disabled={setLimit.isPending}
              onClick={() =>
                setLimit.mutate({ type: limit.type, period: limit.period, amount: null })
              }
            >
              {t('responsibleGambling.remove')}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** Under a limit's amount: what the server would refuse, said before it is sent. */
function AmountError({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} role="alert" className="text-xs text-danger-400">
      {t('Validation.invalid_amount')}
    </p>
  );
}

function AddLimitForm({ taken }: { taken: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const setLimit = useSetLimit();
  const [type, setType] = useState<LimitType>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const ids = { type: useId(), period: useId(), amount: useId() };
  const exists = taken.has(`${type}:${period}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!limitAmountValid(type, amount)) {
      setInvalid(true);
      return;
    }
    setLimit.mutate({ type, period, amount: amount.trim() }, { onSuccess: () => setAmount('') });
  }

  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" onSubmit={submit}>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.type} className="text-xs font-medium text-ink-200">
          {t('responsibleGambling.type_label')}
        </label>
        <select
          id={ids.type}
          className={selectClassName}
          value={type}
          onChange={(event) => setType(event.target.value as LimitType)}
        >
          {limitTypes.map((option) => (
            <option key={option} value={option}>
              {t(`responsibleGambling.types.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.period} className="text-xs font-medium text-ink-200">
          {t('responsibleGambling.period_label')}
        </label>
        <select
          id={ids.period}
          className={selectClassName}
          value={period}
          onChange={(event) => setPeriod(event.target.value as LimitPeriod)}
        >
          {limitPeriods.map((option) => (
            <option key={option} value={option}>
              {t(`responsibleGambling.periods.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.amount} className="text-xs font-medium text-ink-200">
          {type === 'session'
            ? t('responsibleGambling.minutes_label')
            : t('responsibleGambling.amount_label_primary')}
        </label>
        <input
          id={ids.amount}
          className={inputClassName}
          inputMode="decimal"
          required
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${ids.amount}-error` : undefined}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setInvalid(false);
          }}
        />
        {invalid ? <AmountError id={`${ids.amount}-error`} /> : null}
      </div>
      <Button type="submit" disabled={setLimit.isPending || amount.trim() === ''}>
        {exists ? t('responsibleGambling.change') : t('responsibleGambling.add')}
      </Button>
    </form>
  );
}

/** The reality-check interval (`PATCH /api/v1/me`): off, or every 15 to 120 minutes of play. */
function RealityCheckSetting({
  value,
  onProfileChanged,
}: {
  value: number | null;
  onProfileChanged: (profile: Profile) => void;
}) {
  const { t } = useTranslation();
  const setRealityCheck = useSetRealityCheck(onProfileChanged);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink-100">
        {t('responsibleGambling.reality_check.setting_label')}
      </label>
      <p className="mt-1 text-xs text-ink-300">
        {t('responsibleGambling.reality_check.setting_hint')}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <select
          id={id}
          data-testid="reality-check-interval"
          className={`${selectClassName} max-w-56`}
          value={value === null ? '' : String(value)}
          disabled={setRealityCheck.isPending}
          onChange={(event) =>
            setRealityCheck.mutate(event.target.value === '' ? null : Number(event.target.value))
          }
        >
          <option value="">{t('responsibleGambling.reality_check.off')}</option>
          {realityCheckIntervals.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('responsibleGambling.reality_check.every', { minutes })}
            </option>
          ))}
        </select>
        {setRealityCheck.isPending ? <Spinner className="size-4" /> : null}
      </div>
    </div>
  );
}

/**
 * The profile's "Responsible gambling" section: the player's limits with their usage, pending
 * increases and removals (cancellable), a form to set one, the history of changes (on demand),
 * the deposits credited past a limit, the reality-check interval, the
 * time-out and self-exclusion flow, and where to find help.
 */
export function ResponsibleGamblingSection({
  realityCheckMinutes,
  onProfileChanged,
}: {
  realityCheckMinutes: number | null;
  onProfileChanged: (profile: Profile) => void;
}) {
  const { t } = useTranslation();
  const limits = useLimits();
  const taken = new Set((limits.data ?? []).map((limit) => `${limit.type}:${limit.period}`));

  return (
    <section
      id="responsible-gambling"
      className="rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-6"
      data-testid="responsible-gambling"
    >
      <h2 className="text-base font-bold text-ink-100">{t('responsibleGambling.title')}</h2>
      <p className="mt-1 text-sm text-ink-300">{t('responsibleGambling.intro')}</p>
      <div className="mt-4 flex flex-col gap-4">
        <LateDeposits />
        {limits.isPending ? (
          <Spinner className="size-5" />
        ) : limits.data && limits.data.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {limits.data.map((limit) => (
              <LimitRow key={`${limit.type}:${limit.period}`} limit={limit} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-300">{t('responsibleGambling.empty')}</p>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink-100">
            {t('responsibleGambling.add_title')}
          </h3>
          <AddLimitForm taken={taken} />
          <p className="mt-2 text-xs text-ink-300">{t('responsibleGambling.cooling_off_hint')}</p>
        </div>
        <LimitHistory />
        <RealityCheckSetting value={realityCheckMinutes} onProfileChanged={onProfileChanged} />
        <div data-testid="exclusion">
          <h3 className="text-sm font-semibold text-ink-100">
            {t('responsibleGambling.exclusion.title')}
          </h3>
          <p className="mt-1 mb-3 text-xs text-ink-300">
            {t('responsibleGambling.exclusion.intro')}
          </p>
          <ExclusionPanel />
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink-100">
            {t('responsibleGambling.help_title')}
          </h3>
          <p className="mt-1 text-xs text-ink-300">{t('responsibleGambling.help_intro')}</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {helpOrganisations.map((organisation) => (
              <li key={organisation.key}>
                <a
                  className="text-brand-300 underline-offset-2 hover:underline"
                  href={organisation.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {organisation.name}
                </a>{' '}
                <span className="text-ink-300">
                  — {t(`responsibleGambling.help.${organisation.key}`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
