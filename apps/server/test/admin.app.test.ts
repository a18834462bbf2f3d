import { createHash } from 'node:crypto';
import type { AdminAppConfig, AdminAppVersion, Page } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOT_UPDATE_SIGNING_KEY, signHotUpdate } from '../scripts/hot-update-signing';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * What the app shows about itself comes from the console: hot updates uploaded there (signed on
 * the release machine, verified by the server, made live by a second operator), full packages published by their address, versions withdrawn, and
 * the app config (name, service phone, downloads, share poster). Each change is audited.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let content: string;
let finance: string;
let admin: string;
beforeAll(async () => {
  [content, finance, admin] = await Promise.all([
    adminLogin(app, 'content'),
    adminLogin(app, 'finance'),
    adminLogin(app, 'super_admin'),
  ]);
});
const signatureOf = async (bytes: Buffer, version: string) =>
  (await signHotUpdate(bytes, version, DEMO_HOT_UPDATE_SIGNING_KEY)).signature;

const check = async (platform: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/prod-api/app/api/check/app/update?version=1.1.2&platform=${platform}`,
    })
  ).json() as {
    code: number;
    data: { version: string; url: string; is_mandatory: boolean } | null;
  };

const audits = async (action: string) =>
  Number(
    (
      await rows<{ n: unknown }>(
        db,
        sql`SELECT count(*) AS n FROM audit_logs WHERE action = ${action}`,
      )
    )[0]!.n,
  );

describe('app versions', () => {
  it('publishes a hot update: the server verifies the signature and computes the SHA-256; approved, the app is offered the bundle', async () => {
    const bytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('console bundle')]);
    const published = await adminCall<{ id: number; sha256: string; url: string; size: number }>(
      app,
      content,
      'POST',
      '/app-versions/bundle',
      {
        platform: 'h5',
        version: '9.9.0',
        title: '控制台热更新',
        contents: '修复已知问题',
        mandatory: true,
        bundleBase64: bytes.toString('base64'),
        signature: await signatureOf(bytes, '9.9.0'),
      },
    );
    expect(published.body.code, published.body.msg).toBe(200);
    expect(published.body.data.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(published.body.data.size).toBe(bytes.length);
    expect((await check('h5')).data?.version).not.toBe('9.9.0'); // pending
    const approved = await adminCall(app, admin, 'POST', '/app-versions/bundle/decide', {
      id: published.body.data.id,
      approve: true,
    });
    expect(approved.body.code, approved.body.msg).toBe(200);
    const offered = await check('h5');
    expect(offered.data).toMatchObject({ version: '9.9.0', is_mandatory: true });
    const served = await app.inject({ method: 'GET', url: offered.data!.url });
    expect(Buffer.from(served.rawPayload).equals(bytes)).toBe(true);
    expect(await audits('app_version.propose_bundle')).toBe(1);
    expect(await audits('app_version.approve_bundle')).toBe(1);

    const list = await adminCall<Page<AdminAppVersion>>(
      app,
      content,
      'GET',
      '/app-versions?platform=h5',
    );
    expect(list.body.data.rows[0]).toMatchObject({
      version: '9.9.0',
      type: 'wgt',
      sha256: published.body.data.sha256,
      status: 'published',
      proposedByName: '内容小文',
      decidedByName: '超级管理员',
    });
  });

  it('refuses a bundle that is not a zip and a repeated version, naming the field', async () => {
    const notZip = await adminCall(app, content, 'POST', '/app-versions/bundle', {
      platform: 'h5',
      version: '9.9.1',
      title: 't',
      bundleBase64: Buffer.from('hello').toString('base64'),
      signature: await signatureOf(Buffer.from('hello'), '9.9.1'),
    });
    expect(notZip.body).toMatchObject({ code: 400, field: 'bundle' });
    const again = await adminCall(app, content, 'POST', '/app-versions/bundle', {
      platform: 'h5',
      version: '9.9.0',
      title: 't',
      bundleBase64: Buffer.from('PK..').toString('base64'),
      signature: await signatureOf(Buffer.from('PK..'), '9.9.0'),
    });
    expect(again.body).toMatchObject({ code: 409, field: 'version' });
  });

  it('publishes an Android package by its address, and withdraws it', async () => {
    const bad = await adminCall(app, content, 'POST', '/app-versions/package', {
      platform: 'android',
      version: '9.9.0',
      title: '新版本',
      url: 'ftp://example.com/a.apk',
    });
    expect(bad.body).toMatchObject({ code: 400, field: 'url' });
    const body = {
      platform: 'android',
      version: '9.9.0',
      title: '新版本',
      mandatory: true,
      url: 'https://downloads.example.com/pos-9.9.0.apk',
    };
    const noHash = await adminCall(app, content, 'POST', '/app-versions/package', body);
    expect(noHash.body).toMatchObject({ code: 400, field: 'sha256' });
    const ok = await adminCall<{ id: number }>(app, content, 'POST', '/app-versions/package', {
      ...body,
      sha256: 'cd'.repeat(32),
    });
    expect(ok.body.code, ok.body.msg).toBe(200);
    // A package, mandatory or not, reaches no app until another operator approves it.
    expect((await check('android')).data?.version).not.toBe('9.9.0');
    const self = await adminCall(app, content, 'POST', '/app-versions/bundle/decide', {
      id: ok.body.data.id,
      approve: true,
    });
    expect(self.status).toBe(403);
    const approved = await adminCall(app, admin, 'POST', '/app-versions/bundle/decide', {
      id: ok.body.data.id,
      approve: true,
    });
    expect(approved.body.code, approved.body.msg).toBe(200);
    expect(await audits('app_version.approve_package')).toBe(1);
    expect((await check('android')).data).toMatchObject({
      version: '9.9.0',
      url: 'https://downloads.example.com/pos-9.9.0.apk',
    });
    const gone = await adminCall(app, content, 'POST', '/app-versions/withdraw', {
      id: ok.body.data.id,
    });
    expect(gone.body.code).toBe(200);
    expect((await check('android')).data?.version).not.toBe('9.9.0');
    expect(await audits('app_version.withdraw')).toBe(1);
  });

  it('lets finance read nothing here and publish nothing', async () => {
    expect((await adminCall(app, finance, 'GET', '/app-versions')).status).toBe(403);
    expect((await adminCall(app, finance, 'POST', '/app-config/save', {})).status).toBe(403);
    expect(
      (
        await adminCall(app, finance, 'POST', '/app-versions/bundle/decide', {
          id: 1,
          approve: true,
        })
      ).status,
    ).toBe(403);
  });
});

describe('app config', () => {
  it('saves what the app shell reads, refusing a shown poster without an image', async () => {
    const before = await adminCall<AdminAppConfig>(app, content, 'GET', '/app-config');
    expect(before.body.code).toBe(200);
    const refused = await adminCall(app, content, 'POST', '/app-config/save', {
      ...before.body.data,
      servicePhone: '400-800-1234',
      sharePoster: { isShow: true, imageUrl: '' },
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'sharePoster.imageUrl' });
    const unchanged = await adminCall<AdminAppConfig>(app, content, 'GET', '/app-config');
    expect(unchanged.body.data).toEqual(before.body.data);

    const saved = await adminCall(app, content, 'POST', '/app-config/save', {
      ...before.body.data,
      servicePhone: '400-800-1234',
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const shell = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/app/param/getByDomain',
      payload: { domain: 'agent.example.com' },
    });
    expect(shell.json().data.servicePhone).toBe('400-800-1234');
    expect(await audits('app_config.update')).toBe(1);
  });
});
