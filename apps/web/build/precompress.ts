import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser gets: fonts (woff2) and images (PNG, JPEG, WebP) are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minimumBytes = 1024;

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    // `.vite/` (the manifest) is for the build's checks, never served
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesUnder(path);
    } else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of the build, public files included, once at build time: the server sends
 * the copy the browser accepts (`@fastify/static`'s `preCompressed`) and compresses nothing of
 * the app's on the fly.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'casino:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) {
        if (!compressible.test(path) || (await stat(path)).size < minimumBytes) continue;
        jobs.push(
          readFile(path).then(async (content) => {
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}
