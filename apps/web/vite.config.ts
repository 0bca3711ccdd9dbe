import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress.ts';

/**
 * The SPA is built into `dist/` (each text file beside its Brotli and gzip forms) and served by the Quire server; in
 * development `/api` goes to that server.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.QUIRE_API_URL ?? 'http://localhost:5000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
