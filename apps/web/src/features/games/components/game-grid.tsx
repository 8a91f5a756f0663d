import type { GamesPage } from '@casino/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { gameGridColumns, gameGridPlaceholderCount, shownOfTotal, uniqueGames } from '../catalog';
import { GameGridEmpty, GameGridError } from './game-grid-state';
import { GameTileCard, GameTilePlaceholder } from './game-tile';

export type GamesListQuery = UseInfiniteQueryResult<InfiniteData<GamesPage>>;

/**
 * The rows of tiles a grid's first render draws (a phone's first screen shows three, a desktop's
 * two); the rest follow right after in a transition, so the page's first commit (on a phone, the
 * one that replaces the first paint the HTML drew) does not build a whole page of tiles at once.
 */
const firstRenderRows = 4;

/** False for a grid's first render, true from right after it (a transition React may slice). */
function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}

/**
 * Spec §2 game grid: 18 placeholders while loading, 3/6/7/9 columns by viewport width (or the
 * search modal's own count), 'Showing X of Y' with a show-more button that loads the next page,
 * and the empty and error answers.
 */
export function GameGrid({
  query,
  columns,
  empty,
  onNavigate,
}: {
  query: GamesListQuery;
  /** fixed column count (the search modal's 3/5); the catalog's 3/6/7/9 by default */
  columns?: number;
  /** what an empty list says instead of 'not found / try another filters' */
  empty?: ReactNode;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const viewportWidth = useViewportWidth();
  const columnCount = columns ?? gameGridColumns(viewportWidth);
  const gridStyle = { gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))` };
  const allRows = useAfterFirstRender();

  if (query.isPending) {
    return (
      <div className="grid gap-x-2.5 gap-y-4 sm:gap-x-3" style={gridStyle} aria-busy="true">
        {Array.from({ length: gameGridPlaceholderCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
          <GameTilePlaceholder key={index} />
        ))}
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <GameGridError
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('Shared.retry')}
          </Button>
        }
      />
    );
  }

  const pages = query.data.pages;
  const games = uniqueGames(pages);
  if (games.length === 0) return empty ?? <GameGridEmpty />;
  const { shown, total } = shownOfTotal(pages);
  const drawn = allRows ? games : games.slice(0, columnCount * firstRenderRows);

  return (
    <div className="flex flex-col gap-6">
      <div data-testid="game-grid" className="grid gap-x-2.5 gap-y-4 sm:gap-x-3" style={gridStyle}>
        {drawn.map((game, index) => (
          <GameTileCard
            key={game.id}
            game={game}
            onNavigate={onNavigate}
            priority={index < columnCount && columns === undefined}
          />
        ))}
      </div>
      <div className="mx-auto flex w-full max-w-xs flex-col items-center gap-3">
        <p className="text-xs font-medium text-ink-300" data-testid="games-shown">
          {t('Pages.games.showing', { shown, total })}
        </p>
        <div className="h-1 w-full overflow-hidden rounded-full bg-ink-750">
          <div
            className="h-full rounded-full bg-brand-500 transition-[width]"
            style={{ width: `${total === 0 ? 100 : Math.round((shown / total) * 100)}%` }}
          />
        </div>
        {query.isFetchNextPageError ? (
          <p className="text-center text-xs text-danger-400" role="alert">
            {t('Pages.games.error_text')}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            className="w-full"
            data-testid="show-more"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            {t('Pages.games.show_more')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
