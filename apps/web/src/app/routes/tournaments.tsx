import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useLocalizedPath } from '../../lib/use-locale';

export function TournamentsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t('Pages.tournaments.title')}
        icon={<Trophy className="size-5" aria-hidden="true" />}
      />
      <EmptyState
        icon={Trophy}
        title={t('Pages.tournaments.empty_title')}
        text={t('Pages.tournaments.empty_text')}
      />
    </div>
  );
}

export function TournamentPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <EmptyState
      icon={Trophy}
      title={t('Pages.tournaments.not_found_title')}
      text={t('Pages.tournaments.not_found_text')}
      className="py-20"
      action={
        <Button asChild>
          <Link to={localized('/tournaments')}>{t('Pages.tournaments.to_all')}</Link>
        </Button>
      }
    />
  );
}
