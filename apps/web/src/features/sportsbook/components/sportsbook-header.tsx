import { Receipt, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-locale';
import { OddsFormatChooser } from './odds-format-chooser';

/** The sportsbook pages' header: title, the odds format and the favourites. */
export function SportsbookHeader({
  title,
  subtitle,
  icon,
  back,
  favoritesPath,
  showMyBets = true,
}: {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  back?: { to: string; label: string };
  favoritesPath: string;
  /** My bets links to itself there: left out */
  showMyBets?: boolean;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      icon={icon}
      back={back}
      actions={
        // wraps on a narrow phone (the formats' names are long in some languages)
        <div className="flex max-w-full flex-wrap items-center gap-2">
          <OddsFormatChooser />
          {showMyBets ? (
            <Button variant="secondary" asChild>
              <Link to={localized('/sportsbook/my-bets')} aria-label={t('BetSlip.my_bets')}>
                <Receipt className="size-4 text-brand-300" aria-hidden="true" />
                <span className="max-sm:hidden">{t('BetSlip.my_bets')}</span>
              </Link>
            </Button>
          ) : null}
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
