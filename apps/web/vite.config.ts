import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    // The app shell (page, scripts, styles, icons) is cached by a Workbox service worker, so a
    // reload without network shows the app and its offline state. API answers are never cached:
    // no runtime caching is configured, so /prod-api always goes to the network.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the app's manifest
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.{br,gz}', 'static/banners/**', 'static/products/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/prod-api\//, /^\/admin/],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
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
    // dist/.vite/manifest.json: what each page needs, read by npm run size:web and bench:web.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically travels in one file (the shell), not a dozen:
        // on HTTP/1.1 a phone fetches six files at a time, and each costs a round trip. Pages
        // and the libraries only they use still load with their route.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
