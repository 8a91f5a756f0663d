import { ChevronLeft, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useTournament } from '@/features/tournaments/api/get-tournament';
import { TournamentDetailView } from '@/features/tournaments/components/tournament-detail';
import { TournamentList } from '@/features/tournaments/components/tournament-list';
import { isApiErrorWithDetail } from '@/lib/api-client';
import { useLocalizedPath } from '@/lib/use-locale';

/** `/tournaments`: every tournament the viewer may see. */
export function TournamentsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t('Pages.tournaments.title')}
        icon={<Trophy className="size-5" aria-hidden="true" />}
      />
      <TournamentList />
    </div>
  );
}

/** `/tournaments/{id}`: one tournament; a VIP-only one is not found for anyone but VIP players. */
export function TournamentPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { id = '' } = useParams();
  const tournament = useTournament(id);
  const back = { to: localized('/tournaments'), label: t('Pages.tournaments.to_all') };

  if (tournament.isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner className="size-8 text-ink-400" />
      </div>
    );
  }
  if (tournament.isError) {
    const missing = isApiErrorWithDetail(tournament.error, 'not_found');
    return (
      <EmptyState
        icon={Trophy}
        title={missing ? t('Pages.tournaments.not_found_title') : t('Pages.tournaments.title')}
        text={missing ? t('Pages.tournaments.not_found_text') : t('Tournaments.load_error')}
        className="py-20"
        action={
          <Button asChild>
            <Link to={back.to}>{back.label}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div>
      <Link
        to={back.to}
        className="mb-4 inline-flex w-fit items-center gap-1 text-xs font-semibold text-ink-300 transition-colors hover:text-ink-100"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      <TournamentDetailView tournament={tournament.data} />
    </div>
  );
}
