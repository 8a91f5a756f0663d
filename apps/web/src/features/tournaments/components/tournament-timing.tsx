import type { Tournament, TournamentStatus } from '@casino/contract';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Countdown } from '@/components/countdown';

/** Counts down to the start or the end; after the end, the date it ended. */
export function TournamentTiming({
  tournament,
  status,
  onBoundary,
  className,
}: {
  tournament: Pick<Tournament, 'startsAt' | 'endsAt'>;
  status: TournamentStatus;
  /** the countdown reached the start or the end */
  onBoundary: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  if (status === 'upcoming' || status === 'running') {
    const upcoming = status === 'upcoming';
    return (
      <div data-testid="tournament-countdown" className={className}>
        <p className="mb-1.5 text-[11px] font-semibold tracking-wide text-ink-300 uppercase">
          {upcoming ? t('Tournaments.starts_in') : t('Tournaments.ends_in')}
        </p>
        <Countdown
          target={new Date(upcoming ? tournament.startsAt : tournament.endsAt)}
          onComplete={onBoundary}
          className="[&>span]:min-w-10 [&>span]:py-1"
        />
      </div>
    );
  }
  return (
    <p data-testid="tournament-countdown" className={className}>
      <span className="text-sm text-ink-300">
        {t('Tournaments.ended_on', {
          date: format(new Date(tournament.endsAt), 'dd.MM.yyyy HH:mm'),
        })}
      </span>
    </p>
  );
}
