import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The names a folder's files import from the icon package. */
function iconImports(dir: string, ext: RegExp): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!ext.test(file) || file.includes('.test.')) continue;
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd-mobile-icons'/g)) {
      for (const name of m[1]!.split(',')) if (name.trim()) names.add(name.trim());
    }
  }
  return names;
}

/**
 * The icons the home tab draws (its shortcut grid has 27), less those the kit's own components
 * use everywhere (the login form's list arrow, say). Each icon is its own module, and the ones
 * other pages share ended up in a dozen small files, each a round trip on the landing tab; this
 * group brings them in one. Read from the imports, so the list keeps itself.
 */
const kitDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('antd-mobile')),
  '../es',
);
const KIT_ICONS = iconImports(kitDir, /\.js$/);
const HOME_ICONS = new Set(
  [
    ...iconImports(fileURLToPath(new URL('./src/features/home', import.meta.url)), /\.tsx?$/),
  ].filter((name) => !KIT_ICONS.has(name)),
);
const iconName = (id: string) => /antd-mobile-icons[\\/]es[\\/](\w+)\.js$/.exec(id)?.[1];

/**
 * In the production build the kit's `utils/unstable-render` (how its Toast, Dialog and pickers
 * mount) is src/lib/kit-unstable-render.ts, which mounts with React 19's createRoot from the
 * start: the kit's own brings its legacy renderer with the Babel runtime (about 3 KB brotli) to
 * the entry. The development server pre-bundles the kit, so there main.tsx sets the render.
 */
const kitUnstableRender = fileURLToPath(
  new URL('./src/lib/kit-unstable-render.ts', import.meta.url),
);
const kitRenderPlugin: Plugin = {
  name: 'pos-kit-render',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.endsWith('unstable-render')) return null;
    const found = await this.resolve(source, importer, { ...options, skipSelf: true });
    return found && /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/.test(found.id)
      ? kitUnstableRender
      : found;
  },
};

export default defineConfig({
  plugins: [
    react(),
    kitRenderPlugin,
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
        // The message centre's push and notificationclick handlers (public/push-sw.js).
        importScripts: ['/push-sw.js'],
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
    // xfwd: the server sees these requests as forwarded, so the development helpers that answer
    // only this machine stay closed to phones that reach a dev server started with --host.
    proxy: { '/prod-api': { target: 'http://localhost:8080', xfwd: true } },
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
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'home-icons', test: (id) => HOME_ICONS.has(iconName(id) ?? '') },
          ],
        },
      },
    },
  },
});
