import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useSignInPath } from '@/lib/use-sign-in-path';
import { useSetSportFavorite, useSportFavorites } from '../api/favorites';

/** The star of an event or a league: a player adds or removes it; a guest is asked to sign in. */
export function FavoriteStar({
  type,
  id,
  className,
}: {
  type: 'event' | 'league';
  id: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const signInPath = useSignInPath();
  const favorites = useSportFavorites();
  const setFavorite = useSetSportFavorite();
  const isFavorite =
    type === 'event'
      ? (favorites.data?.eventIds.includes(Number(id)) ?? false)
      : (favorites.data?.leagues.some((league) => league.id === id) ?? false);
  const label = isFavorite ? t('Sportsbook.favorite_remove') : t('Sportsbook.favorite_add');
  return (
    <button
      type="button"
      data-testid="favorite-star"
      aria-label={label}
      aria-pressed={signedIn ? isFavorite : undefined}
      title={label}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!signedIn) {
          void navigate(signInPath());
          return;
        }
        setFavorite.mutate({ type, id, favorite: !isFavorite });
      }}
      className={cn(
        'grid size-9 shrink-0 cursor-pointer place-items-center rounded-lg text-ink-400 transition-colors hover:bg-ink-750 hover:text-gold-400',
        isFavorite && 'text-gold-400',
        className,
      )}
    >
      <Star className={cn('size-4', isFavorite && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
