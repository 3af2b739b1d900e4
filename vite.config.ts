import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the admin panel into dist/admin; the API server serves it at `/` with a fallback to index.html. */
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  resolve: {
    alias: {
      // The native function instead of its polyfill and the es-shims it needs (see the file).
      'object.entries': fileURLToPath(new URL('src/admin/shims/object.entries.cjs', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `npm run dev:admin` talks to a server started separately (`npm run dev`, port 3000 by default).
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
      '/uploads': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
    },
  },
});
