import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintTextsPlugin } from './build/first-paint-texts.ts';
import { localePartsPlugin } from './build/locale-parts.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), localePartsPlugin(), firstPaintTextsPlugin(), precompress()],
  // `@/` is apps/web/src (the same alias as tsconfig.json's `paths` and the unit tests').
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `.vite/manifest.json`: the first-load budget check (`build/first-load.ts`) reads it
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // (Each language is two chunks of its own, `locale-<language>-first` and `-later`, named
            // by `build/locale-parts.ts`: a group here would add a facade chunk in front of each.)
            // React and the router: every page needs them and they change far less often than
            // the app, so they stay cached across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            { name: 'router', test: /node_modules[\\/]react-router/, priority: 30 },
            // Everything else the first load needs (the entry's static imports): one file, not a
            // hundred small shared chunks, each a request of its own.
            {
              name: 'app',
              tags: ['$initial'],
              // the entry itself stays the entry chunk, the one index.html names
              test: (id) => !/(^|[\\/])(index\.html|src[\\/]main\.tsx)$/.test(id),
              priority: 20,
            },
            // The messenger's mini-app SDK: only the messenger build loads it, never merged into
            // a chunk other pages fetch.
            {
              name: 'messenger-sdk',
              test: /node_modules[\\/]@telegram-apps[\\/]/,
              priority: 25,
            },
            // TON Connect and the TON libraries (about 190 kB gzip): only the wallet's TON deposit
            // (`features/wallet/components/ton-connect.tsx`, loaded when it is shown) uses them. In
            // the `lib` groups below, the 1.4 kB of icons the wallet dialog, the bonuses page and
            // the bonus drawer share with it was merged into the TON libraries' chunk, so each of
            // those fetched and ran the whole of TON Connect when opened.
            {
              name: 'ton',
              test: /node_modules[\\/](@tonconnect|@ton|tweetnacl|tweetnacl-util|jssha|ua-parser-js|buffer|base64-js|ieee754)[\\/]/,
              priority: 15,
            },
            // Libraries only lazily loaded code uses: grouped by the pages and dialogs that use
            // them, and groups under 20 KB merged into a neighbour, rather than one small file
            // per library module (date-fns' helpers, each icon…).
            {
              name: 'lib',
              test: /node_modules/,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/flags': { target: apiTarget, changeOrigin: false },
      '/connection': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/flags': { target: apiTarget, changeOrigin: false },
      '/connection': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});
