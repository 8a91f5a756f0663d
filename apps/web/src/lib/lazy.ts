import { type ComponentType, lazy as reactLazy } from 'react';
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
