import {
  type BannersResponse,
  bannerDescription,
  bannerTournamentName,
  isBannerVisible,
} from '@casino/contract';
import { escapeHtml, type FirstPaint, firstPaintHtml, scriptHash } from './web-first-paint.ts';

/**
 * A guest's home page on a phone, drawn by the HTML itself: the shell's header and tab bar
 * (empty) and the carousel's first slide — its pictures at their final size and place, its
 * title and text — so the page's largest paint (the first banner's picture) happens as the HTML
 * and the picture arrive, not after the app's scripts and first render. The app's first render
 * replaces it (React empties `#root`) with the same slide in the same place. The markup copies
 * the classes of `app-shell.tsx`, `header.tsx`, `bottom-tab-bar.tsx`, `banner-carousel.tsx` and
 * `banner-slide.tsx` (the web build's Tailwind reads this file: `@source` in `index.css`).
 *
 * From 768 px (the sidebar, whose width the browser remembers) and for anyone with a session
 * (the app's token in localStorage, the messenger's launch, the back office's banner preview),
 * the build's splash shows instead, as before: the script after the hero removes it before the
 * first paint (a signed-in player never sees a guest's page), and the style hides the splash only
 * while the hero is there.
 */

/**
 * Removes the hero when the page is a player's (or the messenger's, or the back office's banner
 * preview): read before the first paint. Storage that cannot be read leaves the guest's hero.
 */
const guestHeroGuardScript =
  'try{if(localStorage.getItem("auth_token")||sessionStorage.getItem("messenger_launch")||/tgWebApp|bannerPreview/.test(location.hash+location.search))document.getElementById("guest-hero").remove()}catch(e){}';

/** The guard's CSP source: the one inline script the player app's page may run. */
export const guestHeroGuardScriptHash = scriptHash(guestHeroGuardScript);

function picture(src: string, className: string): string {
  return `<img src="${escapeHtml(src)}" alt="" draggable="false" fetchpriority="high" class="${className}">`;
}

/**
 * The first slide a guest in `country` sees on `locale`'s home page, as `BannerCarousel` filters
 * them, drawn as the page's first paint (`body`, for `#root`), and the preloads of its pictures
 * (`head`, for the top of the page's head); null when a guest's carousel shows nothing.
 */
export function guestHeroHtml(banners: BannersResponse, locale: string): FirstPaint | null {
  const viewer = {
    signedIn: false,
    isVip: false,
    hasDeposits: false,
    billing: null,
    country: banners.country,
    locale,
  };
  const first = banners.items.find((banner) => isBannerVisible(banner, viewer));
  const description = first ? bannerDescription(first, locale) : null;
  if (!first || !description) return null;
  const title = description.title ?? bannerTournamentName(first, locale);
  const slide = [
    picture(description.image_bg, 'absolute inset-0 size-full object-cover'),
    description.image_3
      ? picture(description.image_3, 'pointer-events-none absolute inset-0 size-full object-cover')
      : '',
    description.image_fg
      ? picture(
          description.image_fg,
          'absolute right-0 bottom-0 h-full w-3/5 object-contain object-right-bottom sm:w-1/2',
        )
      : '',
    '<span class="absolute inset-0 bg-linear-to-r from-ink-950/80 via-ink-950/35 to-transparent"></span>',
    '<span class="relative flex h-full max-w-[60%] flex-col justify-center p-4 text-left sm:max-w-[50%] sm:p-8 md:px-20 md:py-10">',
    title
      ? `<span class="text-lg leading-tight font-extrabold text-white drop-shadow sm:text-2xl md:text-3xl">${escapeHtml(title)}</span>`
      : '',
    description.text
      ? `<span class="mt-1.5 text-xs text-ink-100 sm:mt-2 sm:text-base">${escapeHtml(description.text)}</span>`
      : '',
    // the tournament's end, in the player's time zone, is the app's to write: its room is kept
    first.tournament
      ? '<span class="invisible mt-2 inline-flex self-start rounded-full px-2.5 py-1 text-xs">&nbsp;</span>'
      : '',
    '</span>',
  ].join('');
  return firstPaintHtml({
    id: 'guest-hero',
    content: [
      '<div class="flex flex-col gap-8"><div class="relative overflow-hidden rounded-2xl"><div class="aspect-[16/9] w-full sm:aspect-[3/1]">',
      `<div class="relative block size-full overflow-hidden rounded-2xl text-left">${slide}</div>`,
      '</div></div></div>',
    ].join(''),
    guardScript: guestHeroGuardScript,
    images: [description.image_bg, description.image_3, description.image_fg].filter(
      (src): src is string => Boolean(src),
    ),
  });
}
