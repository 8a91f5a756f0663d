import { Gift, SearchX, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useBonusGames } from '@/features/bonuses/api/get-bonus-games';
import { useUserBonuses } from '@/features/bonuses/api/get-user-bonuses';
import { LoyaltySettings } from '@/features/bonuses/components/loyalty-settings';
import { UserBonusList } from '@/features/bonuses/components/user-bonus-list';
import { useBonusDrawer } from '@/features/bonuses/hooks/use-bonus-drawer';
import { GameGrid } from '@/features/games/components/game-grid';
import { useLocalizedPath } from '@/lib/use-locale';
import { AppPromoCodeCard } from '../layout/app-wheel-promo';

function OffersButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const drawer = useBonusDrawer();
  return (
    <Button onClick={drawer.open} data-testid={testId}>
      <Sparkles className="size-4" aria-hidden="true" />
      {t('Bonuses.offers_button')}
    </Button>
  );
}

/** `/bonuses` (signed in): the player's bonuses, current first, the settings, the offers drawer. */
export function BonusesPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t('Pages.bonuses.title')}
        icon={<Gift className="size-5" aria-hidden="true" />}
        actions={<OffersButton testId="bonuses-open-drawer" />}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_320px]">
        <UserBonusList emptyAction={<OffersButton testId="bonuses-empty-open-drawer" />} />
        <aside className="flex flex-col gap-4 xl:sticky xl:top-24 xl:self-start">
          <AppPromoCodeCard />
          <LoyaltySettings />
        </aside>
      </div>
    </div>
  );
}

/** `/bonuses/{id}/games`: the games the bonus is wagered on, in the catalog's grid. */
export function BonusGamesPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { id = '' } = useParams();
  const games = useBonusGames(id);
  const bonus = useUserBonuses().data?.items.find((candidate) => candidate.id === id);
  return (
    <div>
      <PageHeader
        title={bonus?.title ?? t('Pages.bonuses.games_title')}
        subtitle={bonus ? t('Pages.bonuses.games_title') : undefined}
        icon={<Gift className="size-5" aria-hidden="true" />}
        back={{ to: localized('/bonuses'), label: t('Pages.bonuses.to_all') }}
      />
      <GameGrid
        query={games}
        empty={
          <EmptyState
            icon={SearchX}
            title={t('Pages.bonuses.games_empty_title')}
            text={t('Pages.bonuses.games_empty_text')}
          />
        }
      />
    </div>
  );
}
