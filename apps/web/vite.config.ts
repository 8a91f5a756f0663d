import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `@/` is apps/web/src (the same alias as tsconfig.json's `paths` and the unit tests').
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        manualChunks(id) {
          // One chunk per language, named after it (`locale-ru-….js`), fetched when it is chosen.
          const locale = /\/src\/locales\/([a-z]{2})\//.exec(id)?.[1];
          if (locale) return `locale-${locale}`;
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          if (id.includes('node_modules/zod')) return 'zod';
          if (id.includes('node_modules/country-flag-icons')) return undefined;
          // TON Connect (and the TON libraries) load only with the TON wallet views.
          if (/node_modules\/(@tonconnect|@ton|buffer)\//.test(id)) return undefined;
          // The common-password list loads only when the sign-up form is used.
          if (id.includes('node_modules/@zxcvbn-ts/')) return undefined;
          return 'vendor';
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
