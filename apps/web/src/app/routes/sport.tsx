import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { SportIcon } from '@/features/sportsbook/components/sport-icon';
import { findSportBySlug } from '@/features/sportsbook/sports';
import { useLocalizedPath } from '@/lib/use-locale';
import { NotFoundPage } from './not-found';

export function SportPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { sportSlug } = useParams();
  const sport = findSportBySlug(sportSlug);
  if (!sport) return <NotFoundPage />;

  return (
    <div>
      <PageHeader
        title={t(`Pages.sportsbook.sport.${sport.key}`)}
        icon={<SportIcon sport={sport.key} className="size-5" />}
        back={{ to: localized('/sportsbook'), label: t('Pages.sportsbook.all_sports') }}
      />
      <EmptyState
        icon={CalendarClock}
        title={t('Pages.sportsbook.no_events_title')}
        text={t('Pages.sportsbook.no_events_text')}
      />
    </div>
  );
}
