import { type ComponentType, createElement, lazy as reactLazy } from 'react';
import { loadLaterTexts } from './i18n';

/**
 * `React.lazy` for the app's lazily loaded pages and layers: the component renders once both its
 * code and the later part of the language's texts (`locales/parts.ts`) are in, so it never shows a
 * raw key. Every lazy component goes through here (`lazy.test.ts` checks no module takes `lazy`
 * from React itself).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature
export function lazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ReturnType<typeof reactLazy<T>> {
  return reactLazy(() => withLaterTexts(load()));
}

/** Resolves with `loading` once the later texts are in as well (the two are fetched at once). */
export function withLaterTexts<T>(loading: Promise<T>): Promise<T> {
  return Promise.all([loading, loadLaterTexts()]).then(([loaded]) => loaded);
}

/**
 * `lazy` for a page a visit may land on, with `preload()`: the app fetches its code (and the
 * later texts) before its first render when the address names it (`router.tsx`'s
 * `preloadLandingPage`), so that render draws the page itself instead of the shell's empty
 * Suspense fallback — the page's first paint the server drew in the HTML stays on screen until
 * then. Once loaded, the page renders without suspending.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= withLaterTexts(load()).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // the next render asks again
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = reactLazy(preload);
  function Page(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(Page, { preload });
}
