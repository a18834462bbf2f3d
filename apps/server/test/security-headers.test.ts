import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { inlineScriptHashes } from '../src/plugins/security-headers';
import { adminLogin } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { multipart, pngOf, uploadMerchantFile } from './upload-helpers';

/**
 * Every page and answer carries the security headers; published files go out as the type their
 * bytes showed at upload, never sniffed; images claiming huge dimensions are refused; the metrics
 * answer only this machine while no token is set.
 */
const EARLY = `
      window.__early = fetch('/prod-api/api/ag/app/param/getByDomain');
    `;
const webDist = mkdtempSync(path.join(tmpdir(), 'csp-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><style>.boot{color:red}</style></head><body><script>${EARLY}</script>` +
    `<div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>`,
);
const consoleDist = mkdtempSync(path.join(tmpdir(), 'csp-console-'));
mkdirSync(path.join(consoleDist, 'assets'));
writeFileSync(
  path.join(consoleDist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/admin/assets/a.js"></script></body></html>',
);

const ctx = await createTestContext({ adminTotp: false, webDist, consoleDist });
const { app } = ctx;
const earlyHash = `'sha256-${createHash('sha256').update(EARLY).digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

function expectPageHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  const policy = csp(headers['content-security-policy']);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['script-src']).toContain("'self'");
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
  expect(policy['upgrade-insecure-requests']).toBeUndefined();
  return policy;
}

async function uploadBanner(token: string, file: Buffer) {
  const body = multipart(file);
  return app.inject({
    method: 'POST',
    url: '/prod-api/admin/files/upload',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
}

const contentFiles = async () =>
  Number((await rows<{ n: string }>(app.db, sql`SELECT count(*) AS n FROM content_files`))[0]!.n);

describe('security headers', () => {
  it("on the agent app's pages, allowing its inline script by hash only", async () => {
    for (const url of ['/', '/pages/home/home/index']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const policy = expectPageHeaders(res.headers);
      expect(policy['script-src']).toContain(earlyHash);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src']).toEqual(
        expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']),
      );
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['worker-src']).toEqual(["'self'"]);
      // The business school's videos are https links; nothing else plays from elsewhere.
      expect(policy['media-src']).toEqual(["'self'", 'https:']);
    }
    expect(inlineScriptHashes(`<script>${EARLY}</script><script src="/a.js"></script>`)).toEqual([
      earlyHash,
    ]);
  });

  it('on the console, the API docs, an API answer, the 404 page and health', async () => {
    for (const url of [
      '/admin/',
      '/admin/withdrawals',
      '/prod-api/docs',
      '/prod-api/docs/static/index.html',
      '/prod-api/captchaImage',
      '/no-such-page',
      '/healthz',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expectPageHeaders(res.headers);
    }
    const refused = await app.inject({ method: 'POST', url: '/prod-api/login/app', payload: {} });
    expect(refused.statusCode).toBe(400);
    expectPageHeaders(refused.headers);
  });
});

describe('published files', () => {
  it('go out as the type found at upload, never sniffed, sandboxed, showable by the native shells', async () => {
    const content = await adminLogin(app, 'content');
    // A PNG that is also an HTML page with a script.
    const polyglot = pngOf(
      2,
      2,
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    );
    const up = (await uploadBanner(content, polyglot)).json() as {
      code: number;
      data: { url: string };
    };
    expect(up.code).toBe(200);
    const served = await app.inject({ url: up.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const policy = csp(served.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy).toHaveProperty('sandbox');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.equals(polyglot)).toBe(true);
  });

  it('refuse an image claiming more pixels than any screen needs, storing nothing', async () => {
    const content = await adminLogin(app, 'content');
    const before = await contentFiles();
    const huge = (await uploadBanner(content, pngOf(100_000, 100_000))).json();
    expect(huge).toMatchObject({ code: 400, field: 'file' });
    expect(huge.msg).toContain('尺寸过大');
    // Within each side but over the pixel budget.
    const wide = (await uploadBanner(content, pngOf(8000, 8000))).json();
    expect(wide).toMatchObject({ code: 400, field: 'file' });
    // A PNG signature with no readable header.
    const broken = Buffer.concat([pngOf(1, 1).subarray(0, 8), Buffer.alloc(40, 7)]);
    expect((await uploadBanner(content, broken)).json()).toMatchObject({
      code: 400,
      field: 'file',
      msg: '图片已损坏，无法读取尺寸',
    });
    expect(await contentFiles()).toBe(before);
    expect((await uploadBanner(content, pngOf(8000, 5000))).json().code).toBe(200);
  });

  it('refuse an oversize merchant image from the agent app too', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const [merchant] = await rows<{ id: string }>(
      app.db,
      sql`SELECT id FROM merchants WHERE agent_id = ${ctx.demo.top.id} ORDER BY id LIMIT 1`,
    );
    const res = await uploadMerchantFile(
      app,
      token,
      Number(merchant!.id),
      'licence',
      pngOf(9000, 100),
    );
    expect(res.json()).toMatchObject({ code: 400, field: 'file' });
    expect(res.json().msg).toContain('尺寸过大');
  });

  it('refuse an oversize ID card side, naming that side', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const boundary = '----pos-id-card';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="front"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      pngOf(100, 9000),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.json()).toMatchObject({ code: 400, field: 'front' });
    expect(res.json().msg).toContain('身份证人像面图片尺寸过大');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  const scrape = (a: FastifyInstance, remoteAddress: string, headers = {}) =>
    a.inject({ url: '/metrics', remoteAddress, headers });

  it('answers this machine only, judged by the connection', async () => {
    expect(ctx.config.metricsToken).toBe('');
    expect((await scrape(app, '127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(app, '::1')).statusCode).toBe(200);
    const outside = await scrape(app, '10.1.2.3');
    expect(outside.statusCode).toBe(403);
    expect(outside.body).not.toContain('http_request_duration_seconds');
    const forged = await scrape(app, '10.1.2.3', { 'x-forwarded-for': '127.0.0.1' });
    expect(forged.statusCode).toBe(403);
  });

  it('is not opened by a proxy on this machine that forwards someone else', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ] as Record<string, string>[]) {
      expect((await scrape(app, '127.0.0.1', headers)).statusCode).toBe(403);
    }
  });

  it('is not opened by a trusted proxy naming a loopback client', async () => {
    const proxied = await createTestContext({ trustedProxies: ['10.9.0.1'] });
    const res = await scrape(proxied.app, '10.9.0.1', { 'x-forwarded-for': '127.0.0.1' });
    expect(res.statusCode).toBe(403);
  });
});
