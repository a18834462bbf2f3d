// What the first screens of the agent app cost: the entry with every chunk it imports statically,
// plus the page chunk (and its static imports) of the login page and of the home tab, each raw,
// gzip and brotli. Read from Vite's build manifest, so it counts exactly what the browser fetches.
// Usage: npm run size:web (after npm run build). Imported by bench-web.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../apps/web/dist');
const PAGES = {
  login: 'src/features/auth/pages/login-page.tsx',
  home: 'src/features/home/pages/home-page.tsx',
};

function weigh(dist, files) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  const rows = [];
  for (const file of files) {
    const data = readFileSync(path.join(dist, file));
    const row = {
      file,
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data).length,
    };
    rows.push(row);
    sum.raw += row.raw;
    sum.gzip += row.gzip;
    sum.brotli += row.brotli;
  }
  return { ...sum, rows };
}

/** The files a manifest entry needs before it runs: its chunk, its static imports, their CSS. */
function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}
function files(manifest, keys, ext) {
  const out = new Set();
  for (const key of keys) {
    const c = manifest[key];
    if (ext === 'js') out.add(c.file);
    else for (const css of c.css ?? []) out.add(css);
  }
  return [...out];
}

/** Sizes of the entry (the shell) and of the shell plus each first page. */
export function firstScreenSize(dist = DIST) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const shell = closure(manifest, entry);
  const result = { shell: { js: weigh(dist, files(manifest, shell, 'js')) } };
  for (const [name, src] of Object.entries(PAGES)) {
    if (!manifest[src]) throw new Error(`${src} is not in the build manifest`);
    const keys = closure(manifest, src, new Set(shell));
    result[name] = {
      js: weigh(dist, files(manifest, keys, 'js')),
      css: weigh(dist, files(manifest, keys, 'css')),
    };
  }
  return result;
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
export function describe(size) {
  const line = (name, s) =>
    `${name}: JavaScript ${kib(s.js.gzip)} gzip, ${kib(s.js.brotli)} brotli (${kib(s.js.raw)} raw)` +
    (s.css ? `; CSS ${kib(s.css.gzip)} gzip` : '');
  return [
    line('app shell (entry)', size.shell),
    line('login page, first screen', size.login),
    line('home tab, first screen', size.home),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = firstScreenSize();
  for (const row of size.login.js.rows.concat(
    size.home.js.rows.filter((r) => !size.login.js.rows.some((l) => l.file === r.file)),
  )) {
    console.log(
      `${row.file.padEnd(52)} ${kib(row.raw).padStart(10)}  gzip ${kib(row.gzip).padStart(9)}  br ${kib(row.brotli).padStart(9)}`,
    );
  }
  console.log(describe(size));
}
