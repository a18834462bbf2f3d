import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { OutboxSmsSender } from '../src/modules/sms/sms-sender';
import { adminSmsRoutes } from '../src/routes/admin/sms.routes';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

const first = '13712340001';
const second = '13712340002';

const send = (mobile: string, remoteAddress: string) =>
  app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/my/center/sendSMS2?mobile=${mobile}&scene=register`,
    remoteAddress,
  });

const outbox = (
  mobile: string,
  opts: { remoteAddress?: string; headers?: Record<string, string> },
) => app.inject({ method: 'GET', url: `/prod-api/api/dev/sms/outbox?mobile=${mobile}`, ...opts });

const hold = (opts: { remoteAddress?: string; headers?: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/prod-api/api/dev/acquirer/hold', ...opts });
const release = () => app.inject({ method: 'POST', url: '/prod-api/api/dev/acquirer/release' });

beforeAll(async () => {
  expect((await send(first, '10.7.0.1')).json().code).toBe(200);
  expect((await send(second, '10.7.0.2')).json().code).toBe(200);
});
afterAll(async () => {
  await release();
});

describe('the dev routes answer only this machine', () => {
  const unknownRoute = { code: 404, msg: '接口不存在', err: 'NOT_FOUND' };

  it('hide the outbox and the acquirer hold from another address', async () => {
    for (const remoteAddress of ['203.0.113.9', '::ffff:203.0.113.9', '10.0.0.1', '2001:db8::1']) {
      const read = await outbox(first, { remoteAddress });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(unknownRoute);
      expect(read.body).not.toMatch(/\d{6}/);
      const held = await hold({ remoteAddress });
      expect(held.statusCode).toBe(404);
      expect(held.json()).toEqual(unknownRoute);
    }
  });

  it('hide them from loopback when a proxy says it forwarded the request', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of proxied) {
      const read = await outbox(first, { remoteAddress: '127.0.0.1', headers });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(unknownRoute);
      expect((await hold({ remoteAddress: '127.0.0.1', headers })).statusCode).toBe(404);
    }
  });

  it('answer a caller on loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      const read = await outbox(first, { remoteAddress });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({
        mobile: first,
        code: expect.stringMatching(/^\d{6}$/),
      });
    }
    // inject's default address is 127.0.0.1, as the test helpers and the journeys rely on.
    expect((await outbox(first, {})).json().code).toBe(200);
    expect((await hold({ remoteAddress: '::1' })).json().code).toBe(200);
    expect((await release()).json().code).toBe(200);
  });
});

describe('GET /prod-api/admin/sms/outbox', () => {
  let superAdmin: string;
  beforeAll(async () => {
    superAdmin = await adminLogin(app, 'super_admin');
  });

  it('needs an operator token', async () => {
    const res = await adminCall(app, null, 'GET', '/sms/outbox');
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toMatch(/\d{6}/);
  });

  it('is refused to every role but super admin (a code takes over an account)', async () => {
    for (const role of ['operations', 'finance', 'content'] as const) {
      const res = await adminCall(app, await adminLogin(app, role), 'GET', '/sms/outbox');
      expect(res.status).toBe(403);
      expect(res.body.data ?? null).toBeNull();
    }
  });

  it('shows super admins the codes newest first, by mobile, and audits each read', async () => {
    const auditRows = async () =>
      rows<{ operator_name: string; target_id: string | null; after: { ids: number[] } }>(
        db,
        sql`SELECT operator_name, target_id, after FROM audit_logs WHERE action = 'sms.outbox.read'
            ORDER BY id`,
      );
    expect(await auditRows()).toHaveLength(0);
    const expected = (await outbox(second, {})).json().data.code as string;

    const all = await adminCall<{ rows: { id: number; mobile: string; code: string }[] }>(
      app,
      superAdmin,
      'GET',
      '/sms/outbox?pageSize=10',
    );
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.body.data.rows.map((r) => r.mobile).slice(0, 2)).toEqual([second, first]);
    expect(all.body.data.rows[0]!.code).toBe(expected);

    const one = await adminCall<{ rows: { mobile: string; code: string; content: string }[] }>(
      app,
      superAdmin,
      'GET',
      `/sms/outbox?mobile=${first}`,
    );
    expect(one.body.data.rows).toHaveLength(1);
    expect(one.body.data.rows[0]).toMatchObject({ mobile: first, scene: 'register' });
    expect(one.body.data.rows[0]!.content).toContain(one.body.data.rows[0]!.code);

    const audited = await auditRows();
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ target_id: null });
    expect(audited[0]!.after.ids).toEqual(all.body.data.rows.map((r) => r.id));
    expect(audited[1]).toMatchObject({ target_id: first });
  });

  it('refuses a malformed mobile naming the field', async () => {
    const bad = await adminCall(app, superAdmin, 'GET', '/sms/outbox?mobile=12ab');
    expect(bad.body).toMatchObject({ code: 400, field: 'mobile' });
  });

  it('tells the console the simulated gateway is in use', async () => {
    const me = await adminCall<{ simulatedSms: boolean }>(app, superAdmin, 'GET', '/auth/me');
    expect(me.body.data.simulatedSms).toBe(true);
  });

  it('exists only while the simulated gateway is the SMS provider', async () => {
    const withSender = async (sms: unknown) => {
      const bare = Fastify({ logger: false });
      bare.setValidatorCompiler(validatorCompiler);
      bare.setSerializerCompiler(serializerCompiler);
      bare.decorate('db', db);
      bare.decorate('sms', sms as never);
      await bare.register(adminSmsRoutes);
      await bare.ready();
      const has = bare.hasRoute({ method: 'GET', url: '/sms/outbox' });
      await bare.close();
      return has;
    };
    expect(await withSender({ send: async () => {} })).toBe(false);
    expect(await withSender(new OutboxSmsSender(db, app.log))).toBe(true);
  });
});

describe('SMS_GATEWAY=disabled', async () => {
  const off = await createTestContext({ smsGateway: 'disabled', adminTotp: false });
  it('issues no code and says SMS is not available, naming the field', async () => {
    const res = await off.app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/sendSMS2?mobile=13612345678&scene=register',
    });
    expect(res.json()).toMatchObject({
      code: 400,
      field: 'mobile',
      msg: '短信服务暂未开通，请联系平台客服',
    });
    const issued = await rows<{ n: unknown }>(
      off.database.db,
      sql`SELECT count(*) AS n FROM sms_codes WHERE mobile = '13612345678'`,
    );
    expect(Number(issued[0]!.n)).toBe(0);
    const token = await adminLogin(off.app, 'super_admin');
    const page = await adminCall(off.app, token, 'GET', '/sms/outbox');
    expect(page.status).toBe(404);
  });
});
