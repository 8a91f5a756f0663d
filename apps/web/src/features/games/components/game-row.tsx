import type { GameTile, NavigationCategory } from '@casino/contract';
import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { useLocalizedPath } from '@/lib/use-locale';
import { useGames } from '../api/get-games';
import { useLastGames } from '../api/get-last-games';
import {
  gameGridColumns,
  navigationCategoryFilter,
  navigationCategoryPath,
  uniqueGames,
} from '../catalog';
import { categoryIcon } from './category-icon';
import { GameTileCard, GameTilePlaceholder } from './game-tile';

const rowGapPx = 12;

/**
 * About how tall a strip is (3:4 art, then a title and a provider line) before the browser lays
 * it out: rows below the screen are skipped until they come near (`below-fold`).
 */
function stripHeightGuess(viewportWidth: number, columns: number): string {
  return `${Math.round((viewportWidth / columns) * (516 / 384) + 44)}px`;
}

/**
 * A horizontal strip of tiles under a heading with a "see all" link. Tiles are as wide as one
 * column of the grid at this viewport width, so a row and its page look alike.
 */
function GameRow({
  title,
  icon,
  seeAll,
  games,
  loading,
  testId,
}: {
  title: string;
  icon: ReactNode;
  seeAll?: { to: string; total: number } | undefined;
  games: readonly GameTile[];
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const viewportWidth = useViewportWidth();
  const columns = gameGridColumns(viewportWidth);
  const tileWidth = `calc((100% - ${(columns - 1) * rowGapPx}px) / ${columns})`;
  // The tiles the strip shows first (and one more, peeking at its edge) render with the row; the
  // rest, behind the edge until scrolled, right after, in a transition: the phone's first screen
  // does not wait for a lobby's hundreds of tiles, and no single task renders them all.
  const [allTiles, setAllTiles] = useState(false);
  const hasGames = games.length > 0;
  useEffect(() => {
    if (hasGames) startTransition(() => setAllTiles(true));
  }, [hasGames]);
  const shown = allTiles ? games : games.slice(0, columns + 1);
  const scroll = (direction: 1 | -1) => {
    const element = strip.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };

  return (
    <section data-testid={testId} aria-label={title} className="min-w-0">
      <div className="mb-3 flex items-center gap-2">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-ink-750 text-brand-300 ring-1 ring-ink-600">
          {icon}
        </span>
        <h2 className="min-w-0 truncate text-lg font-bold text-ink-100">{title}</h2>
        <div className="ml-auto flex items-center gap-1.5">
          {seeAll ? (
            <Link
              to={seeAll.to}
              data-testid="see-all"
              className="rounded-lg px-2.5 py-1.5 text-xs font-semibold text-ink-200 ring-1 ring-ink-700 transition-colors hover:bg-ink-750 hover:text-ink-100"
            >
              {t('Pages.games.see_all')}
              {seeAll.total > 0 ? <span className="ml-1 text-ink-400">{seeAll.total}</span> : null}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => scroll(-1)}
            aria-label={t('Pages.games.scroll_left')}
            className="hidden size-8 cursor-pointer place-items-center rounded-lg text-ink-300 ring-1 ring-ink-700 transition-colors hover:bg-ink-750 hover:text-ink-100 md:grid"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            aria-label={t('Pages.games.scroll_right')}
            className="hidden size-8 cursor-pointer place-items-center rounded-lg text-ink-300 ring-1 ring-ink-700 transition-colors hover:bg-ink-750 hover:text-ink-100 md:grid"
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div
        ref={strip}
        className="below-fold flex snap-x snap-mandatory overflow-x-auto scroll-smooth pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        style={{
          gap: rowGapPx,
          ['--below-fold-height' as string]: stripHeightGuess(viewportWidth, columns),
        }}
      >
        {loading
          ? Array.from({ length: columns }, (_, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
                key={index}
                className="shrink-0 snap-start"
                style={{ width: tileWidth }}
              >
                <GameTilePlaceholder />
              </div>
            ))
          : shown.map((game) => (
              <div key={game.id} className="shrink-0 snap-start" style={{ width: tileWidth }}>
                <GameTileCard game={game} />
              </div>
            ))}
      </div>
    </section>
  );
}

/**
 * One home row per navigation category: the first page of its games (the same cache entry its
 * page starts from) and a link to the whole list. A category without games shows no row.
 */
export function CategoryRow({ category }: { category: NavigationCategory }) {
  const localized = useLocalizedPath();
  const query = useGames(navigationCategoryFilter(category));
  const Icon = categoryIcon(category.icon);
  const games = query.data ? uniqueGames(query.data.pages) : [];
  if (query.isError || (query.isSuccess && games.length === 0)) return null;
  return (
    <GameRow
      testId="category-row"
      title={category.title}
      icon={<Icon className="size-4" aria-hidden="true" />}
      seeAll={{
        to: localized(navigationCategoryPath(category)),
        total: query.data?.pages.at(-1)?.meta.total ?? 0,
      }}
      games={games}
      loading={query.isPending}
    />
  );
}

/** Signed-in players' last played games (`GET /api/v2/games/last`); nothing until they play. */
export function LastPlayedRow() {
  const { t } = useTranslation();
  const query = useLastGames();
  const games = query.data?.items ?? [];
  if (!query.isSuccess || games.length === 0) return null;
  return (
    <GameRow
      testId="last-played-row"
      title={t('Pages.games.last_played')}
      icon={<History className="size-4" aria-hidden="true" />}
      games={games}
      loading={false}
    />
  );
}
