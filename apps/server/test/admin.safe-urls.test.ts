import type { AdminAppConfig, MallProduct } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * Every address an operator can store (download links, banner, poster and product images) is
 * checked by the server: the red team's `javascript:` download link and protocol-relative image,
 * and their cousins, are refused with the field named and nothing written; http(s) links and
 * this site's paths still save.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

const HOSTILE = [
  'javascript:alert(localStorage.token)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'java\tscript:alert(1)',
  '&#106;avascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:https://agent.example.com/0d7f',
  '//203.0.113.9/x.png',
  '/\\evil.com',
  'http:/\\evil',
  'file:///etc/passwd',
  'https://bank.example@evil.example/x',
];

let content: string;
let ops: string;
let bannerId: number;
let product: MallProduct;
let config: AdminAppConfig;
beforeAll(async () => {
  [content, ops] = await Promise.all([adminLogin(app, 'content'), adminLogin(app, 'operations')]);
  const [banner] = await rows<{ id: unknown }>(db, sql`SELECT id FROM banners ORDER BY id LIMIT 1`);
  bannerId = Number(banner!.id);
  product = (await adminCall<MallProduct[]>(app, ops, 'GET', '/mall/products')).body.data[0]!;
  config = (await adminCall<AdminAppConfig>(app, content, 'GET', '/app-config')).body.data;
});

/** Sets a dotted field of a request body. */
function withField(body: Record<string, unknown>, field: string, value: string) {
  const [head, tail] = field.split('.') as [string, string | undefined];
  if (!tail) return { ...body, [head]: value };
  return { ...body, [head]: { ...(body[head] as object), [tail]: value } };
}

/** Every save endpoint with an address in it: who may call it, a valid body, its URL fields. */
const endpoints = () => [
  {
    url: '/banners/save',
    token: content,
    body: {
      id: bannerId,
      title: '开春活动',
      imageUrl: '/static/banners/banner-1.svg',
      bannerType: 1,
      isShow: true,
      content: '',
      sort: 0,
    },
    fields: { imageUrl: '图片地址' },
  },
  {
    url: '/app-versions/package',
    token: content,
    body: {
      platform: 'android',
      version: '9.9.7',
      title: '新版本',
      url: '/downloads/a.apk',
      sha256: 'ab'.repeat(32),
    },
    fields: { url: '下载地址' },
  },
  {
    url: '/app-config/save',
    token: content,
    body: { ...config } as Record<string, unknown>,
    fields: {
      androidUrl: 'Android 下载地址',
      iosUrl: 'iOS 下载地址',
      'sharePoster.imageUrl': '海报地址',
    },
  },
  {
    url: '/mall/products/save',
    token: ops,
    body: {
      id: product.id,
      brandId: product.brandId,
      model: product.model,
      name: product.name,
      imageUrl: product.imageUrl ?? undefined,
      priceTiers: product.priceTiers,
      stock: product.stock,
      onSale: product.onSale,
    },
    fields: { imageUrl: '商品图片' },
  },
];

/** What the endpoints write, to show a refused request left everything as it was. */
const snapshot = async () => ({
  banners: await rows(db, sql`SELECT * FROM banners ORDER BY id`),
  versions: await rows(db, sql`SELECT * FROM app_versions ORDER BY id`),
  configs: await rows(db, sql`SELECT * FROM app_configs ORDER BY domain`),
  products: await rows(db, sql`SELECT * FROM mall_products ORDER BY id`),
  audits: await rows(db, sql`SELECT count(*) AS n FROM audit_logs`),
});

describe('addresses operators store', () => {
  it('refuses every hostile form in every address field, naming the field and writing nothing', async () => {
    const before = await snapshot();
    let tried = 0;
    for (const ep of endpoints()) {
      for (const [field, label] of Object.entries(ep.fields)) {
        for (const value of HOSTILE) {
          const res = await adminCall(
            app,
            ep.token,
            'POST',
            ep.url,
            withField(ep.body, field, value),
          );
          expect(res.status, `${ep.url} ${field}=${JSON.stringify(value)}`).toBe(400);
          expect(res.body, `${ep.url} ${field}=${JSON.stringify(value)}`).toMatchObject({
            code: 400,
            field,
          });
          expect(res.body.msg).toContain(label);
          tried++;
        }
      }
    }
    expect(tried).toBe(6 * HOSTILE.length);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps images to this site: an image elsewhere or a page of the app is not an image', async () => {
    const before = await snapshot();
    for (const ep of endpoints()) {
      for (const field of Object.keys(ep.fields).filter((f) => /image/i.test(f))) {
        for (const value of ['https://cdn.example.com/x.png', '/pages/home/index']) {
          const res = await adminCall(
            app,
            ep.token,
            'POST',
            ep.url,
            withField(ep.body, field, value),
          );
          expect(res.body, `${ep.url} ${field}=${value}`).toMatchObject({ code: 400, field });
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses plain http for downloads and the API as a download address', async () => {
    const before = await snapshot();
    for (const value of ['http://downloads.example.com/a.apk', '/prod-api/api/logout']) {
      for (const field of ['androidUrl', 'iosUrl']) {
        const res = await adminCall(app, content, 'POST', '/app-config/save', {
          ...config,
          [field]: value,
        });
        expect(res.body, `${field}=${value}`).toMatchObject({ code: 400, field });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('still saves https links and paths of this site', async () => {
    const banner = await adminCall(app, content, 'POST', '/banners/save', {
      ...endpoints()[0]!.body,
      imageUrl:
        '/prod-api/files/1/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    });
    expect(banner.body.code, banner.body.msg).toBe(200);

    const pkg = await adminCall(app, content, 'POST', '/app-versions/package', {
      ...endpoints()[1]!.body,
      url: 'https://downloads.example.com/pos-9.9.7.apk',
    });
    expect(pkg.body.code, pkg.body.msg).toBe(200);

    const saved = await adminCall(app, content, 'POST', '/app-config/save', {
      ...config,
      androidUrl: ' https://downloads.example.com/pos.apk ',
      iosUrl: '/pages/home/invitation/downIos',
      sharePoster: { isShow: true, imageUrl: '/static/share-poster.svg' },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const after = (await adminCall<AdminAppConfig>(app, content, 'GET', '/app-config')).body.data;
    expect(after).toMatchObject({
      androidUrl: 'https://downloads.example.com/pos.apk',
      iosUrl: '/pages/home/invitation/downIos',
    });

    const prod = await adminCall(app, ops, 'POST', '/mall/products/save', {
      ...endpoints()[3]!.body,
      imageUrl: '/static/products/card-pos.svg',
    });
    expect(prod.body.code, prod.body.msg).toBe(200);
  });

  it('keeps the seeded addresses valid: saving them back unchanged succeeds', async () => {
    for (const ep of endpoints()) {
      if (ep.url === '/app-versions/package') continue;
      const res = await adminCall(app, ep.token, 'POST', ep.url, ep.body);
      expect(res.body.code, `${ep.url}: ${res.body.msg}`).toBe(200);
    }
    const seededVersions = await rows<{ url: string }>(db, sql`SELECT url FROM app_versions`);
    const { isSafeLink } = await import('@pos/core');
    for (const { url } of seededVersions) expect(isSafeLink(url), url).toBe(true);
  });
});
