import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // One React for the app and the kit (the root package.json overrides pin React 19 for all).
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5173,
    proxy: { '/prod-api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 900,
  },
});
