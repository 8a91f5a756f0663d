import type { GameLabel, GameTile } from '@casino/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useLanguageT } from '@/lib/i18n';
import { useLocalizedPath } from '@/lib/use-locale';
import { useSignInPath } from '@/lib/use-sign-in-path';
import { FavoriteToggle } from './favorite-toggle';

const labelClassName: Record<GameLabel, string> = {
  exclusive: 'bg-gold-400 text-ink-950',
  // brand-600, not 500: white 9 px text needs the 4.5:1 contrast
  early_access: 'bg-brand-600 text-white',
};

/**
 * Spec §3 game tile: 3:4 art (384×516), title, provider, the heart, an Exclusive or Early Access
 * label, and, when a blacklist blocks it for this player, a dimmed picture with the reason. A
 * guest's click opens the sign-in step, which then leads to the game. Memoised: a lobby holds
 * hundreds, and a row re-rendering (its query refetched, the viewer signed in) keeps the tiles
 * whose game did not change (the query cache shares unchanged objects).
 */
export const GameTileCard = memo(function GameTileCard({
  game,
  onNavigate,
  className,
  priority = false,
}: {
  game: GameTile;
  /**
   * a tile of the first screen's first row: its picture is fetched at once and first (often the
   * page's largest paint), not lazily once laid out
   */
  priority?: boolean;
  /** e.g. the search modal closes itself when a tile is opened */
  onNavigate?: () => void;
  className?: string;
}) {
  const t = useLanguageT();
  const localized = useLocalizedPath();
  const signedIn = useIsSignedIn();
  const signInPath = useSignInPath();
  const gamePath = localized(`/games/${encodeURIComponent(game.id)}`);
  const blockReason = game.blacklists[0];

  return (
    <div
      data-testid="game-tile"
      data-game-id={game.id}
      className={cn('group relative flex min-w-0 flex-col', className)}
    >
      <Link
        to={signedIn ? gamePath : signInPath(gamePath)}
        onClick={onNavigate}
        className="flex min-w-0 flex-col rounded-xl"
      >
        {/* below the first row the picture box is skipped until near the screen
            (`content-visibility`): its lazy picture is then not fetched either, where the
            browser's own lazy-loading distance would fetch a whole page of tiles, each an SVG
            document the browser builds, lays out and paints on its main thread */}
        <span
          className={cn(
            'relative block aspect-3/4 overflow-hidden rounded-xl bg-ink-800 ring-1 ring-ink-700 transition group-hover:ring-brand-500/60',
            !priority && '[contain-intrinsic-size:auto_10rem] [content-visibility:auto]',
          )}
        >
          <img
            src={game.imageUrl}
            alt=""
            width={384}
            height={516}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className={cn(
              'size-full object-cover transition-transform duration-300 group-hover:scale-[1.04]',
              blockReason && 'opacity-40 grayscale',
            )}
          />
          {game.labelType ? (
            <span
              className={cn(
                'absolute top-1.5 left-1.5 max-w-[calc(100%-2.75rem)] truncate rounded-md px-1.5 py-0.5 text-[9px] font-bold tracking-wide whitespace-nowrap uppercase shadow sm:top-2 sm:left-2 sm:text-[10px]',
                labelClassName[game.labelType],
              )}
            >
              {t(`Pages.games.label.${game.labelType}`)}
            </span>
          ) : null}
          {blockReason ? (
            <span className="absolute inset-x-1.5 bottom-1.5 rounded-lg bg-ink-950/80 px-2 py-1 text-center text-[11px] leading-tight font-semibold text-ink-100">
              {t('Pages.games.not_available', {
                reason: t(`Pages.games.block_reason.${blockReason}`),
              })}
            </span>
          ) : null}
        </span>
        <span
          data-testid="game-tile-title"
          className="mt-1.5 truncate text-xs font-semibold text-ink-100 sm:text-sm"
        >
          {game.title}
        </span>
        <span className="truncate text-[11px] text-ink-400 sm:text-xs">{game.provider.name}</span>
      </Link>
      <FavoriteToggle
        gameId={game.id}
        isFavorite={game.isFavorite}
        className="absolute top-1 right-1 size-7 sm:top-1.5 sm:right-1.5 sm:size-8"
      />
    </div>
  );
});

/** A tile-shaped shimmer while the list loads. */
export function GameTilePlaceholder({ className }: { className?: string }) {
  return (
    <div data-testid="game-grid-placeholder" className={cn('flex flex-col', className)}>
      <span className="block aspect-3/4 animate-pulse rounded-xl bg-ink-800" />
      <span className="mt-2 h-3 w-3/4 animate-pulse rounded bg-ink-800" />
      <span className="mt-1.5 h-2.5 w-1/2 animate-pulse rounded bg-ink-800" />
    </div>
  );
}
