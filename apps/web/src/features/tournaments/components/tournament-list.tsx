import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useTournaments } from '../api/get-tournaments';
import { TournamentCard } from './tournament-card';

const placeholders = Array.from({ length: 3 }, (_, index) => `placeholder-${index}`);

/** Every tournament the viewer may see: running first, then upcoming, then recently ended. */
export function TournamentList() {
  const { t } = useTranslation();
  const tournaments = useTournaments();

  if (tournaments.isPending) {
    return (
      <div
        className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-busy="true"
        data-testid="tournament-list-loading"
      >
        {placeholders.map((key) => (
          <div key={key} className="aspect-[4/3] animate-pulse rounded-2xl bg-ink-800" />
        ))}
      </div>
    );
  }
  if (tournaments.isError) {
    return (
      <EmptyState
        icon={Trophy}
        title={t('Pages.tournaments.title')}
        text={t('Tournaments.load_error')}
      />
    );
  }
  const items = tournaments.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Trophy}
        title={t('Pages.tournaments.empty_title')}
        text={t('Pages.tournaments.empty_text')}
      />
    );
  }
  return (
    <div
      data-testid="tournament-list"
      className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
    >
      {items.map((tournament) => (
        <TournamentCard key={tournament.id} tournament={tournament} />
      ))}
    </div>
  );
}
