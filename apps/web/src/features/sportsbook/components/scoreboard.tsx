import type { SportEvent } from '@casino/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { MatchStatus, usePeriodLabel } from './match-state';

function PeriodHeader({ period }: { period: string }) {
  const label = usePeriodLabel(period);
  return (
    <th scope="col" className="px-1.5 py-1 font-medium" title={label ?? period}>
      {/\d+$/.exec(period)?.[0] ?? label}
    </th>
  );
}

/**
 * The event's scoreboard: teams, the score, period and running clock; per-period scores; for
 * tennis the current game's points and who serves.
 */
export function Scoreboard({ event, actions }: { event: SportEvent; actions?: ReactNode }) {
  const { t } = useTranslation();
  const score = event.score;
  const live = event.status === 'live';
  const periods = score?.periods ?? [];
  const sides = [
    { side: 'home' as const, name: event.home.name },
    { side: 'away' as const, name: event.away.name },
  ];
  return (
    <section
      data-testid="scoreboard"
      aria-label={t('Sportsbook.scoreboard')}
      className="mb-5 overflow-hidden rounded-2xl border border-ink-700 bg-gradient-to-br from-ink-800 to-ink-850"
    >
      <div className="flex min-h-11 items-center justify-between gap-2 border-b border-ink-700 py-1 pr-1 pl-4 text-xs text-ink-300">
        <span className="truncate">
          {event.league.category.name} · {event.league.name}
        </span>
        <span className="flex shrink-0 items-center gap-1">
          <MatchStatus event={event} />
          {actions}
        </span>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 px-4 py-5">
        <p className="text-right text-base font-bold text-ink-100 sm:text-lg">
          {score?.server === 'home' ? <ServeDot /> : null}
          {event.home.name}
        </p>
        <p
          data-testid="score"
          className={cn(
            'rounded-xl px-4 py-1.5 text-2xl font-black tabular-nums sm:text-3xl',
            live ? 'bg-ink-950/60 text-gold-400' : 'bg-ink-950/40 text-ink-200',
          )}
        >
          {score ? `${score.home} : ${score.away}` : '– : –'}
        </p>
        <p className="text-base font-bold text-ink-100 sm:text-lg">
          {event.away.name}
          {score?.server === 'away' ? <ServeDot /> : null}
        </p>
      </div>
      {periods.length > 0 || score?.game ? (
        <div className="overflow-x-auto border-t border-ink-700 px-4 py-2">
          <table className="w-full text-center text-xs tabular-nums">
            <thead className="text-ink-400">
              <tr>
                <th scope="col" className="w-full" />
                {periods.map((period) => (
                  <PeriodHeader key={period.period} period={period.period} />
                ))}
                {score?.game ? (
                  <th scope="col" className="px-1.5 py-1 font-medium">
                    {t('Sportsbook.game_points')}
                  </th>
                ) : null}
                <th scope="col" className="px-1.5 py-1 font-medium">
                  {t('Sportsbook.total')}
                </th>
              </tr>
            </thead>
            <tbody className="text-ink-200">
              {sides.map(({ side, name }) => (
                <tr key={side}>
                  <th scope="row" className="truncate py-1 pr-2 text-left font-medium text-ink-300">
                    {name}
                    {score?.server === side ? (
                      <span className="sr-only"> ({t('Sportsbook.serving')})</span>
                    ) : null}
                  </th>
                  {periods.map((period) => (
                    <td key={period.period} className="px-1.5 py-1">
                      {period[side]}
                    </td>
                  ))}
                  {score?.game ? (
                    <td className="px-1.5 py-1 font-bold text-brand-300">{score.game[side]}</td>
                  ) : null}
                  <td className="px-1.5 py-1 font-bold text-gold-400">{score?.[side]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function ServeDot() {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('Sportsbook.serving')}
      title={t('Sportsbook.serving')}
      className="mx-1.5 inline-block size-2 rounded-full bg-gold-400 align-middle"
    />
  );
}
