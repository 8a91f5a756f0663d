import { englishOrdinal } from '@casino/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import type { MarketNaming } from '../markets';

/** Market and outcome names in the page's language (`Sportsbook.market.*`, `.outcome.*`). */
export function useMarketNaming(home: string, away: string): MarketNaming {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  return useMemo(() => {
    const english = locale === 'en';
    return {
      competitors: { home, away },
      template: (key: string) => {
        const fullKey = `Sportsbook.${key}`;
        return i18n.exists(fullKey) ? String(t(fullKey as never)) : undefined;
      },
      ordinal: english
        ? englishOrdinal
        : (value: string) => String(t('Sportsbook.ordinal', { value })),
    };
  }, [t, i18n, locale, home, away]);
}
