import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useLanguageT } from '@/lib/i18n';
import { useSignInPath } from '@/lib/use-sign-in-path';
import { useSetFavorite } from '../api/toggle-favorite';

/**
 * The heart: a player adds or removes the game; a guest is sent to the sign-in step. A plain
 * translucent disc, no backdrop blur: the lobby shows hundreds, and each blurred backdrop is a
 * layer the phone composites and repaints.
 */
export function FavoriteToggle({
  gameId,
  isFavorite,
  className,
}: {
  gameId: string;
  isFavorite: boolean;
  className?: string;
}) {
  const t = useLanguageT();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const signInPath = useSignInPath();
  const setFavorite = useSetFavorite();
  const label = isFavorite ? t('Pages.games.favorite_remove') : t('Pages.games.favorite_add');

  return (
    <button
      type="button"
      data-testid="favorite-toggle"
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
        setFavorite.mutate({ gameId, isFavorite: !isFavorite });
      }}
      className={cn(
        'grid size-8 cursor-pointer place-items-center rounded-full bg-ink-950/70 text-ink-100 transition-colors hover:bg-ink-950/80',
        isFavorite && 'text-danger-400',
        className,
      )}
    >
      <Heart className={cn('size-4', isFavorite && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
