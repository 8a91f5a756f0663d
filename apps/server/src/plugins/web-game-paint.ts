import type { GameTile } from '@casino/contract';
import { escapeHtml, type FirstPaint, firstPaintHtml, scriptHash } from './web-first-paint.ts';

/**
 * A game's page on a phone, drawn by the HTML itself for a signed-in player: the shell's header
 * and tab bar (empty: a player's balance and avatar are the app's to draw) and the page's head —
 * the game's title and provider — above the game's box showing its art while the game loads. The
 * page's largest paint (the art) then happens as the HTML and the picture arrive, not after the
 * page's lazily loaded chunk, the session answer and the game's first render. The app keeps it on
 * screen until the page's chunk is in (`main.tsx`) and its first render replaces it with the same
 * head and the same box (`routes/game.tsx`, from the same tile, which the boot data brings). The
 * markup copies the classes of `app-shell.tsx`, `header.tsx`, `bottom-tab-bar.tsx`,
 * `page-header.tsx` and `routes/game.tsx` (the web build's Tailwind reads this file: `@source` in
 * `index.css`).
 *
 * Only what is the same for every player is drawn: the back link's and the favourite's room is
 * kept empty. From 768 px (the sidebar, whose width the browser remembers) the build's splash
 * shows instead, and so it does for a guest (the page sends a guest to the sign-in step): the
 * script after the paint removes it before the first paint when the browser holds no session
 * token, and the style hides the splash only while the paint is there.
 */

/**
 * Removes the paint when the browser holds no player's token (the app's "signed in": its
 * `auth_token` in localStorage); storage that cannot be read is a guest's too.
 */
const gamePaintGuardScript =
  'try{if(!localStorage.getItem("auth_token"))throw 0}catch(e){document.getElementById("game-paint").remove()}';

/** The guard's CSP source (`security-headers.ts`). */
export const gamePaintGuardScriptHash = scriptHash(gamePaintGuardScript);

/**
 * The game's box while its session is on its way (`routes/game.tsx`'s `GameLoading`): the art,
 * whole, over the box's background, with the spinner above it.
 */
export function gameLoadingBoxHtml(imageUrl: string): string {
  return [
    '<div class="relative grid aspect-video max-h-[calc(100dvh-12rem)] w-full place-items-center overflow-hidden rounded-2xl border border-ink-700 bg-ink-850 text-brand-300">',
    `<img src="${escapeHtml(imageUrl)}" alt="" draggable="false" fetchpriority="high" class="absolute inset-0 size-full object-contain opacity-70">`,
    // on a dark disc, legible over any art
    '<span class="relative grid size-14 place-items-center rounded-full bg-ink-950/70"><span aria-hidden="true" class="inline-block size-8 animate-spin rounded-full border-2 border-current border-r-transparent"></span></span>',
    '</div>',
  ].join('');
}

/**
 * A game's page as a player's phone shows it while the game loads (`body`, for `#root`), and the
 * preload of its art (`head`, for the top of the page's head). Every text is escaped.
 */
export function gamePaintHtml(tile: Pick<GameTile, 'title' | 'imageUrl' | 'provider'>): FirstPaint {
  const pageHead = [
    '<div class="mb-5 flex flex-col gap-3 md:mb-6">',
    // the back link's room (its text is the app's): an icon's height
    '<span class="invisible inline-flex h-4 w-fit items-center gap-1 text-xs font-semibold"></span>',
    '<div class="flex flex-wrap items-center justify-between gap-3"><div class="flex min-w-0 items-center gap-3"><div class="min-w-0">',
    `<h1 class="truncate text-2xl font-extrabold tracking-tight text-ink-100 md:text-3xl">${escapeHtml(tile.title)}</h1>`,
    `<p class="mt-0.5 text-sm text-ink-300">${escapeHtml(tile.provider.name)}</p>`,
    '</div></div>',
    // the favourite's room (a player's own)
    '<span class="invisible size-10"></span>',
    '</div></div>',
  ].join('');
  return firstPaintHtml({
    id: 'game-paint',
    content: `<div>${pageHead}${gameLoadingBoxHtml(tile.imageUrl)}</div>`,
    guardScript: gamePaintGuardScript,
    images: [tile.imageUrl],
  });
}
