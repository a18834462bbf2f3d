import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the API server under /admin/ (history mode), so every asset URL is
// prefixed with it.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5174,
    // xfwd: the server sees these requests as forwarded, so the development helpers that answer
    // only this machine stay closed to phones that reach a dev server started with --host.
    proxy: { '/prod-api': { target: 'http://localhost:8080', xfwd: true } },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 2000,
  },
});
