import { Star, Volleyball } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SearchableSelect } from '@/components/select/searchable-select';
import { Button } from '@/components/ui/button';
import { SportIcon } from '@/features/sportsbook/components/sport-icon';
import { SportList } from '@/features/sportsbook/components/sport-list';
import { sportSlug, sports } from '@/features/sportsbook/sports';
import { useLocalizedPath } from '@/lib/use-locale';

export function SportsbookPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const options = useMemo(
    () =>
      sports.map((sport) => ({
        value: sportSlug(sport),
        label: t(`Pages.sportsbook.sport.${sport.key}`),
        icon: <SportIcon sport={sport.key} className="size-4 text-ink-300" />,
      })),
    [t],
  );

  return (
    <div>
      <PageHeader
        title={t('Pages.sportsbook.title')}
        subtitle={t('Pages.sportsbook.subtitle')}
        icon={<Volleyball className="size-5" aria-hidden="true" />}
        actions={
          <Button variant="secondary" asChild>
            <Link to={localized('/sportsbook/favorites')}>
              <Star className="size-4 text-gold-400" aria-hidden="true" />
              {t('Pages.sportsbook.favorites')}
            </Link>
          </Button>
        }
      />
      <div className="mb-6 max-w-sm">
        <SearchableSelect
          options={options}
          value={null}
          onChange={(slug) => void navigate(localized(`/sportsbook/${slug}`))}
          placeholder={t('Pages.sportsbook.all_sports')}
        />
      </div>
      <SportList basePath={localized('/sportsbook')} />
    </div>
  );
}
