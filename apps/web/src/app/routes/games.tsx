import { Heart, Layers, LayoutGrid, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { useFavoriteGames } from '@/features/games/api/get-favorite-games';
import { useGames } from '@/features/games/api/get-games';
import { useNavigationCategories } from '@/features/games/api/get-navigation-categories';
import { usePromoCategories } from '@/features/games/api/get-promo-categories';
import { useProviders } from '@/features/games/api/get-providers';
import type { GamesFilter } from '@/features/games/catalog';
import { categoryIcon } from '@/features/games/components/category-icon';
import { GameGrid } from '@/features/games/components/game-grid';
import { GameGridEmpty } from '@/features/games/components/game-grid-state';
import { GamesToolbar } from '@/features/games/components/games-toolbar';
import { useCatalogParams } from '@/features/games/hooks/use-catalog-params';
import { useLocalizedPath } from '@/lib/use-locale';

function useBackToCasino() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return { to: localized('/'), label: t('Shared.back_to_casino') };
}

/** `/games/favorites` (signed in): the player's hearts, server data, so they survive a reload. */
export function GameFavoritesPage() {
  const { t } = useTranslation();
  const back = useBackToCasino();
  const favorites = useFavoriteGames();
  return (
    <div>
      <PageHeader
        title={t('Pages.games.favorites_title')}
        icon={<Heart className="size-5" aria-hidden="true" />}
        back={back}
      />
      <GameGrid
        query={favorites}
        empty={
          <EmptyState
            icon={Heart}
            title={t('Pages.games.favorites_empty_title')}
            text={t('Pages.games.favorites_empty_text')}
          />
        }
      />
    </div>
  );
}

/**
 * A scoped list of games (category, provider, promo collection): sort and the other entity
 * filters above the grid, all kept in the address.
 */
function ScopedGamesPage({
  title,
  subtitle,
  icon,
  scope,
  filters,
}: {
  title: string;
  subtitle?: string | undefined;
  icon: ReactNode;
  scope: GamesFilter;
  filters: readonly ('category' | 'provider')[];
}) {
  const back = useBackToCasino();
  const { params, update } = useCatalogParams();
  const games = useGames({
    category: filters.includes('category') ? params.category : undefined,
    provider: filters.includes('provider') ? params.provider : undefined,
    ...scope,
    sort: params.sort,
  });
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} icon={icon} back={back} />
      <GamesToolbar params={params} onChange={update} filters={filters} />
      <GameGrid query={games} />
    </div>
  );
}

function useGamesCount(count: number | undefined): string | undefined {
  const { t } = useTranslation();
  return count === undefined ? undefined : t('Pages.games.games_count', { count });
}

export function CategoryGamesPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const categories = useNavigationCategories();
  const category = categories.data?.find(
    (candidate) => candidate.entity === 'category' && candidate.value === key,
  );
  const Icon = category ? categoryIcon(category.icon) : LayoutGrid;
  return (
    <ScopedGamesPage
      key={key}
      title={category?.title ?? t('Pages.games.category_title')}
      subtitle={category ? t('Pages.games.category_title') : key}
      icon={<Icon className="size-5" aria-hidden="true" />}
      scope={{ category: key }}
      filters={['provider']}
    />
  );
}

export function ProviderGamesPage() {
  const { t } = useTranslation();
  const { providerId = '' } = useParams();
  const providers = useProviders();
  const provider = providers.data?.find((candidate) => candidate.id === providerId);
  const count = useGamesCount(provider?.gamesCount);
  return (
    <ScopedGamesPage
      key={providerId}
      title={provider?.name ?? t('Pages.games.provider_title')}
      subtitle={count ?? providerId}
      icon={<Layers className="size-5" aria-hidden="true" />}
      scope={{ provider: providerId }}
      filters={['category']}
    />
  );
}

export function PromoCategoryGamesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const promoCategoryId = Number(id);
  const validId = Number.isInteger(promoCategoryId) && promoCategoryId > 0;
  const promoCategories = usePromoCategories();
  const promoCategory = promoCategories.data?.find((candidate) => candidate.id === promoCategoryId);
  const count = useGamesCount(promoCategory?.gamesCount);
  const back = useBackToCasino();
  if (!validId) {
    return (
      <div>
        <PageHeader title={t('Pages.games.collection_title')} back={back} />
        <GameGridEmpty />
      </div>
    );
  }
  return (
    <ScopedGamesPage
      key={id}
      title={promoCategory?.title ?? t('Pages.games.collection_title')}
      subtitle={count}
      icon={<Sparkles className="size-5" aria-hidden="true" />}
      scope={{ promoCategory: promoCategoryId }}
      filters={['category', 'provider']}
    />
  );
}
