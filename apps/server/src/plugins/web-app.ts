import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isSupportedLocale } from '@casino/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { type PaintTexts, readPaintTexts } from './web-paint-texts.ts';

/** The app's name, as wallets show it when it asks to connect. */
const brandName = 'Lucky Orbit';

/** Paths the single-page app never owns: deep links elsewhere fall back to index.html. */
const serverOwnedPrefixes = ['/api/', '/connection/', '/flags/'];
const serverOwnedPaths = new Set(['/api', '/healthz', '/readyz', '/connection', '/flags']);

export function isSpaFallbackPath(path: string): boolean {
  if (serverOwnedPaths.has(path)) return false;
  return !serverOwnedPrefixes.some((prefix) => path.startsWith(prefix));
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/html');
}

/** The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file. */
const precompressedSuffix = /\.(br|gz)$/;

/** Vite puts content-hashed files under /assets: they never change, so cache them for a year. */
function cacheControlFor(root: string, filePath: string): string {
  // a compressed copy is cached as the file it is a copy of
  const path = relative(root, filePath).replace(precompressedSuffix, '');
  // the service worker is checked for a new version at each navigation
  if (path === 'index.html' || path === 'sw.js') return 'no-cache';
  if (path.startsWith(`assets${sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

const hasCompressedCopy = new Map<string, boolean>();

/** Whether the build left a compressed copy of this file (answered once per file). */
function compressedCopyExists(filePath: string): boolean {
  let known = hasCompressedCopy.get(filePath);
  if (known === undefined) {
    known = existsSync(`${filePath}.gz`) || existsSync(`${filePath}.br`);
    hasCompressedCopy.set(filePath, known);
  }
  return known;
}

/**
 * Where the built index.html takes what the server adds for one navigation (apps/web/index.html):
 * the language's text chunks to preload and the boot data. A build without it is sent as it is.
 */
export const bootPlaceholder = '<!--app-boot-->';

/**
 * Where, inside `#root` and before the build's splash, the server may draw the page's first
 * paint for this navigation (a guest's home hero, `web-guest-hero.ts`).
 */
export const firstPaintPlaceholder = '<!--app-first-paint-->';

/** At the top of the head: what the page's first paint needs fetched before anything else. */
export const headPlaceholder = '<!--app-head-->';

/** The language a player-app path names (`/ru/games/42` → ru), if it names one this build has. */
export function localeOfPath(path: string): string | null {
  const segment = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  return segment && isSupportedLocale(segment) ? segment : null;
}

/** The home page of a language: `/en`, `/en/`. */
export function isHomePath(path: string): boolean {
  return /^\/[a-z]{2}\/?$/.test(path);
}

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` escaped (`\u003c`…), so no
 * text in the data can close the element or open a comment; JSON.parse reads them back as they
 * were. U+2028 and U+2029 are escaped too, for any reader that takes the text as JavaScript.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** Vite's manifest of the build (`.vite/manifest.json`); null when absent or unreadable. */
function readManifest(root: string): Manifest | null {
  const manifestPath = join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** A chunk's file and those of every chunk it imports statically, in the order met. */
function staticClosure(manifest: Manifest, chunk: ManifestChunk | undefined): string[] {
  const files: string[] = [];
  const visit = (entry: ManifestChunk | undefined) => {
    if (!entry || files.includes(entry.file)) return;
    files.push(entry.file);
    for (const imported of entry.imports ?? []) visit(manifest[imported]);
  };
  visit(chunk);
  return files.filter((file) => /^assets\/[\w.~-]+\.js$/.test(file));
}

/**
 * Per language, the `<link rel="modulepreload">` tags of its first-paint texts (the entry
 * `virtual:locale-part/<lang>/locale-<lang>-first` of Vite's manifest, made by the web build's
 * `build/locale-parts.ts`, and what it imports), which the app fetches before its first render:
 * named in the HTML they load beside the app's own chunks instead of after them. The rest of the
 * texts come later with the first lazy page. An unreadable manifest or another layout of the
 * locales gives no tags.
 */
function localePreloadTags(manifest: Manifest | null): Map<string, string> {
  const tags = new Map<string, string>();
  if (!manifest) return tags;
  for (const [key, chunk] of Object.entries(manifest)) {
    const locale = /^virtual:locale-part\/([a-z]{2})\/locale-\1-first$/.exec(key)?.[1];
    if (!locale || !isSupportedLocale(locale)) continue;
    tags.set(
      locale,
      staticClosure(manifest, chunk)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
    );
  }
  return tags;
}

/**
 * The layers the player app fetches ahead of their first opening, by their module in the web
 * app's sources (`apps/web/src/app/layout/layer-prefetch.ts` names the same two): the wallet and
 * the sign-in dialogs.
 */
const prefetchedLayerModules = {
  wallet: 'src/app/layout/app-wallet-dialog.tsx',
  auth: 'src/features/auth/components/auth-dialog.tsx',
} as const;

/**
 * Where the page names the prefetched layers' files (`<script type="application/json"
 * id="layer-files">`): per layer, its chunk and the chunks it imports statically that the app's
 * entry does not already load, as `/assets/…` addresses. The app adds a `<link
 * rel="modulepreload">` for each once the page has settled, so a layer's code is fetched then
 * and run only when the layer opens or on a sign of intent (running the wallet's and the sign-in's
 * modules a second after the shell mounted was a long task of a signed-in page's load). The same
 * for every navigation of a build; empty when the manifest does not name the layers (the app then
 * loads them as before).
 */
function layerFilesScript(manifest: Manifest | null): string {
  if (!manifest) return '';
  const loadedByEntry = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => staticClosure(manifest, chunk)),
  );
  const layers: Record<string, string[]> = {};
  for (const [layer, module] of Object.entries(prefetchedLayerModules)) {
    const chunk = manifest[module];
    if (!chunk) continue;
    layers[layer] = staticClosure(manifest, chunk)
      .filter((file) => !loadedByEntry.has(file))
      .map((file) => `/${file}`);
  }
  if (Object.keys(layers).length === 0) return '';
  return `<script type="application/json" id="layer-files">${jsonForHtml(layers)}</script>`;
}

/**
 * What the app would ask the API for before its first screen, answered in the page itself (a
 * JSON object the app seeds its query cache with), for a navigation to `path` in `locale` (null
 * when the path names none), and the markup of a first paint drawn before the app's scripts
 * run with what its head must fetch first (trusted HTML, its text escaped by its maker); null
 * when there is nothing to add. `texts` are the language's texts of the pages the server draws
 * (`first-paint-texts.json` of the build, `web-paint-texts.ts`), when the build has them.
 */
export type WebBootData = (
  request: FastifyRequest,
  page: { path: string; locale: string | null; texts?: PaintTexts | undefined },
) => Promise<{ data: Record<string, unknown>; firstPaint?: string; head?: string } | null>;

/** The operators' app's own address space (issue 24): its deep links get its index.html. */
export const backofficePrefix = '/backoffice';

export function isBackofficePath(path: string): boolean {
  return path === backofficePrefix || path.startsWith(`${backofficePrefix}/`);
}

/**
 * Serves the built player app when WEB_DIST_DIR holds one and the operators' app under
 * /backoffice when BACKOFFICE_DIST_DIR does, and answers every unknown path: an HTML navigation
 * gets the index.html of the app it belongs to, anything else 404.
 */
export default fastifyPlugin(
  async (
    app,
    options: { distDirectory: string; backofficeDistDirectory?: string; bootData?: WebBootData },
  ) => {
    const root = options.distDirectory;
    const hasWebApp = existsSync(join(root, 'index.html'));
    // Read once, like the operators' app: the player app changes only with a release (a restart).
    // A build with the placeholder gets each navigation's preloads and boot data in it (then
    // compressed on the fly); one without is sent as the file, through its compressed copies.
    const webIndex = hasWebApp ? readFileSync(join(root, 'index.html'), 'utf8') : '';
    const placeholderAt = webIndex.indexOf(bootPlaceholder);
    const manifest = placeholderAt >= 0 ? readManifest(root) : null;
    const localePreloads = localePreloadTags(manifest);
    const layerFiles = layerFilesScript(manifest);
    const paintTexts = placeholderAt >= 0 ? readPaintTexts(root) : new Map<string, PaintTexts>();

    const sendWebIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (placeholderAt < 0) return reply.sendFile('index.html');
      const path = request.url.split('?')[0] ?? request.url;
      const locale = localeOfPath(path);
      let data: Record<string, unknown> | null = null;
      let firstPaint = '';
      let head = '';
      try {
        const texts = locale ? paintTexts.get(locale) : undefined;
        const boot = await options.bootData?.(request, { path, locale, texts });
        data = boot?.data ?? null;
        firstPaint = boot?.firstPaint ?? '';
        head = boot?.head ?? '';
      } catch (error) {
        // the page works without it: the app asks the API as it always did
        request.log.warn({ err: error }, 'the boot data for the page could not be read');
      }
      const added =
        (locale ? (localePreloads.get(locale) ?? '') : '') +
        layerFiles +
        (data
          ? `<script type="application/json" id="boot-data">${jsonForHtml(data)}</script>`
          : '');
      const page = (
        webIndex.slice(0, placeholderAt) +
        added +
        webIndex.slice(placeholderAt + bootPlaceholder.length)
      )
        .replace(headPlaceholder, () => head)
        .replace(firstPaintPlaceholder, () => firstPaint);
      return (
        reply
          // the boot data depends on the visitor's country (the banners): no shared cache
          .header('cache-control', data ? 'private, no-cache' : 'no-cache')
          .type('text/html; charset=utf-8')
          .send(locale ? page.replace('<html lang="en"', `<html lang="${locale}"`) : page)
      );
    };
    const backofficeRoot = options.backofficeDistDirectory;
    const backofficeIndexPath = backofficeRoot ? join(backofficeRoot, 'index.html') : null;
    // read once: the operators' app changes only with a release (a restart)
    const backofficeIndex =
      backofficeIndexPath && existsSync(backofficeIndexPath)
        ? readFileSync(backofficeIndexPath)
        : null;

    const sendBackofficeIndex = (reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(backofficeIndex);

    if (backofficeRoot && backofficeIndex) {
      // the app's root (a directory to the static server, which would refuse it)
      app.get(`${backofficePrefix}/`, { schema: { hide: true } }, async (_request, reply) =>
        sendBackofficeIndex(reply),
      );
      await app.register(fastifyStatic, {
        root: backofficeRoot,
        prefix: `${backofficePrefix}/`,
        // the player app's registration below owns reply.sendFile
        decorateReply: false,
        // the index is answered by the fallback below (it is the app's every deep link)
        index: false,
        cacheControl: false,
        etag: true,
        lastModified: true,
        setHeaders: (response, filePath) => {
          response.setHeader('cache-control', cacheControlFor(backofficeRoot, filePath));
        },
      });
    }

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        etag: true,
        lastModified: true,
        // `index.html.br`, `assets/x.js.gz`…, chosen by the request's accept-encoding; a file
        // without compressed copies (an image, a font) goes out as it is
        preCompressed: true,
        // `/` is the app's page (below), not the file
        index: placeholderAt >= 0 ? false : ['index.html'],
        setHeaders: (response, filePath) => {
          response.setHeader('cache-control', cacheControlFor(root, filePath));
          // the answer depends on accept-encoding whichever copy was chosen: caches must know
          if (precompressedSuffix.test(filePath) || compressedCopyExists(filePath)) {
            response.setHeader('vary', 'accept-encoding');
          }
        },
      });
    }

    if (hasWebApp && placeholderAt >= 0) {
      app.get('/', { schema: { hide: true } }, async (request, reply) => {
        if (!acceptsHtml(request)) return reply.sendFile('index.html');
        return sendWebIndex(request, reply);
      });
    }

    // TON Connect wallets check the manifest's url against the page that asked: it names the
    // origin this request came to (behind a proxy, the forwarded one when TRUST_PROXY allows).
    app.get('/tonconnect-manifest.json', { schema: { hide: true } }, async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .header('cache-control', 'public, max-age=3600')
        .send({ url: origin, name: brandName, iconUrl: `${origin}/favicon.svg` });
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const isNavigation = request.method === 'GET' || request.method === 'HEAD';
      if (isBackofficePath(path)) {
        if (backofficeIndex && isNavigation && acceptsHtml(request)) {
          return sendBackofficeIndex(reply);
        }
        throw new AppError('not_found');
      }
      if (hasWebApp && isNavigation && isSpaFallbackPath(path) && acceptsHtml(request)) {
        return sendWebIndex(request, reply);
      }
      throw new AppError('not_found');
    });
  },
  { name: 'web-app' },
);
