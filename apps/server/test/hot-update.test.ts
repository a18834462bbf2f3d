import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { DEMO_HOT_UPDATE_PUBLIC_KEY, sha256Hex, verifyBundle } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_HOT_UPDATE_SIGNING_KEY,
  publicKeyOf,
  signHotUpdate,
} from '../scripts/hot-update-signing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { rows } from '../src/db/client';
import { operators } from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { adminCall, adminLogin } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * Hot updates are signed on the release machine (npm run app:publish, with the private key there);
 * the server only verifies an uploaded bundle against HOT_UPDATE_PUBLIC_KEY and keeps it pending
 * until an operator other than the uploader, holding hot_update:publish, approves it. Only then
 * does the update check offer it to the apps. Every step is audited.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;
const agentToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);

let content: string;
let admin: string;
let admin2: string;
let adminId: number;
let contentId: number;
beforeAll(async () => {
  // A second super admin, so that one can approve what the other uploaded.
  await db.insert(operators).values({
    username: 'admin-b',
    name: '第二超级管理员',
    role: 'super_admin',
    passwordHash: await hashPassword('Admin-b@123', ctx.config.scryptCost),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/admin/auth/login',
    payload: { username: 'admin-b', password: 'Admin-b@123' },
  });
  admin2 = (res.json() as { data: { token: string } }).data.token;
  [content, admin] = await Promise.all([
    adminLogin(app, 'content'),
    adminLogin(app, 'super_admin'),
  ]);
  const ids = await rows<{ id: unknown; username: string }>(
    db,
    sql`SELECT id, username FROM operators WHERE username IN ('admin', 'content')`,
  );
  adminId = Number(ids.find((r) => r.username === 'admin')!.id);
  contentId = Number(ids.find((r) => r.username === 'content')!.id);
});

const zip = (text: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from(text)]);
/** What the release machine hands over: the bundle and its signature (demo key unless given). */
const signed = async (version: string, bytes: Buffer, key = DEMO_HOT_UPDATE_SIGNING_KEY) => ({
  version,
  bundleBase64: bytes.toString('base64'),
  signature: (await signHotUpdate(bytes, version, key)).signature,
});
const base = { platform: 'ios', title: '体验优化', contents: '修复已知问题' };

const propose = (body: object, token = content) =>
  adminCall<{ id: number; sha256: string; signature: string; url: string; status: string }>(
    app,
    token,
    'POST',
    '/app-versions/bundle',
    { ...base, ...body },
  );
const decide = (id: number, approve: boolean, token: string, reason?: string) =>
  adminCall<{ id: number; status: string }>(app, token, 'POST', '/app-versions/bundle/decide', {
    id,
    approve,
    reason,
  });
/** Uploaded by content, approved by the super admin: live. */
async function publish(body: object) {
  const proposed = await propose(body);
  expect(proposed.body.code, proposed.body.msg).toBe(200);
  const approved = await decide(proposed.body.data.id, true, admin);
  expect(approved.body.code, approved.body.msg).toBe(200);
  return proposed.body.data;
}
const check = async (platform: string, version: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/prod-api/app/api/check/app/update?platform=${platform}&version=${version}`,
    })
  ).json().data;
const audits = (action: string) =>
  rows<{ operator_id: unknown; target_id: string; after: Record<string, unknown> | null }>(
    db,
    sql`SELECT operator_id, target_id, after FROM audit_logs WHERE action = ${action} ORDER BY id`,
  );
const versionRows = () =>
  rows<{ version: string; status: string }>(
    db,
    sql`SELECT version, status FROM app_versions WHERE sha256 IS NOT NULL ORDER BY id`,
  );

const ownKey = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe('uploading a hot update signed on the release machine', () => {
  it('the demo key pair matches: the app verifies what the release machine signs', () => {
    expect(publicKeyOf(DEMO_HOT_UPDATE_SIGNING_KEY)).toBe(DEMO_HOT_UPDATE_PUBLIC_KEY);
    expect(ctx.config.hotUpdatePublicKey).toBe(DEMO_HOT_UPDATE_PUBLIC_KEY);
  });

  it('refuses an unsigned, tampered or wrongly signed bundle and bad input, naming the field, storing nothing', async () => {
    const bytes = zip('the web bundle of 1.2.0');
    const good = await signed('1.2.0', bytes);
    const flipped = Buffer.from(good.signature, 'base64');
    flipped[10] = flipped[10]! ^ 1;
    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 1;
    const cases: [object, string][] = [
      [{ ...good, signature: undefined }, 'signature'], // unsigned
      [{ ...good, signature: '' }, 'signature'],
      [{ ...good, signature: 'not a signature' }, 'signature'],
      [{ ...good, bundleBase64: tampered.toString('base64') }, 'signature'], // bytes changed
      [{ ...good, signature: flipped.toString('base64') }, 'signature'], // signature changed
      [{ ...good, version: '1.2.1' }, 'signature'], // signed for another version
      [await signed('1.2.0', bytes, ownKey), 'signature'], // a key the server does not trust
      [{ ...good, version: '1.1' }, 'version'],
      [{ ...good, platform: 'windows' }, 'platform'],
      [{ ...good, title: ' ' }, 'title'],
      [await signed('1.2.0', Buffer.from('not a zip')), 'bundle'],
      [{ ...good, minVersion: '1.3.0' }, 'minVersion'],
    ];
    for (const [body, field] of cases) {
      const res = await propose(body);
      expect(res.body.code, field).toBe(400);
      expect(res.body.field, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    const refused = await propose({ ...good, signature: flipped.toString('base64') });
    expect(refused.body.msg).toContain('签名校验失败');
    expect(await versionRows()).toEqual([]);
    expect(await audits('app_version.propose_bundle')).toEqual([]);
    // An agent's token opens nothing here, and the agent API's old upload route is gone.
    expect((await propose(good, agentToken)).status).toBe(401);
    const old = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/admin/app/bundle',
      headers: bearer(
        await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password),
      ),
      payload: { ...base, ...good },
    });
    expect(old.json().code).toBe(404);
    expect(await check('ios', '1.1.2')).toBeNull();
  });

  it('the server cannot sign: no private key in its configuration or its sources, and it keeps the signature it was given', async () => {
    const config = loadConfig({ HOT_UPDATE_SIGNING_KEY: DEMO_HOT_UPDATE_SIGNING_KEY });
    expect(JSON.stringify(config)).not.toContain('PRIVATE KEY');
    expect(Object.keys(config).filter((k) => /sign/i.test(k))).toEqual([]);
    const src = path.resolve(import.meta.dirname, '../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    // The outside parties' adapters hold keys of their own (an acquirer channel's platform key,
    // the demo acquirers' published keys the simulator signs with, the Alipay application key:
    // decisions 026, 027, 030), and the console's provider keys are parsed before they are kept
    // (decision 041), and the native push adapters' keys are checked at start (decision 044); none
    // of them is, or touches, the hot-update signing key (an iOS "bundle id" names the app, not a
    // hot-update bundle).
    const PARTY_KEY_FILES = new Set(
      [
        'modules/channels/sign.ts',
        'modules/channels/demo-keys.ts',
        'modules/channels/admin-channels.ts',
        'modules/channels/liandong/index.ts',
        'modules/channels/liandong/codec.ts',
        'providers/payments/alipay/alipay-client.ts',
        'modules/system/provider-keys.ts',
        'modules/push/fcm.ts',
        'modules/push/push-config.ts',
      ].map((f) => path.normalize(f)),
    );
    const hotUpdateKeyBody = DEMO_HOT_UPDATE_SIGNING_KEY.split('\n')[1]!;
    expect(hotUpdateKeyBody.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = readFileSync(path.join(src, file), 'utf8');
      expect(text, file).not.toMatch(/hot-update-signing/);
      expect(text, file).not.toContain(hotUpdateKeyBody);
      if (PARTY_KEY_FILES.has(path.normalize(file))) {
        expect(text, file).not.toMatch(/hot-?update|bundle(?! id)/i);
        continue;
      }
      expect(text, file).not.toMatch(/PRIVATE KEY|createPrivateKey|createSign/);
      expect(text, file).not.toMatch(/import\s*{[^}]*\bsign\b[^}]*}\s*from\s*'node:crypto'/);
    }
    const bytes = zip('kept as given');
    const body = await signed('5.0.0', bytes);
    const res = await propose(body);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.signature).toBe(body.signature);
    const [row] = await rows<{ signature: string }>(
      db,
      sql`SELECT signature FROM app_versions WHERE id = ${res.body.data.id}`,
    );
    expect(row!.signature).toBe(body.signature);
    // Withdrawn again, so that it does not stand in the way of the versions below.
    expect(
      (await adminCall(app, content, 'POST', '/app-versions/withdraw', { id: res.body.data.id }))
        .body.code,
    ).toBe(200);
  });

  it('a server configured with its own public key refuses the demo-signed bundle and takes its own', async () => {
    const own = await buildApp({
      database: ctx.database,
      config: { ...ctx.config, hotUpdatePublicKey: publicKeyOf(ownKey) },
      logger: false,
    });
    try {
      const token = await adminLogin(own, 'content');
      const call = async (body: object) =>
        (await adminCall(own, token, 'POST', '/app-versions/bundle', { ...base, ...body })).body;
      const bytes = zip('own key');
      expect(await call(await signed('6.0.0', bytes))).toMatchObject({
        code: 400,
        field: 'signature',
      });
      const ok = await call(await signed('6.0.0', bytes, ownKey));
      expect(ok.code, ok.msg).toBe(200);
      // The key configured now is checked again at approval: this server refuses it.
      const approve = await decide((ok.data as { id: number }).id, true, admin);
      expect(approve.body).toMatchObject({ code: 400, field: 'signature' });
      await adminCall(own, token, 'POST', '/app-versions/withdraw', {
        id: (ok.data as { id: number }).id,
      });
    } finally {
      await own.close();
    }
  });
});

describe('publishing a hot update takes a second operator', () => {
  it('stays pending and unoffered until another operator with hot_update:publish approves; then the app is offered it', async () => {
    const bytes = zip('the web bundle of 1.2.0');
    const res = await propose({ ...(await signed('1.2.0', bytes)), minVersion: '1.1.2' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', sha256: await sha256Hex(bytes) });
    const id = res.body.data.id;
    // Not offered, not downloadable by the apps; the reviewer can download it.
    expect(await check('ios', '1.1.2')).toBeNull();
    expect((await app.inject({ method: 'GET', url: res.body.data.url })).json().code).toBe(404);
    const review = await app.inject({
      method: 'GET',
      url: `/prod-api/admin/app-versions/${id}/bundle`,
      headers: bearer(admin),
    });
    expect(review.statusCode).toBe(200);
    expect(review.rawPayload.equals(bytes)).toBe(true);
    const listed = await adminCall<{
      rows: { id: number; status: string; proposedByName: string }[];
    }>(app, admin, 'GET', '/app-versions?platform=ios');
    expect(listed.body.data.rows.find((r) => r.id === id)).toMatchObject({
      status: 'pending',
      proposedByName: '内容小文',
    });

    // The content role uploads but cannot make it live.
    expect((await decide(id, true, content)).status).toBe(403);
    const approved = await decide(id, true, admin);
    expect(approved.body).toMatchObject({ code: 200, data: { id, status: 'published' } });
    expect((await decide(id, true, admin2)).body).toMatchObject({ code: 409 });

    const offered = await check('ios', '1.1.2');
    expect(offered).toMatchObject({
      type: 'wgt',
      version: '1.2.0',
      url: res.body.data.url,
      sha256: res.body.data.sha256,
      signature: res.body.data.signature,
      size: bytes.length,
      is_mandatory: false,
    });
    expect(await check('ios', '1.2.0')).toBeNull(); // already there
    expect(await check('ios', '1.1.1')).toMatchObject({ version: '1.1.2', sha256: null });
    expect(await check('android', '1.1.3')).toBeNull(); // another platform
    const download = await app.inject({ method: 'GET', url: res.body.data.url });
    expect(download.headers['content-type']).toBe('application/zip');
    expect(
      await verifyBundle(new Uint8Array(download.rawPayload), offered, DEMO_HOT_UPDATE_PUBLIC_KEY),
    ).toEqual({ ok: true });
    // A second upload of the same version is refused.
    expect((await propose(await signed('1.2.0', bytes))).body).toMatchObject({
      code: 409,
      field: 'version',
    });

    const proposedAudit = (await audits('app_version.propose_bundle')).filter(
      (a) => a.target_id === String(id),
    );
    expect(proposedAudit).toHaveLength(1);
    expect(Number(proposedAudit[0]!.operator_id)).toBe(contentId);
    expect(proposedAudit[0]!.after).toMatchObject({ version: '1.2.0', status: 'pending' });
    const approvedAudit = await audits('app_version.approve_bundle');
    expect(approvedAudit).toHaveLength(1);
    expect(approvedAudit[0]).toMatchObject({ target_id: String(id) });
    expect(Number(approvedAudit[0]!.operator_id)).toBe(adminId);
  });

  it('the uploader never decides on its own upload; another operator rejects it and it is never offered', async () => {
    const res = await propose(await signed('1.3.0', zip('1.3.0')), admin);
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.id;
    for (const approve of [true, false]) {
      const own = await decide(id, approve, admin);
      expect(own.body).toMatchObject({ code: 400, field: 'id', err: 'SAME_OPERATOR' });
      expect(own.body.msg).toContain('另一位操作员');
    }
    expect(await check('ios', '1.2.0')).toBeNull();
    expect(await audits('app_version.approve_bundle')).toHaveLength(1); // only the one above
    // The database refuses it too, whatever the code path.
    await expect(
      db.execute(
        sql`UPDATE app_versions SET status = 'published', decided_by = proposed_by WHERE id = ${id}`,
      ),
    ).rejects.toThrow();

    const rejected = await decide(id, false, admin2, '未经测试');
    expect(rejected.body).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect(await check('ios', '1.2.0')).toBeNull();
    expect((await app.inject({ method: 'GET', url: res.body.data.url })).json().code).toBe(404);
    const [audit] = await audits('app_version.reject_bundle');
    expect(audit).toMatchObject({
      target_id: String(id),
      after: { status: 'rejected', reason: '未经测试' },
    });
    expect(Number(audit!.operator_id)).not.toBe(adminId);
    // A rejected version number may be uploaded again.
    const again = await propose(await signed('1.3.0', zip('1.3.0 fixed')));
    expect(again.body.code, again.body.msg).toBe(200);
    await adminCall(app, content, 'POST', '/app-versions/withdraw', { id: again.body.data.id });
  });

  it('a mandatory bundle skipped by a later optional one is still mandatory', async () => {
    await publish({ ...(await signed('1.2.1', zip('4'))), mandatory: true });
    await publish(await signed('1.2.2', zip('5')));
    expect(await check('ios', '1.2.0')).toMatchObject({ version: '1.2.2', is_mandatory: true });
    expect(await check('ios', '1.2.1')).toMatchObject({ version: '1.2.2', is_mandatory: false });
  });

  it('a withdrawn version is no longer offered and its bundle is gone', async () => {
    const published = await publish(await signed('1.3.1', zip('3')));
    expect(await check('ios', '1.2.2')).toMatchObject({ version: '1.3.1' });
    const withdraw = (token: string) =>
      adminCall(app, token, 'POST', '/app-versions/withdraw', { id: published.id });
    expect((await withdraw(content)).body.code).toBe(200);
    expect(await check('ios', '1.2.2')).toBeNull();
    expect((await app.inject({ method: 'GET', url: published.url })).json().code).toBe(404);
    expect((await withdraw(content)).body.code).toBe(404);
  });
});

/** Runs the documented signing command; never blocks the event loop the server answers on. */
async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/publish-bundle.ts', ...args],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        encoding: 'utf8',
        env: { ...process.env, HOT_UPDATE_SIGNING_KEY: '', ...env },
      },
    );
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('npm run app:publish', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  const dir = path.join(work, 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>1.4.0</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("1.4.0")');

  it('zips and signs a built folder on the release machine; the console upload verifies it', async () => {
    const out = path.join(work, 'out');
    const run = await cli(['--dir', dir, '--version', '1.4.0', '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('DEMO key');
    const printed = JSON.parse(run.stdout) as {
      bundle: string;
      signatureFile: string;
      sha256: string;
      publicKey: string;
    };
    expect(printed.publicKey).toBe(DEMO_HOT_UPDATE_PUBLIC_KEY);
    const bytes = readFileSync(printed.bundle);
    expect(Object.keys(unzipSync(new Uint8Array(bytes))).sort()).toEqual([
      'assets/app.js',
      'index.html',
    ]);
    const signature = readFileSync(printed.signatureFile, 'utf8').trim();
    const published = await publish({
      version: '1.4.0',
      bundleBase64: bytes.toString('base64'),
      signature,
    });
    expect(published.sha256).toBe(printed.sha256);
    expect(await check('ios', '1.2.2')).toMatchObject({ version: '1.4.0', signature });
  });

  it('signs with the key in the environment or a key file, and refuses a bad version or key', async () => {
    const keyFile = path.join(work, 'hot-update.pem');
    writeFileSync(keyFile, ownKey);
    for (const [args, env] of [
      [['--key-file', keyFile], {}],
      [[], { HOT_UPDATE_SIGNING_KEY: ownKey }],
    ] as const) {
      const run = await cli(
        ['--dir', dir, '--version', '1.5.0', '--out', path.join(work, 'own'), ...args],
        env,
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('DEMO');
      expect(JSON.parse(run.stdout).publicKey).toBe(publicKeyOf(ownKey));
    }
    const badVersion = await cli(['--dir', dir, '--version', '1.4']);
    expect(badVersion.status).toBe(1);
    expect(badVersion.stderr).toContain('(version)');
    const badKey = await cli(['--dir', dir, '--version', '1.5.0', '--out', path.join(work, 'x')], {
      HOT_UPDATE_SIGNING_KEY: 'not a key',
    });
    expect(badKey.status).toBe(1);
    expect(badKey.stderr).toContain('(key)');
  });
});

describe('serving', () => {
  it('the native shells, and only they, may call the API across origins', async () => {
    for (const origin of ['capacitor://localhost', 'https://localhost']) {
      const pre = await app.inject({
        method: 'OPTIONS',
        url: '/prod-api/login/app',
        headers: { origin, 'access-control-request-headers': 'content-type' },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(origin);
    }
    const stranger = await app.inject({
      method: 'GET',
      url: '/prod-api/app/api/check/app/update?platform=ios&version=1.1.2',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an unknown bundle id answers the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/prod-api/app/api/bundle/999999' });
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
