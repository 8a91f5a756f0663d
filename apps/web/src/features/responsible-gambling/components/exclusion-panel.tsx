import {
  type Exclusion,
  maximumTimeOutDays,
  minimumTimeOutDays,
  type SelfExclusionPeriod,
  selfExclusionPeriods,
  selfExclusionUntil,
  timeOutPresetDays,
  timeOutUntil,
} from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api-client';
import { beginSignOut, clearAuthToken } from '@/lib/auth-token';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';

type Choice =
  | { kind: 'time_out'; days: number }
  | { kind: 'self_exclusion'; period: SelfExclusionPeriod };

function formatUntil(until: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(until));
}

/**
 * Takes the time-out or self-exclusion; the server ends every session (this one included), so
 * the app forgets its session at once, as a sign-out does, and says until when.
 */
function useTakeExclusion(onTaken: (exclusion: Exclusion) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: Choice) =>
      choice.kind === 'time_out'
        ? apiRequest<Exclusion>('/api/v1/me/time-out', {
            method: 'POST',
            body: { days: choice.days, confirm: true },
          })
        : apiRequest<Exclusion>('/api/v1/me/self-exclusion', {
            method: 'POST',
            body: { period: choice.period, confirm: true },
          }),
    // the realtime close this session is about to get is the player's own doing
    onMutate: beginSignOut,
    // before the token goes: the profile page leaves then, and this form with it
    onSuccess: (exclusion) => {
      onTaken(exclusion);
      clearAuthToken({ byPlayer: true });
      queryClient.clear();
    },
  });
}

/**
 * The profile's time-out and self-exclusion flow: a choice, then a confirmation step that says
 * what happens (signed out everywhere until when; a self-exclusion cannot be undone).
 */
export function ExclusionPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ids = { kind: useId(), days: useId() };
  const [kind, setKind] = useState<Choice['kind']>('time_out');
  const [days, setDays] = useState<string>('1');
  const [period, setPeriod] = useState<SelfExclusionPeriod>('6m');
  const [confirming, setConfirming] = useState<Choice | null>(null);
  const take = useTakeExclusion((exclusion) =>
    notify.info(
      exclusion.until === null
        ? t('responsibleGambling.exclusion.self_excluded_indefinite')
        : t(
            exclusion.kind === 'time_out'
              ? 'responsibleGambling.exclusion.timed_out_until'
              : 'responsibleGambling.exclusion.self_excluded_until',
            { until: formatUntil(exclusion.until, locale) },
          ),
    ),
  );

  const dayCount = Number(days);
  const daysValid =
    /^\d{1,2}$/.test(days) && dayCount >= minimumTimeOutDays && dayCount <= maximumTimeOutDays;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'time_out' && !daysValid) return;
    setConfirming(kind === 'time_out' ? { kind, days: dayCount } : { kind, period });
  };

  if (confirming) {
    const now = new Date();
    const until =
      confirming.kind === 'time_out'
        ? timeOutUntil(confirming.days, now)
        : selfExclusionUntil(confirming.period, now);
    const consequence =
      until === null
        ? t('responsibleGambling.exclusion.confirm_indefinite')
        : t(
            confirming.kind === 'time_out'
              ? 'responsibleGambling.exclusion.confirm_time_out'
              : 'responsibleGambling.exclusion.confirm_self_exclusion',
            { until: formatUntil(until, locale) },
          );
    return (
      <div
        className="flex flex-col gap-3 rounded-xl border border-danger-500/40 bg-danger-500/10 p-4"
        role="alertdialog"
        aria-labelledby={`${ids.kind}-confirm`}
        data-testid="exclusion-confirm"
      >
        <h4 id={`${ids.kind}-confirm`} className="text-sm font-semibold text-ink-100">
          {t('responsibleGambling.exclusion.confirm_title')}
        </h4>
        <p className="text-sm text-ink-200">{consequence}</p>
        <p className="text-xs text-ink-300">{t('responsibleGambling.exclusion.withdraw_note')}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="danger"
            disabled={take.isPending}
            onClick={() => take.mutate(confirming)}
          >
            {take.isPending ? <Spinner /> : null}
            {t('responsibleGambling.exclusion.confirm')}
          </Button>
          <Button variant="secondary" disabled={take.isPending} onClick={() => setConfirming(null)}>
            {t('responsibleGambling.exclusion.back')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={review} className="flex flex-col gap-3" data-testid="exclusion-form">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t('responsibleGambling.exclusion.title')}</legend>
        {(['time_out', 'self_exclusion'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-ink-100">
            <input
              type="radio"
              name={ids.kind}
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
            />
            {t(`responsibleGambling.exclusion.${option}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'time_out' ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {timeOutPresetDays.map((preset) => (
              <Button
                key={preset}
                type="button"
                size="sm"
                variant={dayCount === preset ? 'primary' : 'secondary'}
                aria-pressed={dayCount === preset}
                onClick={() => setDays(String(preset))}
              >
                {t(`responsibleGambling.exclusion.days_${preset}`)}
              </Button>
            ))}
          </div>
          <label htmlFor={ids.days} className="text-xs font-medium text-ink-200">
            {t('responsibleGambling.exclusion.days_label')}
          </label>
          <input
            id={ids.days}
            className={`${inputClassName} max-w-32`}
            inputMode="numeric"
            value={days}
            aria-invalid={daysValid ? undefined : true}
            onChange={(event) => setDays(event.target.value.trim())}
          />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {selfExclusionPeriods.map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={period === option ? 'primary' : 'secondary'}
              aria-pressed={period === option}
              onClick={() => setPeriod(option)}
            >
              {t(`responsibleGambling.exclusion.periods.${option}`)}
            </Button>
          ))}
        </div>
      )}
      <div>
        <Button type="submit" disabled={kind === 'time_out' && !daysValid}>
          {t('responsibleGambling.exclusion.continue')}
        </Button>
      </div>
    </form>
  );
}
