import { type ComponentType, lazy as reactLazy } from 'react';
import { loadLaterTexts } from './i18n';

/**
 * `React.lazy` for the app's lazily loaded pages and layers: the component renders once both its
 * code and the later part of the language's texts (`locales/parts.ts`) are in, so it never shows a
 * raw key. Every lazy component goes through here (`lazy.test.ts` checks no module takes `lazy`
 * from React itself).
 *
 * `preload()` fetches both ahead of the first render (the page an address opens, while the first
 * texts load): once it has resolved, the component renders at once instead of suspending, so the
 * app's first commit holds the page (not its Suspense fallback in place of a first paint the
 * HTML drew).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature
export function lazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ReturnType<typeof reactLazy<T>> & { preload: () => Promise<void> } {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const start = () => {
    loading ??= withLaterTexts(load()).then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const component = reactLazy(() => {
    if (!loaded) return start();
    const module = loaded;
    // a thenable that calls back at once: React reads the component without suspending
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable, read synchronously
    return { then: (resolve: (value: { default: T }) => void) => resolve(module) } as Promise<{
      default: T;
    }>;
  });
  return Object.assign(component, {
    preload: () =>
      start().then(
        () => undefined,
        () => {
          // a failed preload is left to the render, which asks again and shows its error
          loading = undefined;
        },
      ),
  });
}

/** Resolves with `loading` once the later texts are in as well (the two are fetched at once). */
export function withLaterTexts<T>(loading: Promise<T>): Promise<T> {
  return Promise.all([loading, loadLaterTexts()]).then(([loaded]) => loaded);
}
