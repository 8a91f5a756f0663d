import { Gamepad2, Heart, Layers, LayoutGrid, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { GameGridEmpty } from '../../features/games/components/game-grid-state';
import { useLocalizedPath } from '../../lib/use-locale';

function useBackToCasino() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return { to: localized('/'), label: t('Shared.back_to_casino') };
}

export function GameFavoritesPage() {
  const { t } = useTranslation();
  const back = useBackToCasino();
  return (
    <div>
      <PageHeader
        title={t('Pages.games.favorites_title')}
        icon={<Heart className="size-5" aria-hidden="true" />}
        back={back}
      />
      <EmptyState
        icon={Heart}
        title={t('Pages.games.favorites_empty_title')}
        text={t('Pages.games.favorites_empty_text')}
      />
    </div>
  );
}

export function GamePage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div>
      <EmptyState
        icon={Gamepad2}
        title={t('Pages.games.game_not_found_title')}
        text={t('Pages.games.game_not_found_text')}
        className="py-20"
        action={
          <Button asChild>
            <Link to={localized('/')}>{t('Shared.back_to_casino')}</Link>
          </Button>
        }
      />
    </div>
  );
}

/** A scoped list of games (category, provider, promo collection): its grid, empty until published. */
function ScopedGamesPage({
  title,
  subtitle,
  icon,
}: {
  title: string;
  subtitle?: string | undefined;
  icon: ReactNode;
}) {
  const back = useBackToCasino();
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} icon={icon} back={back} />
      <GameGridEmpty />
    </div>
  );
}

export function CategoryGamesPage() {
  const { t } = useTranslation();
  const { key } = useParams();
  return (
    <ScopedGamesPage
      title={t('Pages.games.category_title')}
      subtitle={key}
      icon={<LayoutGrid className="size-5" aria-hidden="true" />}
    />
  );
}

export function ProviderGamesPage() {
  const { t } = useTranslation();
  const { providerId } = useParams();
  return (
    <ScopedGamesPage
      title={t('Pages.games.provider_title')}
      subtitle={providerId}
      icon={<Layers className="size-5" aria-hidden="true" />}
    />
  );
}

export function PromoCategoryGamesPage() {
  const { t } = useTranslation();
  return (
    <ScopedGamesPage
      title={t('Pages.games.collection_title')}
      icon={<Sparkles className="size-5" aria-hidden="true" />}
    />
  );
}
