import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyPlugin from 'fastify-plugin';

/** Answers smaller than this go out raw: compressing them costs more than the bytes it saves. */
export const compressionThresholdBytes = 1024;

/**
 * Compresses the server's answers on the fly (brotli at a fast level, else gzip), above
 * `compressionThresholdBytes`, only for compressible types (mime-db's list: JSON, HTML, SVG, text
 * — never PNG, JPEG, WebP or fonts, already compressed), adding `vary: accept-encoding`. The built
 * app's files are compressed once at build time and sent as they are (`web-app.ts`): an answer
 * that already has a `content-encoding` is left alone. WebSocket upgrades (`/connection/…`) never
 * reach a reply, and the server has no server-sent or streamed answers to hold back.
 */
export default fastifyPlugin(
  async (app) => {
    // Request bodies in `content-encoding` gzip, deflate or brotli are inflated before parsing
    // (@fastify/compress's default) — on the routes that take a body. A GET or HEAD has none
    // that Fastify would parse, so its routes skip that hook.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
        route.decompress = false;
      }
    });
    await app.register(fastifyCompress, {
      global: true,
      threshold: compressionThresholdBytes,
      encodings: ['br', 'gzip'],
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
