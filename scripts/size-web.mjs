// What the first screens of the agent app cost: the entry with every chunk it imports statically,
// plus the page chunk (and its static imports) of the login page, of each tab and of the mall,
// each raw, gzip and brotli. Read from Vite's build manifest, so it counts exactly what the
// browser fetches. Exits 1 when the login page's first screen (the entry and the login page's
// files) is over 100 KB (100,000 bytes) of brotli JavaScript, or the entry (what every first
// screen runs before its page) over 85,000 bytes (issue 35); npm test runs it after the build.
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
  terminal: 'src/features/terminals/pages/terminal-tab-page.tsx',
  data: 'src/features/data/pages/data-page.tsx',
  mine: 'src/features/mine/pages/mine-page.tsx',
  mall: 'src/features/mall/pages/mall-index-page.tsx',
};
/** Brotli bytes of JavaScript the entry may take (82,751 on 2026-11-28). */
export const ENTRY_BUDGET = 85_000;
/** Brotli bytes of JavaScript the login page's first screen may take (98,991 on 2026-11-28). */
export const LOGIN_BUDGET = 100_000;

/** The budgets a build is over, in words; empty when it keeps them. */
export function overBudget(size) {
  const over = [];
  if (size.shell.js.brotli > ENTRY_BUDGET) {
    over.push(`the entry is ${size.shell.js.brotli} bytes, over ${ENTRY_BUDGET}`);
  }
  if (size.login.js.brotli > LOGIN_BUDGET) {
    over.push(
      `the login page's first screen is ${size.login.js.brotli} bytes, over ${LOGIN_BUDGET}`,
    );
  }
  return over;
}

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
    ...Object.keys(PAGES).map((name) => line(`${name} page, first screen`, size[name])),
    `budgets, bytes of brotli JavaScript: entry ${size.shell.js.brotli} of ${ENTRY_BUDGET}` +
      (size.shell.js.brotli > ENTRY_BUDGET ? ' - OVER' : '') +
      `; login page's first screen ${size.login.js.brotli} of ${LOGIN_BUDGET}` +
      (size.login.js.brotli > LOGIN_BUDGET ? ' - OVER' : ''),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = firstScreenSize(process.argv[2] ? path.resolve(process.argv[2]) : DIST);
  const listed = new Set();
  const rows = Object.keys(PAGES).flatMap((name) =>
    size[name].js.rows.filter((r) => !listed.has(r.file) && listed.add(r.file)),
  );
  for (const row of rows) {
    console.log(
      `${row.file.padEnd(52)} ${kib(row.raw).padStart(10)}  gzip ${kib(row.gzip).padStart(9)}  br ${kib(row.brotli).padStart(9)}`,
    );
  }
  console.log(describe(size));
  const over = overBudget(size);
  if (over.length > 0) {
    console.log(`Over budget: ${over.join('; ')}.`);
    process.exitCode = 1;
  }
}
