import {
  type Sport,
  type SportEventsPage,
  sportEventsPageSchema,
  sportsResponseSchema,
} from '@casino/contract';
import { KeyedCache } from '../lib/keyed-cache.ts';
import type { SportCatalog } from '../modules/sportsbook/feed/catalog.service.ts';

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
