/**
 * The layers' code fetched without running it once the page has loaded (`app-shell.tsx` loads
 * this module then, so none of it is on the first load).
 */
import { loadLaterTexts } from '@/lib/i18n';
import { loadAuthDialog, loadWalletDialog } from './layer-chunks';

/** The layers the shell fetches ahead of their first opening (the server names their files). */
type PrefetchedLayer = 'wallet' | 'auth';

const layerLoads: Record<PrefetchedLayer, () => Promise<unknown>> = {
  wallet: loadWalletDialog,
  auth: loadAuthDialog,
};

/**
 * Each prefetched layer's files, as the server named them in the page (`<script
 * type="application/json" id="layer-files">`, apps/server/src/plugins/web-app.ts, from Vite's
 * manifest): its chunk and the chunks it imports that the first load does not. Null for a layer
 * the page does not name (the dev server, a build without a manifest).
 */
function layerFiles(layer: PrefetchedLayer): string[] | null {
  let named: unknown;
  try {
    named = JSON.parse(document.getElementById('layer-files')?.textContent || 'null');
  } catch {
    return null;
  }
  const files = (named as Partial<Record<PrefetchedLayer, unknown>> | null)?.[layer];
  if (!Array.isArray(files)) return null;
  // only the app's own hashed chunks
  return files.filter(
    (file): file is string => typeof file === 'string' && /^\/assets\/[\w.~-]+\.js$/.test(file),
  );
}

/** Files named for a `<link rel="modulepreload">` and not yet given one, in order. */
const queuedFiles: string[] = [];
let appending = false;

/** Whether the page already asked for this file (its own chunks, a link added before). */
function alreadyRequested(file: string): boolean {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${file}"]`)) return true;
  return performance.getEntriesByName(new URL(file, window.location.href).href).length > 0;
}

/**
 * Adds the queued files' links one an idle period (one a task where the browser cannot tell):
 * starting a request costs the main thread a few milliseconds (up to about 10 at a 4× slower
 * CPU), and the wallet's and the sign-in's 40-odd files in one go made one long task.
 */
function appendQueued(): void {
  const file = queuedFiles.shift();
  if (file && !alreadyRequested(file)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
  if (queuedFiles.length === 0) {
    appending = false;
    return;
  }
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => appendQueued());
  else window.setTimeout(appendQueued, 0);
}

/**
 * Fetches a layer's code without running it: a `<link rel="modulepreload">` per file puts each
 * module in the page's module map, fetched and parsed, and the layer's `import()` then runs them
 * with no request when it opens or on a sign of intent (`preload` of `lazy-layer.tsx`). Running
 * them ahead (the wallet's and the sign-in's modules, forms and schemas) was a long task of a
 * signed-in page's load. The later texts the layer shows are fetched with them. A page that
 * names no files for the layer loads it whole, as before.
 */
export function prefetchLayer(layer: PrefetchedLayer): void {
  const files = layerFiles(layer);
  if (!files) {
    void layerLoads[layer]().catch(() => undefined);
    return;
  }
  void loadLaterTexts().catch(() => undefined);
  for (const file of files) if (!queuedFiles.includes(file)) queuedFiles.push(file);
  if (appending) return;
  appending = true;
  appendQueued();
}
