import type { LocationSearchResult } from '@pos/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { rows } from '../src/db/client';
import { operators } from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { storedProviderEnv } from '../src/modules/system/provider-keys';
import { configProblems } from '../src/ops/config-check';
import { adminCall, adminLogin } from './admin-helpers';
import { startAmapFake } from './fakes/amap-fake';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * The outside parties' keys set in the console (decision 041): proposed by one super admin,
 * stored only when another, independent one approves, never shown or audited in clear, checked
 * before anything is kept, and in use from the server's next start, where they go over the
 * environment's.
 */
const KEY = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const PRIVATE_KEY = '00112233445566778899aabbccddeeff';
const fake = await startAmapFake({ key: KEY, privateKey: PRIVATE_KEY }, [
  {
    name: '厦门软件园二期',
    district: '福建省厦门市思明区',
    address: '观日路',
    lng: 118.185431,
    lat: 24.488012,
    township: '莲前街道',
    street: '观日路',
    number: '24号',
  },
]);
const env = { GEOCODER: 'amap', AMAP_ENDPOINT: fake.endpoint };
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let admin: string;
let admin2: string;
let ops: string;
beforeAll(async () => {
  await db.insert(operators).values({
    username: 'keys-b',
    name: '第二超级管理员',
    role: 'super_admin',
    passwordHash: await hashPassword('Keys-b@2024', ctx.config.scryptCost),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/admin/auth/login',
    payload: { username: 'keys-b', password: 'Keys-b@2024' },
  });
  admin2 = (res.json() as { data: { token: string } }).data.token;
  [admin, ops] = await Promise.all([adminLogin(app, 'super_admin'), adminLogin(app, 'operations')]);
});

type KeyRow = { name: string; value: string | null; source: string; nextStart: string | null };
const keysOf = async (token: string, party: string) => {
  const res = await adminCall<{ party: string; keys: KeyRow[] }[]>(
    app,
    token,
    'GET',
    '/system/providers/keys',
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data!.find((p) => p.party === party)!.keys;
};
const propose = (token: string, body: object) =>
  adminCall<{ id: number }>(app, token, 'POST', '/system/providers/keys/propose', body);
const decide = (token: string, body: object) =>
  adminCall<{ status: number }>(app, token, 'POST', '/system/providers/keys/decide', body);
const changeCount = async () =>
  Number(
    (await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM provider_key_changes`))[0]!.n,
  );

describe('provider keys in the console', () => {
  it('lists every key of a party with where it comes from; only who manages operators sees them', async () => {
    const amap = await keysOf(admin, 'geocoder');
    expect(amap.map((k) => k.name)).toEqual(['AMAP_KEY', 'AMAP_PRIVATE_KEY']);
    expect(amap[0]).toMatchObject({ value: null, source: 'unset', nextStart: null });
    const denied = await adminCall(app, ops, 'GET', '/system/providers/keys');
    expect(denied.status).toBe(403);
    expect((await propose(ops, { party: 'geocoder', values: { AMAP_KEY: KEY } })).status).toBe(403);
  });

  it('refuses what it cannot keep, naming the field, and keeps nothing', async () => {
    const before = await changeCount();
    const cases: [object, string][] = [
      [{ party: 'bank', values: { AMAP_KEY: KEY } }, 'party'],
      [{ party: 'geocoder', values: {} }, 'values'],
      // Another party's key, and an address: neither may be set here.
      [{ party: 'geocoder', values: { ALIPAY_APP_ID: '2021' } }, 'ALIPAY_APP_ID'],
      [{ party: 'geocoder', values: { AMAP_ENDPOINT: 'http://10.0.0.1' } }, 'AMAP_ENDPOINT'],
      [{ party: 'alipay', values: { ALIPAY_PRIVATE_KEY: 'not a key' } }, 'ALIPAY_PRIVATE_KEY'],
      [{ party: 'geocoder', values: { AMAP_KEY: 'two words' } }, 'AMAP_KEY'],
    ];
    for (const [body, field] of cases) {
      const res = await propose(admin, body);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect(await changeCount()).toBe(before);
  });

  it('keeps a proposal until another super admin approves it, never in clear, and uses it from the next start', async () => {
    const proposed = await propose(admin, {
      party: 'geocoder',
      values: { AMAP_KEY: ` ${KEY} `, AMAP_PRIVATE_KEY: PRIVATE_KEY },
    });
    expect(proposed.body.code, proposed.body.msg).toBe(200);
    const id = proposed.body.data!.id;
    const changes = await adminCall<{ id: number; values: Record<string, string> }[]>(
      app,
      admin2,
      'GET',
      '/system/providers/keys/changes',
    );
    const change = changes.body.data!.find((c) => c.id === id)!;
    expect(change.values.AMAP_KEY).toBe('f0****0f');
    // Pending first, with who proposed it and when; nobody has decided yet.
    expect(changes.body.data![0]!.id).toBe(id);
    expect(change).toMatchObject({
      party: 'geocoder',
      status: 0,
      proposer: expect.any(String),
      decider: null,
      reason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      decidedAt: null,
    });
    expect(JSON.stringify(changes.body)).not.toContain(KEY);
    expect(await storedProviderEnv(db, app.cipher)).toEqual({});

    // The proposer cannot approve its own change.
    const own = await decide(admin, { id, approve: true });
    expect(own.body).toMatchObject({ code: 400, field: 'id' });
    expect(await storedProviderEnv(db, app.cipher)).toEqual({});

    const approved = await decide(admin2, { id, approve: true });
    expect(approved.body).toMatchObject({ code: 200, data: { status: 1 } });
    expect(await storedProviderEnv(db, app.cipher)).toEqual({
      AMAP_KEY: KEY,
      AMAP_PRIVATE_KEY: PRIVATE_KEY,
    });
    expect((await decide(admin2, { id, approve: true })).body.code).toBe(409);
    const decided = (
      await adminCall<{ id: number; proposer: string; decider: string | null }[]>(
        app,
        admin2,
        'GET',
        '/system/providers/keys/changes',
      )
    ).body.data!.find((c) => c.id === id)!;
    expect(decided).toMatchObject({
      status: 1,
      decider: expect.any(String),
      decidedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(decided.decider).not.toBe(decided.proposer);

    // This process still runs on what it started with; the console says what the next start reads.
    const amap = await keysOf(admin, 'geocoder');
    expect(amap[0]).toMatchObject({ source: 'unset', value: null, nextStart: 'f0****0f' });

    // Nothing in the audit log or the stored proposal holds a key in clear.
    const trail = await rows<{ t: string }>(
      db,
      sql`SELECT coalesce(before::text, '') || coalesce(after::text, '') AS t FROM audit_logs
           WHERE action LIKE 'provider_keys.%'`,
    );
    expect(trail.length).toBe(3);
    expect(trail.map((r) => r.t).join(' ')).not.toContain(KEY);
    const [kept] = await rows<{ payload_enc: string }>(
      db,
      sql`SELECT payload_enc FROM provider_key_changes WHERE id = ${id}`,
    );
    expect(kept!.payload_enc).toBe('');
  });

  it('a server started with the stored keys geocodes through AMap with them, and counts them as configured', async () => {
    // Without the console's keys, GEOCODER=amap does not start.
    expect(configProblems(loadConfig(env), env).join(' ')).toContain('AMAP_KEY');
    const stored = await storedProviderEnv(db, app.cipher);
    const config: Config = {
      ...ctx.config,
      ...loadConfig(env, stored),
      captchaEnabled: false,
      jwtSecret: ctx.config.jwtSecret,
      scryptCost: ctx.config.scryptCost,
      webDist: '/nonexistent',
      adminTotp: false,
      backgroundJobs: false,
    };
    expect(configProblems(config, env)).toEqual([]);
    const next = await buildApp({ database: ctx.database, config, logger: false });
    afterAll(() => next.close());
    await next.ready();
    const token = await loginAs(next, DEMO_ACCOUNTS.grandchild.mobile);
    const res = await agentCall<LocationSearchResult>(
      next,
      token,
      'POST',
      '/app/api/location/search',
      { keyword: '软件园' },
    );
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ simulated: false, places: [{ name: '厦门软件园二期' }] });
    const listed = await adminCall<{ party: string; keys: KeyRow[] }[]>(
      next,
      await adminLogin(next, 'super_admin'),
      'GET',
      '/system/providers/keys',
    );
    const amap = listed.body.data!.find((p) => p.party === 'geocoder')!.keys;
    expect(amap[0]).toMatchObject({ source: 'console', value: 'f0****0f', nextStart: null });
  });

  it('rejects with a reason only, and removes a key by an approved empty value', async () => {
    const { body } = await propose(admin2, { party: 'geocoder', values: { AMAP_KEY: '' } });
    const id = body.data!.id;
    expect((await decide(admin, { id, approve: false })).body).toMatchObject({
      code: 400,
      field: 'reason',
    });
    expect((await decide(admin, { id, approve: false, reason: '还在用' })).body.data).toEqual({
      status: 2,
    });
    expect(Object.keys(await storedProviderEnv(db, app.cipher))).toContain('AMAP_KEY');

    const again = await propose(admin2, { party: 'geocoder', values: { AMAP_KEY: '' } });
    await decide(admin, { id: again.body.data!.id, approve: true });
    expect(await storedProviderEnv(db, app.cipher)).toEqual({ AMAP_PRIVATE_KEY: PRIVATE_KEY });
    const amap = await keysOf(admin, 'geocoder');
    expect(amap[0]).toMatchObject({ nextStart: null });
    expect(amap[1]).toMatchObject({ nextStart: '00****ff' });
  });
});
