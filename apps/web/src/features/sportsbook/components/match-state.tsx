import type { SportEventSummary } from '@casino/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { clockText, periodKey } from '../match-clock';

type Clock = NonNullable<SportEventSummary['clock']>;

/** The period's name in the page's language; the feed's code when unknown. */
export function usePeriodLabel(period: string | undefined): string | null {
  const { t, i18n } = useTranslation();
  if (!period) return null;
  const { key, number } = periodKey(period);
  const fullKey = `Sportsbook.period.${key}`;
  return i18n.exists(fullKey) ? String(t(fullKey as never, { number })) : period;
}

/** Elapsed time that ticks every second while the clock runs, from the last reading. */
export function MatchClock({ clock, className }: { clock: Clock; className?: string }) {
  // A new reading (a new clock object from a diff or a refetch) restarts the local count.
  const readAt = useMemo(() => (clock ? Date.now() : 0), [clock]);
  const [now, setNow] = useState(readAt);
  useEffect(() => {
    setNow(Date.now());
    if (!clock.running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [clock]);
  if (clock.elapsedSeconds === null) return null;
  const text = clockText(clock.elapsedSeconds, clock.running ? now - readAt : 0);
  return (
    <time data-testid="match-clock" className={cn('tabular-nums', className)}>
      {text}
    </time>
  );
}

const kickOffFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The kick-off's format (time; with the date unless today), made once per language: a listing
 * shows a hundred events, and building an `Intl.DateTimeFormat` costs far more than using one.
 */
function kickOffFormat(locale: string, sameDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${sameDay}`;
  let format = kickOffFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
      hour: '2-digit',
      minute: '2-digit',
    });
    kickOffFormats.set(key, format);
  }
  return format;
}

/** "LIVE 1st half 23:14" or the kick-off time, for listings and the scoreboard. */
export function MatchStatus({
  event,
  className,
}: {
  event: Pick<SportEventSummary, 'status' | 'clock' | 'startsAt'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const period = usePeriodLabel(event.clock?.period);
  if (event.status === 'live') {
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-xs', className)}>
        <span className="inline-flex items-center gap-1 rounded bg-danger-500/15 px-1.5 py-0.5 font-bold text-danger-400 uppercase">
          <span className="size-1.5 animate-pulse rounded-full bg-danger-400" aria-hidden="true" />
          {t('Sportsbook.live')}
        </span>
        {period ? <span className="truncate text-ink-300">{period}</span> : null}
        {event.clock ? <MatchClock clock={event.clock} className="text-ink-200" /> : null}
      </span>
    );
  }
  if (event.status === 'not_started') {
    const startsAt = new Date(event.startsAt);
    const sameDay = startsAt.toDateString() === new Date().toDateString();
    const text = kickOffFormat(locale, sameDay).format(startsAt);
    return (
      <time
        dateTime={event.startsAt}
        className={cn('text-xs text-ink-300 tabular-nums', className)}
      >
        {text}
      </time>
    );
  }
  return (
    <span className={cn('text-xs font-semibold text-ink-400', className)}>
      {t(`Sportsbook.status.${event.status}`)}
    </span>
  );
}
