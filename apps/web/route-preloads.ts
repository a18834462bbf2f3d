import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/route-preloads.json: for every screen path, the script and style files its page
 * needs beyond the app shell. The server names them in the page it sends for that path
 * (<link rel="modulepreload">), so a phone fetches the page's files while the shell is still
 * arriving instead of after it has run.
 *
 * Screen paths come from each feature's routes.ts, whose entries are written as
 * `'<path>': { load: () => import('./pages/<file>') ... }` or name a loader declared as
 * `const <name> = { load: () => import('./pages/<file>') ... }`. A test checks that every page
 * the app registers is found here (apps/web/src/app/route-preloads.test.ts).
 */
export function pageModulesByRoute(srcDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const features = path.join(srcDir, 'features');
  for (const feature of readdirSync(features)) {
    let text: string;
    try {
      text = readFileSync(path.join(features, feature, 'routes.ts'), 'utf8');
    } catch {
      continue;
    }
    const named = new Map<string, string>();
    for (const m of text.matchAll(/const (\w+) = \{\s*load: \(\) => import\('\.\/([^']+)'\)/g)) {
      named.set(m[1]!, m[2]!);
    }
    const file = (rel: string) => path.join(features, feature, `${rel}.tsx`);
    for (const m of text.matchAll(/'(\/[^']*)': \{\s*load: \(\) => import\('\.\/([^']+)'\)/g)) {
      out[m[1]!] = file(m[2]!);
    }
    for (const m of text.matchAll(/'(\/[^']*)': (\w+),/g)) {
      const rel = named.get(m[2]!);
      if (rel) out[m[1]!] = file(rel);
    }
  }
  return out;
}

export function routePreloads(srcDir: string): Plugin {
  return {
    name: 'pos:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      // What index.html already loads: the entry and everything it imports statically.
      const shell = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || shell.has(fileName)) return;
        into.add(fileName);
        for (const dep of byFile.get(fileName)?.imports ?? []) walk(dep, into);
      };
      if (entry) walk(entry.fileName, shell);
      const byModule = new Map(
        chunks.filter((c) => c.facadeModuleId).map((c) => [path.normalize(c.facadeModuleId!), c]),
      );
      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const [route, module] of Object.entries(pageModulesByRoute(srcDir))) {
        const page = byModule.get(path.normalize(module));
        if (!page) continue;
        const files = new Set<string>();
        walk(page.fileName, files);
        const css = new Set<string>();
        for (const f of files) {
          for (const c of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.add(c);
        }
        preloads[route] = { js: [...files], css: [...css] };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}
