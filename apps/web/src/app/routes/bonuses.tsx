import { Gift, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/ui/empty-state';
import { useLocalizedPath } from '../../lib/use-locale';

export function BonusesPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t('Pages.bonuses.title')}
        icon={<Gift className="size-5" aria-hidden="true" />}
      />
      <EmptyState
        icon={Gift}
        title={t('Pages.bonuses.empty_title')}
        text={t('Pages.bonuses.empty_text')}
      />
    </div>
  );
}

export function BonusGamesPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div>
      <PageHeader
        title={t('Pages.bonuses.games_title')}
        icon={<Gift className="size-5" aria-hidden="true" />}
        back={{ to: localized('/bonuses'), label: t('Pages.bonuses.to_all') }}
      />
      <EmptyState
        icon={SearchX}
        title={t('Pages.bonuses.games_empty_title')}
        text={t('Pages.bonuses.games_empty_text')}
      />
    </div>
  );
}
