import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { DEMO_HOT_UPDATE_PUBLIC_KEY, sha256Hex, verifyBundle } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { DEMO_HOT_UPDATE_SIGNING_KEY } from '../src/lib/demo-keys';
import { publicKeyOf } from '../src/modules/system/publish-bundle';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const opToken = await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password);
const agentToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const zip = (text: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from(text)]);

const publish = (body: object, token = opToken) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/admin/app/bundle',
    headers: bearer(token),
    payload: body,
  });
const check = async (platform: string, version: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/prod-api/app/api/check/app/update?platform=${platform}&version=${version}`,
    })
  ).json().data;

/** Runs the documented publish command; never blocks the event loop the server answers on. */
async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/publish-bundle.ts', ...args],
      { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' },
    );
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const bundle = zip('the web bundle of 1.2.0');
const base = {
  version: '1.2.0',
  platform: 'ios',
  title: '体验优化',
  contents: '修复已知问题',
  bundleBase64: bundle.toString('base64'),
};

describe('publishing a hot update', () => {
  it('the demo key pair matches: the app verifies what the server signs', () => {
    expect(publicKeyOf(DEMO_HOT_UPDATE_SIGNING_KEY)).toBe(DEMO_HOT_UPDATE_PUBLIC_KEY);
  });

  it('only operators publish; bad input names its field and publishes nothing', async () => {
    const agent = await publish(base, agentToken);
    expect(agent.json().code).toBe(403);
    const cases: [object, string][] = [
      [{ ...base, version: '1.1' }, 'version'],
      [{ ...base, platform: 'windows' }, 'platform'],
      [{ ...base, title: ' ' }, 'title'],
      [{ ...base, bundleBase64: Buffer.from('not a zip').toString('base64') }, 'bundle'],
      [{ ...base, minVersion: '1.3.0' }, 'minVersion'],
    ];
    for (const [body, field] of cases) {
      const res = (await publish(body)).json();
      expect(res.code, field).toBe(400);
      expect(res.field).toBe(field);
    }
    expect(await check('ios', '1.1.2')).toBeNull();
  });

  it('computes the checksum and signature; the update check offers the bundle to older apps of its platform only', async () => {
    const res = (await publish({ ...base, minVersion: '1.1.2' })).json();
    expect(res.code).toBe(200);
    expect(res.data.sha256).toBe(await sha256Hex(bundle));
    expect(res.data.size).toBe(bundle.length);

    const offered = await check('ios', '1.1.2');
    expect(offered).toMatchObject({
      type: 'wgt',
      version: '1.2.0',
      url: res.data.url,
      sha256: res.data.sha256,
      signature: res.data.signature,
      size: bundle.length,
      is_mandatory: false,
    });
    expect(await check('ios', '1.2.0')).toBeNull(); // already there
    // Below its lowest version, the app is offered the full package instead.
    expect(await check('ios', '1.1.1')).toMatchObject({ version: '1.1.2', sha256: null });
    expect(await check('android', '1.1.3')).toBeNull(); // another platform

    // What the app downloads is what was signed.
    const download = await app.inject({ method: 'GET', url: res.data.url });
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.rawPayload.equals(bundle)).toBe(true);
    expect(
      await verifyBundle(new Uint8Array(download.rawPayload), offered, DEMO_HOT_UPDATE_PUBLIC_KEY),
    ).toEqual({ ok: true });
    // A second publication of the same version is refused.
    expect((await publish(base)).json()).toMatchObject({ code: 409, field: 'version' });
  });

  it('a mandatory bundle skipped by a later optional one is still mandatory', async () => {
    await publish({
      ...base,
      version: '1.2.1',
      mandatory: true,
      bundleBase64: zip('4').toString('base64'),
    });
    await publish({ ...base, version: '1.2.2', bundleBase64: zip('5').toString('base64') });
    expect(await check('ios', '1.2.0')).toMatchObject({ version: '1.2.2', is_mandatory: true });
    expect(await check('ios', '1.2.1')).toMatchObject({
      version: '1.2.2',
      is_mandatory: false,
    });
  });

  it('a withdrawn version is no longer offered and its bundle is gone', async () => {
    const res = (
      await publish({ ...base, version: '1.3.0', bundleBase64: zip('3').toString('base64') })
    ).json();
    expect(await check('ios', '1.2.2')).toMatchObject({ version: '1.3.0' });
    const del = (id: number, token = opToken) =>
      app.inject({
        method: 'DELETE',
        url: `/prod-api/api/ag/admin/app/version/${id}`,
        headers: bearer(token),
      });
    expect((await del(res.data.id, agentToken)).json().code).toBe(403);
    expect((await del(res.data.id)).json().code).toBe(200);
    expect(await check('ios', '1.2.2')).toBeNull();
    expect((await app.inject({ method: 'GET', url: res.data.url })).json().code).toBe(404);
    expect((await del(res.data.id)).json().code).toBe(404);
  });

  it('the documented command zips a built folder and publishes it through a running server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>1.4.0</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("1.4.0")');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const run = await cli([
      '--dir',
      dir,
      '--version',
      '1.4.0',
      '--platform',
      'ios',
      '--title',
      '新版本',
      '--server',
      `http://127.0.0.1:${port}`,
      '--operator',
      DEMO_ACCOUNTS.operator.mobile,
      '--password',
      DEMO_ACCOUNTS.operator.password,
    ]);
    expect(run.status, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { version: string; sha256: string; url: string };
    expect(printed.version).toBe('1.4.0');
    const offered = await check('ios', '1.2.2');
    expect(offered).toMatchObject({ version: '1.4.0', sha256: printed.sha256 });
    // The bundle is a zip holding the folder's files.
    const bytes = (await app.inject({ method: 'GET', url: printed.url })).rawPayload;
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files).sort()).toEqual(['assets/app.js', 'index.html']);
    const refused = await cli([
      '--dir',
      dir,
      '--version',
      '1.4',
      '--title',
      'x',
      '--server',
      `http://127.0.0.1:${port}`,
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('(version)');
  });

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
