import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { OddsFormatChooser } from './odds-format-chooser';

/** The sportsbook pages' header: title, the odds format and the favourites. */
export function SportsbookHeader({
  title,
  subtitle,
  icon,
  back,
  favoritesPath,
}: {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  back?: { to: string; label: string };
  favoritesPath: string;
}) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      icon={icon}
      back={back}
      actions={
        <div className="flex items-center gap-2">
          <OddsFormatChooser />
          <Button variant="secondary" asChild>
            <Link to={favoritesPath} aria-label={t('Pages.sportsbook.favorites')}>
              <Star className="size-4 text-gold-400" aria-hidden="true" />
              <span className="max-sm:hidden">{t('Pages.sportsbook.favorites')}</span>
            </Link>
          </Button>
        </div>
      }
    />
  );
}
