import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the admin panel into dist/admin; the API server serves it at `/` with a fallback to index.html. */
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
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
