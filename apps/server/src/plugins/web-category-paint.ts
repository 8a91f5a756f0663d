import type { GamesPage } from '@casino/contract';
import { escapeHtml, type FirstPaint, firstPaintHtml, scriptHash } from './web-first-paint.ts';

/**
 * A game category's page on a phone, drawn by the HTML itself: the shell's header and tab bar
 * (empty), the page's header and toolbar (their boxes, without the texts, which are the app's to
 * write in the visitor's language) and the grid's first screen of tiles — pictures at their final
 * size and place, titles and studios — so the page's largest paint (a tile's picture) happens as
 * the HTML and the pictures arrive, not after the app's scripts, its page chunk and first render.
 * The app's first render replaces it (React empties `#root`) with the same tiles in the same
 * boxes: the markup copies the classes of `app-shell.tsx`, `header.tsx`, `bottom-tab-bar.tsx`,
 * `page-header.tsx`, `games-toolbar.tsx`, `game-grid.tsx` and `game-tile.tsx` (the web build's
 * Tailwind reads this file: `@source` in `index.css`).
 *
 * Phones only (from 768 px the sidebar, whose width the browser remembers, moves the grid and
 * the grid has more columns) and a guest's only: a player's tiles carry hearts and blocks by the
 * player's currency. The server leaves it out for a session cookie; the script after it removes
 * it before the first paint when the browser holds the app's token or a messenger launch. The
 * style hides the splash only while the paint is there.
 */

/** The category a player-app path shows the games of: `/en/categories/slots/games` → slots. */
export function categoryOfPath(path: string): string | null {
  const raw = /^\/[a-z]{2}\/categories\/([^/]+)\/games\/?$/.exec(path)?.[1];
  if (raw === undefined) return null;
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // what `GET /api/v2/games` accepts as a category
  return key.length >= 1 && key.length <= 100 ? key : null;
}

/** Tiles a phone's grid shows in a row (`gameGridColumns` below 768 px). */
export const phoneGridColumns = 3;

/**
 * The rows a phone's first screen shows (the third under the tab bar, in part). All of them, not
 * only the first: the tiles are one size, but their boxes fall on fractions of a pixel, so the
 * largest paint may be any of them by a few pixels; a tile the app drew later would then be the
 * page's largest paint instead of the HTML's.
 */
export const firstScreenRows = 3;

const categoryPaintGuardScript =
  'try{if(localStorage.getItem("auth_token")||sessionStorage.getItem("messenger_launch")||/tgWebApp/.test(location.hash+location.search))document.getElementById("category-paint").remove()}catch(e){}';

/** The guard's CSP source: an inline script the player app's page may run. */
export const categoryPaintGuardScriptHash = scriptHash(categoryPaintGuardScript);

/** A line of text the app writes (in the visitor's language): its box, without the text. */
const blankLine = '<span class="invisible">&nbsp;</span>';

/** `page-header.tsx` with its back link, icon, title and subtitle, as the category page has it. */
const pageHeader = [
  '<div class="mb-5 flex flex-col gap-3 md:mb-6">',
  `<span class="inline-flex w-fit items-center gap-1 text-xs font-semibold text-ink-300"><span class="size-4"></span>${blankLine}</span>`,
  '<div class="flex flex-wrap items-center justify-between gap-3"><div class="flex min-w-0 items-center gap-3">',
  '<span class="grid size-11 shrink-0 place-items-center rounded-xl bg-ink-750 text-brand-300 ring-1 ring-ink-600"></span>',
  `<div class="min-w-0"><div class="truncate text-2xl font-extrabold tracking-tight text-ink-100 md:text-3xl">${blankLine}</div><div class="mt-0.5 text-sm text-ink-300">${blankLine}</div></div>`,
  '</div></div></div>',
].join('');

/** `games-toolbar.tsx` with the category page's two fields (sort, provider): labels and boxes. */
const toolbarField = `<div class="flex min-w-0 flex-1 basis-40 flex-col gap-1 sm:max-w-56"><span class="text-[11px] font-semibold tracking-wide text-ink-400 uppercase">${blankLine}</span><span class="block h-10 w-full rounded-xl border border-ink-600 bg-ink-800"></span></div>`;
const toolbar = `<div class="mb-5 flex flex-wrap items-center gap-2.5">${toolbarField}${toolbarField}</div>`;

/**
 * `game-tile.tsx` of the first screen, without its label and heart. Below the first row the
 * app's picture box is skipped until near the screen (`content-visibility`): the same here, as
 * that containment moves the box's painted area by a fraction of a pixel (the largest paint's
 * size with it).
 */
function tile(game: GamesPage['items'][number], index: number): string {
  const contained =
    index >= phoneGridColumns
      ? ' [contain-intrinsic-size:auto_10rem] [content-visibility:auto]'
      : '';
  return [
    '<div class="group relative flex min-w-0 flex-col"><span class="flex min-w-0 flex-col rounded-xl">',
    `<span class="relative block aspect-3/4 overflow-hidden rounded-xl bg-ink-800 ring-1 ring-ink-700${contained}">`,
    `<img src="${escapeHtml(game.imageUrl)}" alt="" width="384" height="516" fetchpriority="high" decoding="async" class="size-full object-cover${game.blacklists.length > 0 ? ' opacity-40 grayscale' : ''}">`,
    '</span>',
    `<span class="mt-1.5 truncate text-xs font-semibold text-ink-100 sm:text-sm">${escapeHtml(game.title)}</span>`,
    `<span class="truncate text-[11px] text-ink-400 sm:text-xs">${escapeHtml(game.provider.name)}</span>`,
    '</span></div>',
  ].join('');
}

/**
 * A guest's category page on a phone from the first page of its games (a guest's answer of
 * `GET /api/v2/games?category=…`): `body` for `#root`, `head` the preloads of the first screen's
 * pictures for the top of the head; null when the category has no games (the app's empty state).
 */
export function categoryPaintHtml(games: GamesPage): FirstPaint | null {
  const firstScreen = games.items.slice(0, phoneGridColumns * firstScreenRows);
  if (firstScreen.length === 0) return null;
  return firstPaintHtml({
    id: 'category-paint',
    content: [
      '<div>',
      pageHeader,
      toolbar,
      `<div class="grid gap-x-2.5 gap-y-4 sm:gap-x-3" style="grid-template-columns:repeat(${phoneGridColumns},minmax(0,1fr))">`,
      firstScreen.map(tile).join(''),
      '</div></div>',
    ].join(''),
    guardScript: categoryPaintGuardScript,
    images: firstScreen.map((game) => game.imageUrl),
  });
}
