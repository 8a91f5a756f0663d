import { englishOrdinal } from '@casino/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketNaming } from '../markets';

/** Market and outcome names in the page's language (`Sportsbook.market.*`, `.outcome.*`). */
export function useMarketNaming(home: string, away: string): MarketNaming {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const english = i18n.resolvedLanguage === 'en';
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
  }, [t, i18n, home, away]);
}
