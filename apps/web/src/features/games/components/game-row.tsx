import type { GameTile, NavigationCategory } from '@casino/contract';
import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import {
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { useLocalizedPath } from '@/lib/use-locale';
import { homeRowStaleTimeMs, useGames } from '../api/get-games';
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

/** The tiles a strip renders with its row: one screen of them and one peeking at its edge. */
function firstStripTiles(columns: number): number {
  return columns + 1;
}

/**
 * How many tiles a strip scrolled to `scrollLeft` (of `clientWidth` pixels; 0 and 0 before it
 * is laid out) keeps rendered: every tile up to the end of the screen it shows, the next screen
 * and one more. A tile and its gap are a column of the strip: its width plus one gap, over the
 * columns.
 */
export function stripTilesAhead(columns: number, scrollLeft: number, clientWidth: number): number {
  const stride = (clientWidth + rowGapPx) / columns;
  const shownEnd = clientWidth > 0 ? Math.ceil((Math.abs(scrollLeft) + clientWidth) / stride) : 0;
  return Math.max(shownEnd, columns) + columns + 1;
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
  // The strip renders the tiles it shows (and one more, peeking at its edge) with the row, then,
  // in a transition, the next screen of them, and more as it is scrolled (or its "next" button
  // pressed), always a screen ahead: a lobby of a dozen rows of 30 games mounts a few tiles a row
  // instead of all of them (each one's render, commit, style and layout on a phone's first load),
  // and a tile the strip can scroll to is already there. Focus moving to the last rendered tile
  // scrolls it into view, which renders the next ones.
  const [rendered, setRendered] = useState(() => firstStripTiles(columns));
  const renderedNow = useRef(rendered);
  renderedNow.current = rendered;
  const renderAhead = (scrollLeft: number, clientWidth: number, transition = false) => {
    const wanted = stripTilesAhead(columns, scrollLeft, clientWidth);
    if (wanted <= renderedNow.current) return;
    renderedNow.current = wanted;
    if (transition) startTransition(() => setRendered(wanted));
    else setRendered(wanted);
  };
  const hasGames = games.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once games are in, and at a new column count
  useEffect(() => {
    if (hasGames) renderAhead(0, 0, true);
  }, [hasGames, columns]);
  const shown = games.slice(0, Math.max(rendered, firstStripTiles(columns)));
  const scroll = (direction: 1 | -1) => {
    const element = strip.current;
    if (!element) return;
    // the screen it moves to is rendered before the smooth scroll starts
    if (direction === 1) renderAhead(element.scrollLeft + element.clientWidth, element.clientWidth);
    element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
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
        onScroll={(event) =>
          renderAhead(event.currentTarget.scrollLeft, event.currentTarget.clientWidth)
        }
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

/*
 * A query's answer renders synchronously (a query's update is never a transition): with a dozen
 * rows answering one after another on a phone's first load, each answer's render was one long
 * task. The rows render their tiles from a deferred copy of the answer instead: the answer's own
 * render changes nothing (the placeholders stay), and the tiles come in a render React slices.
 */

/**
 * One home row per navigation category: the first page of its games (the same cache entry its
 * page starts from) and a link to the whole list. A category without games shows no row.
 */
export function CategoryRow({ category }: { category: NavigationCategory }) {
  const localized = useLocalizedPath();
  const query = useGames(navigationCategoryFilter(category), { staleTime: homeRowStaleTimeMs });
  const Icon = categoryIcon(category.icon);
  const data = useDeferredValue(query.data);
  const games = useMemo(() => (data ? uniqueGames(data.pages) : []), [data]);
  if (query.isError || (data && games.length === 0)) return null;
  return (
    <GameRow
      testId="category-row"
      title={category.title}
      icon={<Icon className="size-4" aria-hidden="true" />}
      seeAll={{
        to: localized(navigationCategoryPath(category)),
        total: data?.pages.at(-1)?.meta.total ?? 0,
      }}
      games={games}
      loading={data === undefined}
    />
  );
}

/** Signed-in players' last played games (`GET /api/v2/games/last`); nothing until they play. */
export function LastPlayedRow() {
  const { t } = useTranslation();
  const query = useLastGames();
  const games = useDeferredValue(query.data)?.items ?? [];
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
