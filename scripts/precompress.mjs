// Writes brotli (.br) and gzip (.gz) copies of every text asset of a built folder, so the server
// sends them compressed without compressing on each request (@fastify/static preCompressed).
// Usage: node scripts/precompress.mjs <dist folder>...
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (TEXT.test(name)) yield p;
  }
}

for (const dir of process.argv.slice(2)) {
  let raw = 0;
  let br = 0;
  for (const file of files(dir)) {
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const b = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${file}.br`, b);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    raw += data.length;
    br += b.length;
  }
  console.log(
    `precompressed ${dir}: ${(raw / 1024).toFixed(0)} KiB of text assets, ${(br / 1024).toFixed(0)} KiB as brotli`,
  );
}
