import {
  bannersResponseSchema,
  isSupportedLocale,
  type Locale,
  languagesResponseSchema,
} from '@casino/contract';
import { KeyedCache } from '../lib/keyed-cache.ts';
import type { LanguagesService } from '../modules/platform/languages/languages.service.ts';
import { countryOfIp, type RegionService } from '../modules/platform/region/region.service.ts';
import type { BannersService } from '../modules/promotions/banners/banners.service.ts';
import { isHomePath, type WebBootData } from './web-app.ts';

/**
 * How long a process reuses the answers it puts in the page. Short: a banner an operator just
 * changed reaches the page within this (the API's own guest answer may be kept a day).
 */
export const bootDataTtlMs = 30_000;

/**
 * The answers the player app waits for before its first screen, put in the page it is served
 * in (`web-app.ts`): the language list (the splash waits for it on every page) and, on a
 * language's home page, a guest's banners for the visitor's country (the carousel's first
 * picture is the home page's largest paint). Exactly what `GET /api/v1/languages?mode=1` and
 * `GET /api/v2/banners?locale=…&placement=home` answer a guest (the same schemas encode them);
 * the app files them under those queries, and a signed-in player's banners, asked under their
 * own key, never come from here. A visitor from a restricted country gets nothing: the app's
 * own requests meet the region block as before.
 */
export function createWebBootData(dependencies: {
  languages: LanguagesService;
  banners: BannersService;
  region: RegionService;
  nowMs: () => number;
}): WebBootData {
  const languages = new KeyedCache<unknown>(bootDataTtlMs, dependencies.nowMs, 1);
  const banners = new KeyedCache<unknown>(bootDataTtlMs, dependencies.nowMs, 1_000);
  return async (request, page) => {
    try {
      await dependencies.region.assertAllowed(request.ip);
    } catch {
      return null;
    }
    const locale: Locale | null =
      page.locale && isSupportedLocale(page.locale) ? page.locale : null;
    const country = countryOfIp(request.ip);
    const [languageList, homeBanners] = await Promise.all([
      languages.get('mode1', async () =>
        languagesResponseSchema.parse(await dependencies.languages.listSupported()),
      ),
      locale && isHomePath(page.path)
        ? banners.get(`${country ?? ''}:${locale}`, async () =>
            bannersResponseSchema.parse(
              await dependencies.banners.forViewer(
                { userId: null, country },
                { locale, placement: 'home' },
              ),
            ),
          )
        : null,
    ]);
    return {
      languages: languageList,
      ...(locale && homeBanners ? { banners: { locale, data: homeBanners } } : {}),
    };
  };
}
