import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

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
  async (app, options: { distDirectory: string; backofficeDistDirectory?: string }) => {
    const root = options.distDirectory;
    const hasWebApp = existsSync(join(root, 'index.html'));
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
        setHeaders: (response, filePath) => {
          response.setHeader('cache-control', cacheControlFor(root, filePath));
          // the answer depends on accept-encoding whichever copy was chosen: caches must know
          if (precompressedSuffix.test(filePath) || compressedCopyExists(filePath)) {
            response.setHeader('vary', 'accept-encoding');
          }
        },
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
        return reply.sendFile('index.html');
      }
      throw new AppError('not_found');
    });
  },
  { name: 'web-app' },
);
