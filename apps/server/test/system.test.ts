import { ENUMS } from '@pos/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appConfigs, appVersions, systemParams } from '../src/db/schema';
import { compareVersions } from '../src/modules/system/check-app-update';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const { db } = ctx.database;

const getByDomain = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/app/param/getByDomain',
    payload: payload as object,
  });

describe('POST /prod-api/api/ag/app/param/getByDomain', () => {
  it('answers the default config for an unknown domain, without a token', async () => {
    const res = await getByDomain({ domain: 'agent.example.com' });
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        domain: 'default',
        appName: '拓客宝',
        serverVersion: '1.1.2',
        clearVersion: '1.0.1',
        androidUrl: '/downloads/pos-agent-1.1.2.apk',
        sharePoster: { isShow: true },
      },
    });
    expect(res.json().data.servicePhone).toBeTruthy();
    expect((await getByDomain({ domain: '' })).json().data.domain).toBe('default');
  });

  it("answers a domain's own config, whatever case, scheme or port the app reports", async () => {
    const [fallback] = await db.select().from(appConfigs).where(eq(appConfigs.domain, 'default'));
    await db.insert(appConfigs).values({
      domain: 'brand.example.com',
      config: { ...(fallback!.config as object), appName: '品牌展业' },
    });
    for (const domain of [
      'brand.example.com',
      'BRAND.example.com',
      'https://brand.example.com:8443/x',
    ]) {
      const res = await getByDomain({ domain });
      expect(res.json().data).toMatchObject({ domain: 'brand.example.com', appName: '品牌展业' });
    }
  });

  it('refuses a body without a domain string', async () => {
    expect((await getByDomain({ domain: 42 })).json()).toMatchObject({
      code: 400,
      field: 'domain',
      msg: '域名格式错误',
    });
    expect((await getByDomain({})).json()).toMatchObject({ code: 400, field: 'domain' });
  });
});

describe('GET /prod-api/api/ag/system/config/configKey/{key}', () => {
  it('answers a public parameter with its value in msg and data', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/system/config/configKey/sys.app.version',
    });
    expect(res.json()).toEqual({ code: 200, msg: '1.1.2', data: '1.1.2' });
    const phone = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/system/config/configKey/sys.service.phone',
    });
    expect(phone.json().code).toBe(200);
  });

  it('answers 404 for an unknown or private key alike', async () => {
    await db
      .insert(systemParams)
      .values({ key: 'sys.private', name: '内部', value: 'secret', public: false });
    for (const key of ['nope', 'sys.private']) {
      const res = await app.inject({
        method: 'GET',
        url: `/prod-api/api/ag/system/config/configKey/${key}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: '参数不存在' });
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('GET /prod-api/system/dict/data/type/{type}', () => {
  it('answers the options of a core enumeration as dictionary rows', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/system/dict/data/type/bind_status',
      headers: bearer(token),
    });
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        {
          dictType: 'bind_status',
          dictValue: '0',
          dictLabel: '未绑定',
          dictLabelEn: 'Unbound',
          dictSort: 1,
        },
        {
          dictType: 'bind_status',
          dictValue: '1',
          dictLabel: '已绑定',
          dictLabelEn: 'Bound',
          dictSort: 2,
        },
        {
          dictType: 'bind_status',
          dictValue: '3',
          dictLabel: '已激活',
          dictLabelEn: 'Activated',
          dictSort: 3,
        },
      ],
    });
    for (const type of Object.keys(ENUMS) as (keyof typeof ENUMS)[]) {
      const rows = (
        await app.inject({
          method: 'GET',
          url: `/prod-api/system/dict/data/type/${type}`,
          headers: bearer(token),
        })
      ).json().data;
      expect(rows.map((r: { dictValue: string }) => r.dictValue)).toEqual(
        ENUMS[type].map((o) => String(o.value)),
      );
    }
  });

  it('answers an empty list for an unknown type, and needs a token', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    for (const type of ['no_such_type', 'toString', '__proto__']) {
      const res = await app.inject({
        method: 'GET',
        url: `/prod-api/system/dict/data/type/${type}`,
        headers: bearer(token),
      });
      expect(res.json()).toMatchObject({ code: 200, data: [] });
    }
    const none = await app.inject({
      method: 'GET',
      url: '/prod-api/system/dict/data/type/bind_status',
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('GET /prod-api/app/api/check/app/update', () => {
  const check = (query: string) =>
    app.inject({ method: 'GET', url: `/prod-api/app/api/check/app/update?${query}` });

  it('answers the newest version above the running one for the platform', async () => {
    const android = (await check('version=1.1.2&platform=android')).json();
    expect(android).toMatchObject({
      code: 200,
      data: {
        version: '1.1.3',
        platform: 'android',
        is_mandatory: false,
        url: '/downloads/pos-agent-1.1.3.apk',
        type: 'apk',
      },
    });
    expect((await check('version=1.0.0&platform=android')).json().data.version).toBe('1.1.3');
    expect((await check('version=1.1.3&platform=android')).json().data).toBeNull();
    expect((await check('version=1.1.2&platform=h5')).json().data).toBeNull();
    expect((await check('version=1.0.9&platform=h5')).json().data).toMatchObject({
      version: '1.1.2',
      type: 'wgt',
    });
    expect((await check('version=1.1.2&platform=ios')).json().data).toBeNull();
  });

  it('compares versions as numbers and keeps a skipped mandatory version mandatory', async () => {
    await db.insert(appVersions).values([
      {
        platform: 'ios',
        version: '1.9.0',
        title: 'a',
        contents: 'a',
        url: '/a',
        isMandatory: true,
        type: 'ipa',
      },
      {
        platform: 'ios',
        version: '1.10.0',
        title: 'b',
        contents: 'b',
        url: '/b',
        isMandatory: false,
        type: 'ipa',
      },
    ]);
    const data = (await check('version=1.1.2&platform=ios')).json().data;
    expect(data).toMatchObject({ version: '1.10.0', is_mandatory: true });
    expect((await check('version=1.9.0&platform=ios')).json().data).toMatchObject({
      version: '1.10.0',
      is_mandatory: false,
    });
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.1.2', '1.1.2')).toBe(0);
    expect(compareVersions('0.9.0', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0', '1.0.0')).toBeNull();
  });

  it('refuses a bad version or platform', async () => {
    expect((await check('version=1.1&platform=android')).json()).toMatchObject({
      code: 400,
      field: 'version',
      msg: '版本号格式错误',
    });
    expect((await check('version=1.1.2&platform=windows')).json()).toMatchObject({
      code: 400,
      field: 'platform',
      msg: '平台不正确',
    });
  });
});

describe('OpenAPI document', () => {
  it('lists every route of this issue', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/prod-api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/prod-api/api/ag/agent/info/apiAdd',
      '/prod-api/api/ag/my/center/resetPwd',
      '/prod-api/api/ag/my/center/changePwd',
      '/prod-api/api/ag/my/center/sendSMS',
      '/prod-api/api/ag/my/center/sendSMS2',
      '/prod-api/api/dev/sms/outbox',
      '/prod-api/api/ag/app/param/getByDomain',
      '/prod-api/api/ag/system/config/configKey/{key}',
      '/prod-api/system/dict/data/type/{type}',
      '/prod-api/app/api/check/app/update',
      '/prod-api/api/ag/my/center/info',
      '/prod-api/getInfo',
      '/prod-api/api/ag/home/banner/list',
      '/prod-api/api/ag/home/banner/detail',
      '/prod-api/api/ag/home/notice/list',
      '/prod-api/api/ag/home/notice/detail',
    ]) {
      expect(paths).toContain(path);
    }
    expect(doc.paths['/prod-api/api/ag/agent/info/apiAdd'].post.requestBody).toBeTruthy();
    expect(
      doc.paths['/prod-api/api/ag/home/notice/list'].get.parameters.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(expect.arrayContaining(['cursor', 'pageSize']));
  });
});
