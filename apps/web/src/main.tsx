import './lib/zod-jitless';
import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-devanagari';
import './index.css';
import { chooseLocale, defaultLocale } from '@casino/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadLandingPage } from './app/router';
import { getAuthToken } from './lib/auth-token';
import { initI18n, loadFirstPaintTexts, loadLaterTexts } from './lib/i18n';
import { localeFromPath } from './lib/locale-path';

const language =
  localeFromPath(window.location.pathname) ?? chooseLocale(navigator.language.slice(0, 2));
const i18n = initI18n(language);
// The first paint waits for the first part of the player's language (the texts of the shell and
// the home page: one small chunk, the only one fetched); if it cannot be fetched the app starts in
// English, the fallback, rather than not at all. The rest of the language comes with the first
// lazily loaded page or layer (`lib/lazy.ts`), or on a sign of intent.
await loadFirstPaintTexts(language)
  .catch(() => loadFirstPaintTexts(defaultLocale))
  .catch(() => undefined);
// The page the visit lands on, when it is lazily loaded and may be drawn by the HTML (a category,
// a game's page, the sportsbook): its code (with the rest of the texts, once the first part said which
// language this is), for which the first render waits below, so that render draws the page, not
// the shell's empty fallback between the HTML's paint and it.
const landingPage = preloadLandingPage(window.location.pathname, getAuthToken() !== null)?.catch(
  () => undefined,
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (new URLSearchParams(window.location.search).has('bannerPreview')) {
  // the back office's banner preview frame: its own small chunk, never part of the first load
  const [{ renderBannerPreview }] = await Promise.all([
    import('./app/banner-preview/banner-preview'),
    loadLaterTexts().catch(() => undefined),
  ]);
  renderBannerPreview(root, i18n);
} else {
  // the landing page's code (below) first, so the first render draws it where the HTML did
  await landingPage;
  // A transition: React renders the first screen in slices of a few milliseconds and lets the
  // browser breathe between them, instead of one long task that blocks the phone's main thread
  // (the splash stays on screen until the render commits, as before).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  });
}
