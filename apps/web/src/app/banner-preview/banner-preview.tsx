import {
  type Banner,
  bannerDescriptionSchema,
  bannerPreviewMessageType,
  bannerPreviewReadyType,
  bannerTypeSchema,
  chooseLocale,
} from '@casino/contract';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { z } from 'zod';
import { BannerSlide } from '@/features/banners/components/banner-slide';
import type { i18next } from '@/lib/i18n';
import { localizedPath } from '@/lib/locale-path';

/**
 * The banner preview (`/?bannerPreview`): the back office frames this page at desktop and phone
 * widths and posts the banner form's unsaved values; the page draws them with the player app's own
 * banner slide, as the home carousel would. Only this origin's frames may talk to it (the CSP's
 * frame-ancestors lets only this origin and the messenger frame the app, and a message from
 * another origin is ignored). Loaded on demand: the player's first load does not carry it.
 */
const previewSchema = z.object({
  type: bannerTypeSchema.catch('common'),
  locale: z.string().optional(),
  descriptions: z.record(
    z.string(),
    bannerDescriptionSchema.partial().transform((description) => ({
      image_bg: description.image_bg ?? '',
      image_fg: description.image_fg || null,
      image_3: description.image_3 || null,
      title: description.title || null,
      text: description.text || null,
    })),
  ),
});
type Preview = z.infer<typeof previewSchema>;

function toBanner(preview: Preview): Banner {
  return {
    id: 'preview',
    type: preview.type,
    descriptions: preview.descriptions,
    url: null,
    games: [],
    game_providers: [],
    game_categories: [],
    promo_category: null,
    tournament: null,
    settings: {
      geo: [],
      player_category: {
        authorized: null,
        vip: null,
        all: true,
        deposits_from: null,
        deposits_to: null,
        deposits_count_from: null,
        deposits_count_to: null,
      },
    },
  };
}

/** `?bannerPreview=<base64url of the JSON>`: the first values, before any message. */
function fromQuery(): Preview | null {
  const encoded = new URLSearchParams(window.location.search).get('bannerPreview');
  if (!encoded) return null;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(encoded.replaceAll('-', '+').replaceAll('_', '/')), (character) =>
        character.charCodeAt(0),
      ),
    );
    const parsed = previewSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const noop = () => undefined;
const handlers = { onSignUp: noop, onLogin: noop, onOpenWallet: noop, onOpenWheel: noop };
const neverSwiped = () => false;

function BannerPreview() {
  const [preview, setPreview] = useState<Preview | null>(fromQuery);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; banner?: unknown } | null;
      if (data?.type !== bannerPreviewMessageType) return;
      const parsed = previewSchema.safeParse(data.banner);
      if (parsed.success) setPreview(parsed.data);
    };
    window.addEventListener('message', onMessage);
    // the parent answers "ready" with the form's current values
    if (window.parent !== window) {
      window.parent.postMessage({ type: bannerPreviewReadyType }, window.location.origin);
    }
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const locale = chooseLocale(preview?.locale);
  const banner = preview ? toBanner(preview) : null;
  return (
    <main className="min-h-dvh bg-ink-900 p-3 sm:p-6" data-testid="banner-preview">
      {/* the router parts the app's first load already has (a MemoryRouter would add to it);
          the slide reads its locale from the location the routes are given */}
      <BrowserRouter>
        <Routes location={localizedPath(locale, '/')}>
          <Route
            path="*"
            element={
              <div className="aspect-[16/9] w-full sm:aspect-[3/1]">
                {banner && Object.keys(banner.descriptions).length > 0 ? (
                  <BannerSlide
                    banner={banner}
                    action={{ kind: 'none' }}
                    handlers={handlers}
                    wasSwiped={neverSwiped}
                  />
                ) : (
                  <div className="size-full rounded-2xl bg-ink-800" />
                )}
              </div>
            }
          />
        </Routes>
      </BrowserRouter>
    </main>
  );
}

export function renderBannerPreview(root: HTMLElement, i18n: typeof i18next) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BannerPreview />
      </I18nextProvider>
    </StrictMode>,
  );
}
