import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:8080';

// The operators' app: served by the API server under /backoffice (apps/server's web-app plugin),
// built apart from the player app so that nothing of it reaches a player's download.
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // libraries change far less often than the screens: they stay cached across releases
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            { name: 'refine', test: /node_modules[\\/](@refinedev|@tanstack)[\\/]/, priority: 30 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': apiTarget },
  },
});
