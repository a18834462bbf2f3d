import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateEvents, smsCodes, smsOutbox } from '../src/db/schema';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const { db } = ctx.database;

const send2 = (query: string, ip = '10.2.0.1') =>
  app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/my/center/sendSMS2?${query}`,
    remoteAddress: ip,
  });
const outbox = (mobile: string) =>
  app.inject({ method: 'GET', url: `/prod-api/api/dev/sms/outbox?mobile=${mobile}` });
const outboxCount = async (mobile: string) =>
  (await db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile))).length;

describe('GET /prod-api/api/ag/my/center/sendSMS2 (no token)', () => {
  it('sends a 6-digit code through the simulated gateway, readable through the dev outbox', async () => {
    const mobile = '13612340001';
    const res = await send2(`mobile=${mobile}&scene=register`);
    expect(res.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const msg = (await outbox(mobile)).json();
    expect(msg).toMatchObject({ code: 200, data: { mobile, scene: 'register' } });
    expect(msg.data.code).toMatch(/^\d{6}$/);
    expect(msg.data.content).toContain(msg.data.code);
    expect(msg.data.content).toContain('5分钟');
    // The codes table holds only the hash.
    const rows = await db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(msg.data.code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(5 * 60 * 1000);
  });

  it('answers null from the outbox for a mobile that got nothing', async () => {
    expect((await outbox('13612349999')).json()).toMatchObject({ code: 200, data: null });
    expect((await outbox('abc')).json()).toMatchObject({ code: 400, field: 'mobile' });
  });

  it('answers alike whether the mobile is registered; a scene that does not fit gets a notice, no code', async () => {
    const answers = [
      await send2(`mobile=${DEMO_ACCOUNTS.top.mobile}&scene=register`, '10.2.1.1'),
      await send2('mobile=13612340002&scene=resetPwd', '10.2.1.2'),
      await send2('mobile=13612340003&scene=login', '10.2.1.3'),
      await send2('mobile=13612340016&scene=register', '10.2.1.5'),
    ].map((r) => ({ status: r.statusCode, body: r.json() }));
    for (const a of answers) expect(a).toEqual(answers[3]);
    expect(answers[3]).toMatchObject({ status: 200, body: { code: 200, msg: '验证码已发送' } });

    const registered = (await outbox(DEMO_ACCOUNTS.top.mobile)).json().data;
    expect(registered).toMatchObject({ scene: 'register', code: '' });
    expect(registered.content).toContain('已注册');
    expect(registered.content).not.toMatch(/\d{6}/);
    const unknown = (await outbox('13612340002')).json().data;
    expect(unknown).toMatchObject({ scene: 'resetPwd', code: '' });
    expect(unknown.content).toContain('尚未注册');
    // No code exists to be guessed for either.
    const codes = await db
      .select()
      .from(smsCodes)
      .where(inArray(smsCodes.mobile, [DEMO_ACCOUNTS.top.mobile, '13612340002', '13612340003']));
    expect(codes).toHaveLength(0);
    // A notice counts against the mobile's resend limit like a code.
    const again = await send2(`mobile=${DEMO_ACCOUNTS.top.mobile}&scene=register`, '10.2.1.6');
    expect(again.json().msg).toBe('发送过于频繁，请60秒后再试');
    // A registered mobile gets its reset code.
    await db.execute(sql`DELETE FROM rate_events WHERE key LIKE ${'sms:mobile%'}`);
    expect(
      (await send2(`mobile=${DEMO_ACCOUNTS.top.mobile}&scene=resetPwd`, '10.2.1.4')).json().code,
    ).toBe(200);
    expect((await outbox(DEMO_ACCOUNTS.top.mobile)).json().data.code).toMatch(/^\d{6}$/);
  });

  it('names the field on bad input and sends nothing', async () => {
    const cases: [string, string, string][] = [
      ['mobile=1361234&scene=register', 'mobile', '手机号码格式错误'],
      ['scene=register', 'mobile', '手机号码不能为空'],
      ['mobile=16512345678&scene=register', 'mobile', '手机号码不正确，请使用真实手机号码注册'],
      ['mobile=13612340004&scene=payPwd', 'scene', '短信场景不正确'],
      ['mobile=13612340004&scene=nope', 'scene', '短信场景不正确'],
    ];
    for (const [query, field, msg] of cases) {
      expect((await send2(query, '10.2.2.1')).json()).toMatchObject({ code: 400, field, msg });
    }
    expect(await outboxCount('13612340004')).toBe(0);
    expect(
      (await db.select().from(rateEvents).where(eq(rateEvents.key, 'sms:ip:10.2.2.1'))).length,
    ).toBe(0);
  });

  it('allows one code per mobile per 60 seconds', async () => {
    const mobile = '13612340005';
    expect((await send2(`mobile=${mobile}`, '10.2.3.1')).json().code).toBe(200);
    const again = await send2(`mobile=${mobile}`, '10.2.3.2');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 429, msg: '发送过于频繁，请60秒后再试' });
    expect(await outboxCount(mobile)).toBe(1);
    // A minute later it may send again.
    await db
      .update(rateEvents)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(rateEvents.key, `sms:mobile:${mobile}`));
    expect((await send2(`mobile=${mobile}`, '10.2.3.3')).json().code).toBe(200);
  });

  it('allows ten codes per mobile per day', async () => {
    const mobile = '13612340006';
    // Ten sends earlier today, each more than a minute ago.
    const earlier = Array.from({ length: 10 }, (_, i) => ({
      key: `sms:mobile-day:${mobile}`,
      createdAt: new Date(Date.now() - (i + 2) * 3600_000),
    }));
    await db.insert(rateEvents).values(earlier);
    const res = await send2(`mobile=${mobile}`, '10.2.4.1');
    expect(res.json()).toMatchObject({
      code: 429,
      msg: '该手机号今日获取验证码次数已达上限，请明天再试',
    });
    expect(await outboxCount(mobile)).toBe(0);
    // Events older than a day no longer count.
    await db
      .update(rateEvents)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(rateEvents.key, `sms:mobile-day:${mobile}`));
    expect((await send2(`mobile=${mobile}`, '10.2.4.1')).json().code).toBe(200);
  });

  it('allows twenty codes per address per hour', async () => {
    const ip = '10.2.5.1';
    for (let i = 0; i < 20; i++) {
      const mobile = `1361235${String(i).padStart(4, '0')}`;
      expect((await send2(`mobile=${mobile}`, ip)).json().code).toBe(200);
    }
    const res = await send2('mobile=13612359999', ip);
    expect(res.json()).toMatchObject({ code: 429, msg: '获取验证码过于频繁，请稍后再试' });
    expect(await outboxCount('13612359999')).toBe(0);
    // Another address is not affected.
    expect((await send2('mobile=13612359999', '10.2.5.2')).json().code).toBe(200);
  });
});

describe('GET /prod-api/api/ag/my/center/sendSMS (token)', () => {
  it("sends to the caller's own mobile", async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/sendSMS?scene=payPwd',
      headers: bearer(token),
      remoteAddress: '10.2.6.1',
    });
    expect(res.json()).toMatchObject({ code: 200, data: { resendAfterSeconds: 60 } });
    const [row] = await db
      .select()
      .from(smsOutbox)
      .where(
        and(eq(smsOutbox.mobile, DEMO_ACCOUNTS.grandchild.mobile), eq(smsOutbox.scene, 'payPwd')),
      );
    expect(row?.content).toContain('支付密码');

    const settle = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/sendSMS?scene=settle',
      headers: bearer(token),
      remoteAddress: '10.2.6.1',
    });
    expect(settle.json().msg).toBe('发送过于频繁，请60秒后再试');

    const bad = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/sendSMS?scene=register',
      headers: bearer(token),
    });
    expect(bad.json()).toMatchObject({ code: 400, field: 'scene', msg: '短信场景不正确' });
  });

  it('needs a token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/sendSMS?scene=payPwd',
    });
    expect(res.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/sendSMS?scene=payPwd',
      headers: bearer('abc.def.ghi'),
    });
    expect(forged.json().code).toBe(401);
  });
});

describe('dev outbox switched off', async () => {
  const off = await createTestContext({ smsOutboxApi: false });
  it('is not served', async () => {
    const res = await off.app.inject({
      method: 'GET',
      url: '/prod-api/api/dev/sms/outbox?mobile=13612340001',
    });
    expect(res.statusCode).toBe(404);
    // Nor is holding the simulated acquirer.
    const hold = await off.app.inject({ method: 'POST', url: '/prod-api/api/dev/acquirer/hold' });
    expect(hold.statusCode).toBe(404);
  });
});
