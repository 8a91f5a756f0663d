import { createHash } from 'node:crypto';

/**
 * The frame every page the server draws in the HTML shares (a guest's home hero,
 * `web-guest-hero.ts`; a category's first screen, `web-category-paint.ts`; a player's game page,
 * `web-game-paint.ts`): the shell's header with the logo's mark and its tab bar, both empty, as
 * `app-shell.tsx`, `header.tsx` and `bottom-tab-bar.tsx` draw them on a phone, around the page's
 * own content; a style that shows it on phones only and hides the splash while it is there; the
 * guard script that removes it before the first paint when it is not this browser's page; and the
 * preloads of its pictures, for the top of the head. The app's first render replaces it (React
 * empties `#root`) with the same boxes. The web build's Tailwind reads these files (`@source` in
 * `index.css`).
 *
 * Not from 768 px: the sidebar's width is the browser's to remember, so the splash shows there.
 */

/** What a first paint puts in the page: `head` at the top of its head, `body` in `#root`. */
export interface FirstPaint {
  head: string;
  body: string;
}

/** Text for HTML: `&`, `<`, `>`, `"` and `'` escaped (content and quoted attribute values). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** An inline script's CSP source (`security-headers.ts` allows each guard by it). */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The logo's mark (`components/logo.tsx`, compact as the header shows it on phones). */
const logoMark =
  '<span class="inline-flex items-center gap-2"><svg viewBox="0 0 64 64" class="size-9" aria-hidden="true"><defs><linearGradient id="paint-coin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient><linearGradient id="paint-ring" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c4b5fd"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs><circle cx="32" cy="32" r="14" fill="url(#paint-coin)"/><path d="M32 23.5l2.5 5.3 5.7.7-4.2 3.9 1.1 5.7L32 36.3l-5.1 2.8 1.1-5.7-4.2-3.9 5.7-.7z" fill="#b45309"/><ellipse cx="32" cy="32" rx="28" ry="10" fill="none" stroke="url(#paint-ring)" stroke-width="3.5" transform="rotate(-28 32 32)"/><circle cx="56" cy="19.5" r="3.5" fill="#ddd6fe"/></svg></span>';

/**
 * A page drawn by the HTML: `id` names its root (the guard script removes it by that id),
 * `content` goes in the shell's main column, `guardScript` runs right after it, before the first
 * paint, and `images` are preloaded at `fetchpriority="high"`, requested before the stylesheet and
 * the scripts (over HTTP/1.1 the browser opens six connections to a host, and the pictures in the
 * body queued behind the app's chunks).
 */
export function firstPaintHtml(paint: {
  id: string;
  content: string;
  guardScript: string;
  images: readonly string[];
  /** font files its texts are drawn in (woff2, the build's addresses), preloaded the same way */
  fonts?: readonly string[];
}): FirstPaint {
  const style = `@media (min-width:768px){#${paint.id}{display:none}}@media (max-width:767.98px){#${paint.id}~[data-testid=splash]{display:none}}`;
  const body = [
    `<style>${style}</style>`,
    `<div id="${paint.id}" aria-hidden="true" class="min-h-dvh">`,
    '<div class="sticky top-[var(--safe-top)] z-40 h-16 border-b border-ink-750 bg-ink-900"><div class="flex h-full items-center gap-2 px-3 sm:gap-3 md:px-5">',
    logoMark,
    '</div></div>',
    '<div class="px-3 pt-4 pb-28 sm:px-4"><div class="mx-auto max-w-[1400px]">',
    paint.content,
    '</div></div>',
    '<div class="fixed inset-x-0 bottom-0 z-40 border-t border-ink-700 bg-ink-850 pb-safe md:hidden"><div class="mx-auto flex h-16 max-w-lg items-stretch px-1"></div></div>',
    '</div>',
    `<script>${paint.guardScript}</script>`,
  ].join('');
  const head = [
    ...(paint.fonts ?? []).map(
      (href) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin fetchpriority="high" href="${escapeHtml(href)}">`,
    ),
    ...paint.images.map(
      (src) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}">`,
    ),
  ].join('');
  return { head, body };
}
