// Prints what the first screen of the agent app costs: the entry script and everything the page
// shell loads before the app runs (module preloads, stylesheets), raw, gzip and brotli.
// Usage: npm run size:web (after npm run build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let raw = 0;
let gz = 0;
let br = 0;
for (const ref of [...new Set(refs)]) {
  const data = readFileSync(path.join(dist, ref));
  const g = gzipSync(data, { level: 9 }).length;
  const b = brotliCompressSync(data).length;
  raw += data.length;
  gz += g;
  br += b;
  console.log(
    `${ref.padEnd(48)} ${(data.length / 1024).toFixed(1).padStart(7)} KiB  gzip ${(g / 1024).toFixed(1).padStart(6)} KiB  br ${(b / 1024).toFixed(1).padStart(6)} KiB`,
  );
}
console.log(
  `first screen: ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip, ${(br / 1024).toFixed(1)} KiB brotli`,
);
