import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // `@/` is apps/web/src (the same alias as tsconfig.json's `paths` and the unit tests').
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `.vite/manifest.json`: the first-load budget check (`build/first-load.ts`) reads it
    manifest: true,
    rollupOptions: {
      output: {
        // Only React and the router get chunks of their own (every page needs them and they change
        // far less often than the app); every other library goes where the bundler puts it, with
        // the code that imports it, so one opened only with a dialog or a page loads with that.
        manualChunks(id) {
          // One chunk per language, named after it (`locale-ru-….js`), fetched when it is chosen.
          const locale = /\/src\/locales\/([a-z]{2})\//.exec(id)?.[1];
          if (locale) return `locale-${locale}`;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          return undefined;
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
