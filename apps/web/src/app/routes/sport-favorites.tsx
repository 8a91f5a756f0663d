import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { useLocalizedPath } from '@/lib/use-locale';

export function SportFavoritesPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div>
      <PageHeader
        title={t('Pages.sportsbook.favorites_title')}
        icon={<Star className="size-5" aria-hidden="true" />}
        back={{ to: localized('/sportsbook'), label: t('Pages.sportsbook.all_sports') }}
      />
      <EmptyState
        icon={Star}
        title={t('Pages.sportsbook.favorites_empty_title')}
        text={t('Pages.sportsbook.favorites_empty_text')}
      />
    </div>
  );
}
