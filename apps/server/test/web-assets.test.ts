import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestContext } from './helpers';

/**
 * The built app's text assets leave compressed: brotli where the browser takes it, gzip
 * otherwise, from the copies the build wrote; hashed assets are cached for good, the page shell
 * never.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
mkdirSync(path.join(dist, 'assets'));
const js = `export const big = ${JSON.stringify('拓客宝 '.repeat(4000))};\n`;
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><title>app</title>${' '.repeat(2000)}`,
);
execFileSync(process.execPath, [
  path.resolve(import.meta.dirname, '../../../scripts/precompress.mjs'),
  dist,
]);

const ctx = await createTestContext();
const app = await buildApp({
  database: ctx.database,
  config: { ...ctx.config, webDist: dist },
  logger: false,
});

describe('web assets', () => {
  it('sends brotli, else gzip, else the file, always varying by Accept-Encoding', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(js) / 5);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves the page shell fresh on every route', async () => {
    const res = await app.inject({
      url: '/pages/home/home/index',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html =
      res.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(res.rawPayload).toString()
        : res.body;
    expect(html).toContain('<title>app</title>');
  });
});
