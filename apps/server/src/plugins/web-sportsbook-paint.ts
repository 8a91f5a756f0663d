import {
  formatOdds,
  type Sport,
  type SportEventSummary,
  type SportEventsPage,
  sportEventsPageSchema,
  sportsResponseSchema,
} from '@casino/contract';
import { KeyedCache } from '../lib/keyed-cache.ts';
import type { SportCatalog } from '../modules/sportsbook/feed/catalog.service.ts';
import { escapeHtml, type FirstPaint, firstPaintHtml, scriptHash } from './web-first-paint.ts';
import type { SportsbookPaintTexts } from './web-paint-texts.ts';

/**
 * The sportsbook's landing page (`/en/sportsbook`): the answers its first screen waits for, put
 * in the page's boot data (`web-boot-data.ts`) so the app's first render — which waits for the
 * page's code, `main.tsx` — draws the sports' tabs and the live list at once instead of their
 * skeletons, then asking. Exactly what `GET /api/v2/sport/sports` and `GET /api/v2/sport/events`
 * with `live=true&offset=0&limit=100` and `live=false&offset=0&limit=12` answer (public, the same
 * for everyone; the same schemas encode them), as `routes/sportsbook.tsx` asks. The leagues
 * counted below the fold (a hundred events ahead) are left to the page's own request.
 */
export interface SportsbookBootData {
  /** when the server read them (ms since the epoch): the app files them as fetched then */
  at: number;
  sports: Sport[];
  live: SportEventsPage;
  soon: SportEventsPage;
}

/** The page sizes `routes/sportsbook.tsx` asks for. */
export const sportsbookLiveLimit = 100;
export const sportsbookSoonLimit = 12;

/**
 * As long as the API's own answers may be kept by a shared cache (`catalog.routes.ts`): prices
 * move, and the page's realtime channel only brings the changes after it subscribed.
 */
export const sportsbookBootDataTtlMs = 2_000;

/** The sportsbook's landing page in any language: `/en/sportsbook`, `/en/sportsbook/`. */
export function isSportsbookPath(path: string): boolean {
  return /^\/[a-z]{2}\/sportsbook\/?$/.test(path);
}

/** Reads them at most once per `sportsbookBootDataTtlMs` per process. */
export function createSportsbookBootData(
  catalog: Pick<SportCatalog, 'sports' | 'events'>,
  nowMs: () => number,
): () => Promise<SportsbookBootData> {
  const cache = new KeyedCache<SportsbookBootData>(sportsbookBootDataTtlMs, nowMs, 1);
  return () =>
    cache.get('landing', async () => {
      const at = nowMs();
      const [sports, live, soon] = await Promise.all([
        catalog.sports(),
        catalog.events({ live: true, offset: 0, limit: sportsbookLiveLimit }),
        catalog.events({ live: false, offset: 0, limit: sportsbookSoonLimit }),
      ]);
      return {
        at,
        sports: sportsResponseSchema.parse(sports),
        live: sportEventsPageSchema.parse(live),
        soon: sportEventsPageSchema.parse(soon),
      };
    });
}

/**
 * Removes the paint before the first paint in a messenger's mini-app (its own frame) and when the
 * browser keeps another odds format than the decimal one the paint shows (`use-odds-format.tsx`).
 * A player's sportsbook is a guest's: the events and prices are public, the header's balance and
 * the favourites' stars are the app's to draw (the paint's header is empty, its stars outlined).
 */
const sportsbookPaintGuardScript =
  'try{var f=localStorage.getItem("oddsFormat");if((f&&f!=="decimal")||sessionStorage.getItem("messenger_launch")||/tgWebApp/.test(location.hash+location.search))document.getElementById("sportsbook-paint").remove()}catch(e){}';

/** The guard's CSP source (`security-headers.ts`). */
export const sportsbookPaintGuardScriptHash = scriptHash(sportsbookPaintGuardScript);

/** The live list's rows the paint draws: a phone's first screen and more. */
export const sportsbookPaintRows = 8;

/** An icon's box (the app's lucide icon is drawn by its first render). */
const icon = (classes: string) => `<span class="inline-block shrink-0 ${classes}"></span>`;

/** `sportsbook-header.tsx` through `page-header.tsx`: icon, title, subtitle; the actions' boxes. */
function header(texts: SportsbookPaintTexts): string {
  const formats = texts.formats
    .map(
      (label, index) =>
        `<span class="flex min-h-9 items-center rounded-lg px-3 text-xs font-semibold ${index === 0 ? 'bg-brand-600 text-white' : 'text-ink-300'}">${escapeHtml(label)}</span>`,
    )
    .join('');
  const button = (color: string) =>
    `<span class="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-xl bg-ink-700 px-4 text-sm font-semibold text-ink-100">${icon(`size-4 ${color}`)}</span>`;
  return [
    '<div class="mb-5 flex flex-col gap-3 md:mb-6"><div class="flex flex-wrap items-center justify-between gap-3">',
    '<div class="flex min-w-0 items-center gap-3">',
    `<span class="grid size-11 shrink-0 place-items-center rounded-xl bg-ink-750 text-brand-300 ring-1 ring-ink-600">${icon('size-5')}</span>`,
    `<div class="min-w-0"><h1 class="truncate text-2xl font-extrabold tracking-tight text-ink-100 md:text-3xl">${escapeHtml(texts.title)}</h1>`,
    `<p class="mt-0.5 text-sm text-ink-300">${escapeHtml(texts.subtitle)}</p></div></div>`,
    '<div class="flex items-center gap-2">',
    `<span class="inline-flex rounded-xl border border-ink-700 bg-ink-850 p-1">${formats}</span>`,
    button('text-brand-300'),
    button('text-gold-400'),
    '</div></div></div>',
  ].join('');
}

/** `sport-tabs.tsx`: the overview, the sports, then the e-sports, with their live counts. */
function tabs(texts: SportsbookPaintTexts, counts: readonly Sport[]): string {
  const tab = (active: boolean) =>
    `flex min-h-11 shrink-0 items-center gap-2 rounded-xl border px-3 text-sm font-semibold whitespace-nowrap ${active ? 'border-brand-500 bg-brand-500/15 text-ink-100' : 'border-ink-700 bg-ink-850 text-ink-300'}`;
  const ordered = [
    ...texts.sports.filter((sport) => sport.kind === 'sport'),
    ...texts.sports.filter((sport) => sport.kind === 'esport'),
  ];
  const items = ordered.map((sport, index) => {
    const live = counts.find((entry) => entry.id === sport.id)?.liveCount ?? 0;
    const firstEsport = sport.kind === 'esport' && ordered[index - 1]?.kind === 'sport';
    return [
      `<li${firstEsport ? ' class="ml-2 border-l border-ink-700 pl-4"' : ''}><span class="${tab(false)}">`,
      icon(`size-4 ${sport.kind === 'esport' ? 'text-brand-300' : 'text-money-400'}`),
      escapeHtml(sport.label),
      live > 0
        ? `<span class="rounded-md bg-danger-500/15 px-1.5 text-[11px] font-bold text-danger-400 tabular-nums">${live}</span>`
        : '',
      '</span></li>',
    ].join('');
  });
  return [
    '<div class="-mx-4 mb-5 px-4 sm:mx-0 sm:px-0"><ul class="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]">',
    `<li><span class="${tab(true)}">${icon('size-4')}${escapeHtml(texts.allSports)}</span></li>`,
    ...items,
    '</ul></div>',
  ].join('');
}

/** `event-row.tsx` on a narrow card: the live badge, the teams with the score, the prices. */
function eventRow(event: SportEventSummary, texts: SportsbookPaintTexts): string {
  const live = event.status === 'live';
  const side = (name: string, score: number | undefined) =>
    `<span class="flex items-center justify-between gap-2 text-sm"><span class="truncate font-medium text-ink-100">${escapeHtml(name)}</span>${live && score !== undefined ? `<span class="font-bold text-gold-400 tabular-nums">${score}</span>` : ''}</span>`;
  const market = event.mainMarket;
  const prices = market
    ? `<div class="col-span-2 grid gap-1.5 ${market.outcomes.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}">${market.outcomes
        .map((outcome) => {
          const open = market.status === 'active' && outcome.active && outcome.odds !== null;
          let shown = '';
          if (open && outcome.odds !== null) {
            try {
              shown = formatOdds(outcome.odds, 'decimal');
            } catch {
              shown = outcome.odds;
            }
          }
          return `<span class="relative flex min-h-11 w-full min-w-0 flex-col items-center justify-center gap-0 rounded-lg border px-2.5 py-1 text-sm ${open ? 'border-ink-700 bg-ink-800' : 'border-ink-800 bg-ink-850 opacity-50'}"><span class="max-w-full min-w-0 truncate text-[11px] leading-4 text-ink-300">${escapeHtml(outcome.id)}</span><span class="inline-flex shrink-0 items-center justify-center gap-0.5 font-bold tabular-nums ${open ? 'text-ink-100' : 'text-ink-400'}">${open ? escapeHtml(shown) : icon('size-3')}</span></span>`;
        })
        .join('')}</div>`
    : '';
  return [
    '<li class="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-2 border-t border-ink-750 px-3 py-2.5 first:border-t-0">',
    '<span class="block min-w-0">',
    live
      ? `<span class="mb-1 inline-flex items-center gap-1.5 text-xs"><span class="inline-flex items-center gap-1 rounded bg-danger-500/15 px-1.5 py-0.5 font-bold text-danger-400 uppercase"><span class="size-1.5 rounded-full bg-danger-400"></span>${escapeHtml(texts.live)}</span></span>`
      : '<span class="mb-1 block text-xs">&nbsp;</span>',
    side(event.home.name, event.score?.home),
    side(event.away.name, event.score?.away),
    '</span>',
    `<span class="grid size-9 shrink-0 place-items-center rounded-lg text-ink-400">${icon('size-4')}</span>`,
    prices,
    '</li>',
  ].join('');
}

/** `empty-state.tsx`: a list with nothing in it. */
function emptyState(title: string, text: string): string {
  return [
    '<div class="flex flex-col items-center justify-center rounded-2xl border border-dashed border-ink-700 bg-ink-850/60 px-6 py-12 text-center">',
    `<div class="mb-4 grid size-14 place-items-center rounded-2xl bg-ink-750 text-brand-300 ring-1 ring-ink-600">${icon('size-7')}</div>`,
    `<p class="text-base font-semibold text-ink-100">${escapeHtml(title)}</p>`,
    `<p class="mt-1 max-w-sm text-sm text-ink-300">${escapeHtml(text)}</p>`,
    '</div>',
  ].join('');
}

/** `event-list.tsx`'s `LeagueCard`: the league's name under its category, then its events. */
function leagueCard(events: readonly SportEventSummary[], texts: SportsbookPaintTexts): string {
  const league = events[0]?.league;
  if (!league) return '';
  return [
    '<div class="@container overflow-hidden rounded-2xl border border-ink-700 bg-ink-850">',
    '<div class="flex items-center gap-2 border-b border-ink-700 bg-ink-800/60 py-1 pr-1 pl-3">',
    icon('size-4 text-ink-400'),
    `<span class="min-w-0 flex-1 truncate text-xs font-semibold text-ink-200"><span class="text-ink-400">${escapeHtml(league.category.name)} · </span>${escapeHtml(league.name)}</span>`,
    `<span class="grid size-9 shrink-0 place-items-center rounded-lg">${icon('size-4')}</span>`,
    '</div>',
    `<ul>${events.map((event) => eventRow(event, texts)).join('')}</ul>`,
    '</div>',
  ].join('');
}

/** Events in their leagues, in the listing's order (`groupByLeague`). */
function byLeague(events: readonly SportEventSummary[]): SportEventSummary[][] {
  const leagues = new Map<string, SportEventSummary[]>();
  for (const event of events) {
    leagues.set(event.league.id, [...(leagues.get(event.league.id) ?? []), event]);
  }
  return [...leagues.values()];
}

/** Rows still to draw, shared by the page's lists. */
interface Budget {
  left: number;
}

/** A list's league cards, as many rows as the budget has left. */
function leagueCards(
  events: readonly SportEventSummary[],
  texts: SportsbookPaintTexts,
  budget: Budget,
): string {
  const cards: string[] = [];
  for (const group of byLeague(events)) {
    if (budget.left <= 0) break;
    const shown = group.slice(0, budget.left);
    budget.left -= shown.length;
    cards.push(leagueCard(shown, texts));
  }
  return cards.join('');
}

/** `sportsbook.tsx`'s `SportSection`: a titled block. */
function section(title: string, iconClasses: string, content: string): string {
  return [
    '<section class="mb-8"><h2 class="mb-3 flex items-center gap-2 text-sm font-bold tracking-wide text-ink-200 uppercase">',
    icon(iconClasses),
    escapeHtml(title),
    `</h2><div class="flex flex-col gap-3">${content}</div></section>`,
  ].join('');
}

/**
 * The live list as `routes/sportsbook.tsx` draws it: by sport in `sports.ts`'s order, each
 * sport's line then its leagues' cards (`event-list.tsx`), as many rows as the budget allows.
 */
function liveList(
  events: readonly SportEventSummary[],
  texts: SportsbookPaintTexts,
  budget: Budget,
): string {
  if (events.length === 0) return emptyState(texts.noLiveTitle, texts.noLiveText);
  const blocks: string[] = [];
  for (const sport of texts.sports) {
    if (budget.left <= 0) break;
    const ofSport = events.filter((event) => event.sportId === sport.id);
    if (ofSport.length === 0) continue;
    blocks.push(
      [
        '<div class="flex flex-col gap-2">',
        `<span class="flex w-fit items-center gap-2 text-sm font-semibold text-ink-100">${icon('size-4 text-money-400')}${escapeHtml(sport.label)}<span class="text-xs text-ink-400 tabular-nums">${ofSport.length}</span></span>`,
        leagueCards(ofSport, texts, budget),
        '</div>',
      ].join(''),
    );
  }
  return blocks.join('');
}

/**
 * The sportsbook's first screen on a phone, drawn by the HTML from its boot data and the
 * language's texts (`first-paint-texts.json`, `web-paint-texts.ts`): the page's header (title,
 * subtitle, the actions' boxes), the sports' tabs with their live counts and the live list's
 * first rows (teams, scores, decimal prices; every text escaped) or its empty state, then, when
 * the live list is drawn whole, the matches starting soon (their kick-off times are the app's to
 * write, in the visitor's time zone) or that list's empty state. The markup
 * copies the classes of `sportsbook-header.tsx`, `page-header.tsx`, `odds-format-chooser.tsx`,
 * `sport-tabs.tsx`, `event-list.tsx`, `event-row.tsx`, `match-state.tsx`, `outcome-button.tsx`
 * and `empty-state.tsx`, so the app's first render (`routes/sportsbook.tsx`, from the same
 * answers) puts the same boxes in the same places; the icons are the app's to draw (their boxes
 * are kept). `fonts` (the texts' font files) are preloaded: drawn in a fallback font, the HTML's
 * texts were smaller than the app's, whose first render then made the page's largest paint. The
 * web build's Tailwind reads this file (`@source` in `index.css`).
 */
export function sportsbookPaintHtml(
  data: SportsbookBootData,
  texts: SportsbookPaintTexts,
  fonts: readonly string[] = [],
): FirstPaint {
  const budget: Budget = { left: sportsbookPaintRows };
  const liveDrawn = data.live.items.length <= sportsbookPaintRows;
  return firstPaintHtml({
    id: 'sportsbook-paint',
    content: [
      '<div>',
      header(texts),
      tabs(texts, data.sports),
      section(texts.liveNow, 'size-4 text-danger-400', liveList(data.live.items, texts, budget)),
      // the section under the live list, when the whole live list is drawn: on the first screen
      // its texts (its empty state's) would otherwise be the app's largest paint
      liveDrawn
        ? [
            '<div class="@container"><div class="grid gap-x-6 @5xl:grid-cols-[minmax(0,1fr)_18rem]">',
            section(
              texts.startingSoon,
              'size-4 text-brand-300',
              data.soon.items.length === 0
                ? emptyState(texts.noUpcomingTitle, texts.noUpcomingText)
                : leagueCards(data.soon.items, texts, budget),
            ),
            '</div></div>',
          ].join('')
        : '',
      '</div>',
    ].join(''),
    guardScript: sportsbookPaintGuardScript,
    images: [],
    fonts,
  });
}
