import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, smsCodes, smsOutbox } from '../src/db/schema';
import {
  REGISTER_PER_ADDRESS_PER_HOUR,
  REGISTER_PER_MOBILE_PER_HOUR,
} from '../src/modules/agents/register-agent';
import { hashSmsCode } from '../src/db/sms-codes';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const { db } = ctx.database;

let ipSeq = 0;
/** Each call from its own address, so the per-address SMS limit stays out of these tests. */
const sendCode = (mobile: string, scene = 'register') =>
  app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/my/center/sendSMS2?mobile=${mobile}&scene=${scene}`,
    remoteAddress: `10.1.0.${++ipSeq}`,
  });

/** The code as the simulated gateway "sent" it, read straight from its outbox table. */
async function outboxCode(mobile: string) {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no SMS for ${mobile}`);
  return row.code;
}

let registerSeq = 0;
/** Each call from its own address too, so the per-address register limit stays out of them. */
const register = (payload: object) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/agent/info/apiAdd',
    payload,
    remoteAddress: `10.4.0.${++registerSeq}`,
  });

const agentCount = async () => (await db.select({ id: agents.id }).from(agents)).length;

describe('POST /prod-api/api/ag/agent/info/apiAdd', () => {
  it('registers an agent under the inviter with a code read from the SMS outbox', async () => {
    const mobile = '13512340001';
    expect((await sendCode(mobile)).json()).toMatchObject({
      code: 200,
      data: { expiresInSeconds: 300, resendAfterSeconds: 60 },
    });
    const smsCode = await outboxCode(mobile);
    expect(smsCode).toMatch(/^\d{6}$/);
    // Only a hash of the code is stored.
    const [stored] = await db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(stored!.codeHash).not.toContain(smsCode);

    const res = await register({
      mobile,
      password: 'secret1',
      smsCode,
      inviteCode: DEMO_ACCOUNTS.child.inviteCode,
    });
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '注册成功' });
    expect(typeof body.data.id).toBe('number');

    const [agent] = await db.select().from(agents).where(eq(agents.id, body.data.id));
    expect(agent).toMatchObject({
      mobile,
      name: '代理0001',
      parentId: ctx.demo.child.id,
      path: `${ctx.demo.child.path}${body.data.id}/`,
      depth: ctx.demo.child.depth + 1,
      topId: ctx.demo.top.id,
      role: 'agent',
    });
    expect(agent!.passwordHash).not.toContain('secret1');

    // The new agent signs in with the chosen password and sees its parent.
    const token = await loginAs(app, mobile, 'secret1');
    const info = (
      await app.inject({
        method: 'GET',
        url: '/prod-api/api/ag/my/center/info',
        headers: bearer(token),
      })
    ).json();
    expect(info.data.info).toMatchObject({
      mobile,
      parentName: DEMO_ACCOUNTS.child.name,
      levelName: 'V1',
    });

    // The code was consumed: the same code does not register a second time.
    const again = await register({
      mobile: '13512340009',
      password: 'secret1',
      smsCode,
      inviteCode: DEMO_ACCOUNTS.top.inviteCode,
    });
    expect(again.json()).toMatchObject({ code: 400, field: 'smsCode' });
  });

  it('keeps the given name when one is sent', async () => {
    const mobile = '13512340002';
    await sendCode(mobile);
    const res = await register({
      mobile,
      password: 'secret1',
      smsCode: await outboxCode(mobile),
      inviteCode: DEMO_ACCOUNTS.top.inviteCode,
      name: '周杰',
    });
    const [agent] = await db.select().from(agents).where(eq(agents.id, res.json().data.id));
    expect(agent!.name).toBe('周杰');
    expect(agent!.parentId).toBe(ctx.demo.top.id);
  });

  it('refuses an unknown invitation code and creates nothing', async () => {
    const mobile = '13512340003';
    await sendCode(mobile);
    const before = await agentCount();
    const smsCode = await outboxCode(mobile);
    const res = await register({ mobile, password: 'secret1', smsCode, inviteCode: '99999999' });
    expect(res.json()).toMatchObject({ code: 400, field: 'inviteCode', msg: '邀请码不存在' });
    // An operator's code is no invitation either: operators stand outside the trees.
    const op = await register({
      mobile,
      password: 'secret1',
      smsCode,
      inviteCode: ctx.demo.operator.inviteCode,
    });
    expect(op.json()).toMatchObject({ code: 400, field: 'inviteCode', msg: '邀请码不存在' });
    expect(await agentCount()).toBe(before);
    // The code was not spent by the refused attempts.
    const ok = await register({
      mobile,
      password: 'secret1',
      smsCode,
      inviteCode: DEMO_ACCOUNTS.top.inviteCode,
    });
    expect(ok.json().code).toBe(200);
  });

  it('sends a registered mobile a notice instead of a code, saying nothing to the caller; at register, the code speaks first', async () => {
    const sent = await sendCode(DEMO_ACCOUNTS.child.mobile);
    expect(sent.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(await outboxCode(DEMO_ACCOUNTS.child.mobile)).toBe('');
    const before = await agentCount();
    // Without the mobile's own register code, a registered mobile answers exactly like a free
    // one: the code's error, never 该手机号已注册.
    const payload = (mobile: string) => ({
      mobile,
      password: 'secret1',
      smsCode: '123456',
      inviteCode: DEMO_ACCOUNTS.top.inviteCode,
    });
    const taken = await register(payload(DEMO_ACCOUNTS.child.mobile));
    const free = await register(payload('13512340099'));
    expect(taken.json()).toEqual({
      code: 400,
      msg: '验证码已失效，请重新获取',
      err: 'SMS_CODE_EXPIRED',
      field: 'smsCode',
    });
    expect(taken.body).toBe(free.body);
    expect(await agentCount()).toBe(before);

    // A code sent before someone else took the mobile proves the phone; only then is it said.
    const mobile = '13512340098';
    await sendCode(mobile);
    const smsCode = await outboxCode(mobile);
    const first = await register({ ...payload(mobile), smsCode });
    expect(first.json().code).toBe(200);
    await db.insert(smsCodes).values({
      mobile,
      scene: 'register',
      codeHash: hashSmsCode(mobile, 'register', '654321'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const again = await register({ ...payload(mobile), smsCode: '654321' });
    expect(again.json()).toMatchObject({ code: 409, field: 'mobile', msg: '该手机号已注册' });
  });

  it('refuses a password the rules forbid, naming the rule, and creates nothing', async () => {
    const before = await agentCount();
    const base = {
      mobile: '13512340007',
      smsCode: '123456',
      inviteCode: DEMO_ACCOUNTS.top.inviteCode,
    };
    const cases: [string, string][] = [
      ['111111', '密码不能全部是同一个字符'],
      ['12345678', '密码不能是连续的数字或字母，如123456、abcdef、qwerty'],
      ['abcabc', '密码不能是简单重复的字符，如121212、abcabc'],
      ['13512340007', '密码不能包含手机号，也不能取自手机号'],
      ['340007', '密码不能包含手机号，也不能取自手机号'],
      ['password', '密码过于常见，请换一个不易被猜到的密码'],
    ];
    for (const [password, msg] of cases) {
      const res = await register({ ...base, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field: 'password', msg });
    }
    expect(await agentCount()).toBe(before);
  });

  it('limits tries per address and per mobile', async () => {
    const attempt = (mobile: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/prod-api/api/ag/agent/info/apiAdd',
        remoteAddress: ip,
        payload: {
          mobile,
          password: 'secret1',
          smsCode: '123456',
          inviteCode: DEMO_ACCOUNTS.top.inviteCode,
        },
      });
    // One address, a different mobile each time.
    for (let i = 0; i < REGISTER_PER_ADDRESS_PER_HOUR; i++) {
      const res = await attempt(`1351235${String(i).padStart(4, '0')}`, '10.2.0.1');
      expect(res.json().msg).toBe('验证码已失效，请重新获取');
    }
    const overAddress = await attempt('13512359999', '10.2.0.1');
    expect(overAddress.statusCode).toBe(429);
    expect(overAddress.json()).toMatchObject({ code: 429, msg: '注册尝试过于频繁，请稍后再试' });
    expect((await attempt('13512359999', '10.2.0.2')).json().code).toBe(400);

    // One mobile (a registered one), a different address each time.
    const mobile = DEMO_ACCOUNTS.grandchild.mobile;
    for (let i = 0; i < REGISTER_PER_MOBILE_PER_HOUR; i++) {
      expect((await attempt(mobile, `10.3.0.${i + 1}`)).json().field).toBe('smsCode');
    }
    const overMobile = await attempt(mobile, '10.3.1.1');
    expect(overMobile.json()).toMatchObject({ code: 429, msg: '注册尝试过于频繁，请稍后再试' });
  });

  it('names the field on bad input and creates nothing', async () => {
    const before = await agentCount();
    const base = {
      mobile: '13512340004',
      password: 'secret1',
      smsCode: '123456',
      inviteCode: '10000001',
    };
    const cases: [object, string, string][] = [
      [{ ...base, mobile: '1351234' }, 'mobile', '手机号码格式错误'],
      [{ ...base, mobile: '17012345678' }, 'mobile', '手机号码不正确，请使用真实手机号码注册'],
      [{ ...base, mobile: undefined }, 'mobile', '手机号码不能为空'],
      [{ ...base, password: '123' }, 'password', '密码长度不能少于6位'],
      [{ ...base, smsCode: '12ab56' }, 'smsCode', '验证码为6位数字'],
      [{ ...base, smsCode: undefined }, 'smsCode', '验证码不能为空'],
      [{ ...base, inviteCode: '' }, 'inviteCode', '邀请码不能为空'],
      [{ ...base, inviteCode: undefined }, 'inviteCode', '邀请码不能为空'],
      [{ ...base, name: 'Bob' }, 'name', '姓名为2-4个汉字'],
    ];
    for (const [payload, field, msg] of cases) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field, msg });
    }
    expect(await agentCount()).toBe(before);
  });

  it('refuses a missing, expired, wrong or exhausted code', async () => {
    const mobile = '13512340005';
    const payload = (smsCode: string) => ({
      mobile,
      password: 'secret1',
      smsCode,
      inviteCode: DEMO_ACCOUNTS.top.inviteCode,
    });

    const none = await register(payload('123456'));
    expect(none.json()).toMatchObject({
      code: 400,
      field: 'smsCode',
      msg: '验证码已失效，请重新获取',
    });

    await sendCode(mobile);
    const code = await outboxCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      expect((await register(payload(wrong))).json()).toMatchObject({
        field: 'smsCode',
        msg: `验证码错误，还可尝试${left}次`,
      });
    }
    expect((await register(payload(wrong))).json().msg).toBe('验证码错误次数过多，请重新获取');
    // After five wrong tries the code is dead, even the right one no longer works.
    expect((await register(payload(code))).json()).toMatchObject({
      field: 'smsCode',
      msg: '验证码错误次数过多，请重新获取',
    });

    // A fresh code works, but not once it has expired.
    await db.delete(smsCodes).where(eq(smsCodes.mobile, mobile));
    await db.insert(smsCodes).values({
      mobile,
      scene: 'register',
      codeHash: 'x',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await register(payload(code))).json().msg).toBe('验证码已失效，请重新获取');
    expect((await db.select().from(agents).where(eq(agents.mobile, mobile))).length).toBe(0);
  });

  it('does not accept a code sent for another scene', async () => {
    const mobile = DEMO_ACCOUNTS.otherTop.mobile;
    await sendCode(mobile, 'resetPwd');
    const res = await register({
      mobile: '13512340006',
      password: 'secret1',
      smsCode: await outboxCode(mobile),
      inviteCode: '10000001',
    });
    expect(res.json()).toMatchObject({ field: 'smsCode', msg: '验证码已失效，请重新获取' });
  });
});

describe('GET /prod-api/getInfo', () => {
  it('answers roles and permissions of an agent and of an operator', async () => {
    const agentToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const agent = (
      await app.inject({ method: 'GET', url: '/prod-api/getInfo', headers: bearer(agentToken) })
    ).json();
    expect(agent).toMatchObject({
      code: 200,
      data: {
        user: {
          userId: ctx.demo.top.id,
          userName: DEMO_ACCOUNTS.top.mobile,
          nickName: DEMO_ACCOUNTS.top.name,
        },
        roles: ['agent'],
        permissions: ['agent:*'],
        isSpecificAccount: false,
      },
      roles: ['agent'],
    });
    const opToken = await loginAs(
      app,
      DEMO_ACCOUNTS.operator.mobile,
      DEMO_ACCOUNTS.operator.password,
    );
    const op = (
      await app.inject({ method: 'GET', url: '/prod-api/getInfo', headers: bearer(opToken) })
    ).json();
    expect(op.data).toMatchObject({ roles: ['operator'], permissions: ['*:*:*'] });
  });

  it('needs a live token', async () => {
    expect((await app.inject({ method: 'GET', url: '/prod-api/getInfo' })).statusCode).toBe(401);
    const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const claims = app.jwt.decode<{ sub: string; sid: string }>(token)!;
    const expired = app.jwt.sign({ sub: claims.sub, sid: claims.sid }, { expiresIn: -10 });
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/getInfo',
      headers: bearer(expired),
    });
    expect(res.json().code).toBe(401);
  });
});
