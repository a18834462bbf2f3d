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
    proxy: { '/prod-api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 2000,
  },
});
