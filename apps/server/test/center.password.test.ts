import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, rememberTokens, sessions } from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { createAgent } from '../src/modules/agents/create-agent';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const { db } = ctx.database;

let ipSeq = 0;
const ip = () => `10.3.0.${++ipSeq}`;

const info = (token: string) =>
  app.inject({ method: 'GET', url: '/prod-api/api/ag/my/center/info', headers: bearer(token) });
const rememberLogin = async (mobile: string, password: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/login/app',
    payload: { username: mobile, password, remember: true },
    remoteAddress: ip(),
  });
  return res.json() as { token: string; rememberToken: string };
};
const loginWith = (payload: object) =>
  app.inject({ method: 'POST', url: '/prod-api/login/app', payload, remoteAddress: ip() });

async function resetCode(mobile: string) {
  const sent = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/my/center/sendSMS2?mobile=${mobile}&scene=resetPwd`,
    remoteAddress: ip(),
  });
  expect(sent.json().code).toBe(200);
  const msg = await app.inject({
    method: 'GET',
    url: `/prod-api/api/dev/sms/outbox?mobile=${mobile}`,
  });
  return msg.json().data.code as string;
}

const reset = (payload: object) =>
  app.inject({ method: 'POST', url: '/prod-api/api/ag/my/center/resetPwd', payload });
const change = (token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/my/center/changePwd',
    headers: bearer(token),
    payload,
  });

const liveSessions = async (agentId: number) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.agentId, agentId), isNull(sessions.revokedAt)));

describe('POST /prod-api/api/ag/my/center/resetPwd', () => {
  it('sets a new password with a resetPwd code and ends every session and remembered login', async () => {
    const { mobile } = DEMO_ACCOUNTS.grandchild;
    const first = await rememberLogin(mobile, 'demo123');
    const second = await loginAs(app, mobile);
    expect((await info(second)).json().code).toBe(200);

    // A locked account is unlocked by proving the mobile.
    await db
      .update(agents)
      .set({ lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(agents.mobile, mobile));

    const smsCode = await resetCode(mobile);
    const res = await reset({ mobile, smsCode, password: 'brand-new1' });
    expect(res.json()).toMatchObject({ code: 200 });

    expect((await info(first.token)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(401);
    expect(await liveSessions(ctx.demo.grandchild.id)).toHaveLength(0);
    const remembered = await loginWith({ username: mobile, rememberToken: first.rememberToken });
    expect(remembered.json().code).toBe(400);
    const live = await db
      .select()
      .from(rememberTokens)
      .where(
        and(eq(rememberTokens.agentId, ctx.demo.grandchild.id), isNull(rememberTokens.revokedAt)),
      );
    expect(live).toHaveLength(0);

    expect((await loginWith({ username: mobile, password: 'demo123' })).json().code).toBe(400);
    expect((await loginWith({ username: mobile, password: 'brand-new1' })).json().code).toBe(200);

    // The code works once.
    const replay = await reset({ mobile, smsCode, password: 'another1' });
    expect(replay.json()).toMatchObject({
      code: 400,
      field: 'smsCode',
      msg: '验证码已失效，请重新获取',
    });
  });

  it('refuses a wrong code and bad input without changing anything', async () => {
    const { mobile } = DEMO_ACCOUNTS.otherTop;
    const token = await loginAs(app, mobile);
    const smsCode = await resetCode(mobile);
    const wrong = smsCode === '000000' ? '111111' : '000000';
    expect((await reset({ mobile, smsCode: wrong, password: 'brand-new1' })).json()).toMatchObject({
      code: 400,
      field: 'smsCode',
      msg: '验证码错误，还可尝试4次',
    });
    const cases: [object, string, string][] = [
      [{ mobile, smsCode, password: '123' }, 'password', '密码长度不能少于6位'],
      [{ mobile, smsCode, password: `${'x'.repeat(60)}y1234` }, 'password', '密码长度不能超过64位'],
      [{ mobile, smsCode: '12', password: 'brand-new1' }, 'smsCode', '验证码为6位数字'],
      [{ mobile: '123', smsCode, password: 'brand-new1' }, 'mobile', '手机号码格式错误'],
    ];
    for (const [payload, field, msg] of cases) {
      expect((await reset(payload)).json()).toMatchObject({ code: 400, field, msg });
    }
    // An unknown mobile never got a code, so the code is what is wrong.
    expect(
      (await reset({ mobile: '13712345678', smsCode, password: 'brand-new1' })).json(),
    ).toMatchObject({
      field: 'smsCode',
      msg: '验证码已失效，请重新获取',
    });
    expect((await info(token)).json().code).toBe(200);
    expect((await loginWith({ username: mobile, password: 'demo123' })).json().code).toBe(200);
    // The right code still works after all that.
    expect((await reset({ mobile, smsCode, password: 'brand-new1' })).json().code).toBe(200);
  });

  it('refuses a new password the rules forbid, naming the rule, changing nothing', async () => {
    const mobile = '13712340002';
    await createAgent(db, {
      mobile,
      passwordHash: await hashPassword('demo123', ctx.config.scryptCost),
      name: '周八',
      parent: ctx.demo.top,
    });
    const smsCode = await resetCode(mobile);
    for (const [password, msg] of [
      ['888888', '密码不能全部是同一个字符'],
      ['abcdefg', '密码不能是连续的数字或字母，如123456、abcdef、qwerty'],
      [mobile, '密码不能包含手机号，也不能取自手机号'],
    ]) {
      expect((await reset({ mobile, smsCode, password })).json()).toMatchObject({
        code: 400,
        field: 'password',
        msg,
      });
    }
    // The code was not used up by the refusals, and the password did not change.
    expect((await loginWith({ username: mobile, password: '888888' })).json().code).toBe(400);
    expect((await reset({ mobile, smsCode, password: 'Good-pass9' })).json().code).toBe(200);
  });
});

describe('POST /prod-api/api/ag/my/center/changePwd', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { mobile } = DEMO_ACCOUNTS.child;
    const other = await rememberLogin(mobile, 'demo123');
    const current = await loginAs(app, mobile);
    const res = await change(current, { oldPassword: 'demo123', newPassword: 'changed1' });
    expect(res.json()).toMatchObject({ code: 200, msg: '密码修改成功' });

    expect((await info(current)).json().code).toBe(200);
    expect((await info(other.token)).statusCode).toBe(401);
    expect(await liveSessions(ctx.demo.child.id)).toHaveLength(1);
    expect(
      (await loginWith({ username: mobile, rememberToken: other.rememberToken })).json().code,
    ).toBe(400);
    expect((await loginWith({ username: mobile, password: 'changed1' })).json().code).toBe(200);
  });

  it('refuses a wrong old password, an equal or short new one, changing nothing', async () => {
    const { mobile } = DEMO_ACCOUNTS.top;
    const token = await loginAs(app, mobile);
    const other = await loginAs(app, mobile);
    const cases: [object, string, string][] = [
      [{ oldPassword: 'wrong-one', newPassword: 'changed1' }, 'oldPassword', '原密码错误'],
      [{ oldPassword: 'demo123', newPassword: 'demo123' }, 'newPassword', '新密码不能与原密码相同'],
      [{ oldPassword: 'demo123', newPassword: '12345' }, 'newPassword', '密码长度不能少于6位'],
      [{ oldPassword: '', newPassword: 'changed1' }, 'oldPassword', '原密码不能为空'],
      [{ newPassword: 'changed1' }, 'oldPassword', '原密码不能为空'],
      [{ oldPassword: 'demo123' }, 'newPassword', '密码不能为空'],
    ];
    for (const [payload, field, msg] of cases) {
      const res = await change(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field, msg });
    }
    expect((await info(other)).json().code).toBe(200);
    expect((await loginWith({ username: mobile, password: 'demo123' })).json().code).toBe(200);
  });

  it('refuses a new password the rules forbid, naming the rule, changing nothing', async () => {
    const { mobile } = DEMO_ACCOUNTS.top;
    const token = await loginAs(app, mobile);
    const cases: [string, string][] = [
      ['111111', '密码不能全部是同一个字符'],
      ['123456', '密码不能是连续的数字或字母，如123456、abcdef、qwerty'],
      ['121212', '密码不能是简单重复的字符，如121212、abcabc'],
      [mobile, '密码不能包含手机号，也不能取自手机号'],
      [`a${mobile}`, '密码不能包含手机号，也不能取自手机号'],
      [mobile.slice(-7), '密码不能包含手机号，也不能取自手机号'],
      ['woaini1314', '密码过于常见，请换一个不易被猜到的密码'],
    ];
    for (const [newPassword, msg] of cases) {
      const res = await change(token, { oldPassword: 'demo123', newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field: 'newPassword', msg });
    }
    expect((await loginWith({ username: mobile, password: 'demo123' })).json().code).toBe(200);
  });

  it('clears the must-change flag, which until then blocks other calls', async () => {
    // An agent created by its parent with an initial password.
    const mobile = '13712340001';
    const password = 'initial1';
    await createAgent(db, {
      mobile,
      passwordHash: await hashPassword(password, ctx.config.scryptCost),
      name: '孙七',
      parent: ctx.demo.top,
      mustChangePassword: true,
    });
    const token = await loginAs(app, mobile, password);
    const blocked = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/home/banner/list?bannerType=1',
      headers: bearer(token),
    });
    expect(blocked.json().code).toBe(428);
    expect((await info(token)).json().data.info.mustChangePassword).toBe(true);
    expect(
      (await change(token, { oldPassword: password, newPassword: 'fresh-pass1' })).json().code,
    ).toBe(200);
    expect((await info(token)).json().data.info.mustChangePassword).toBe(false);
    const open = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/home/banner/list?bannerType=1',
      headers: bearer(token),
    });
    expect(open.json().code).toBe(200);
  });

  it('needs a live token', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/my/center/changePwd',
      payload: { oldPassword: 'demo123', newPassword: 'changed1' },
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('merchant scan tokens', () => {
  let seq = 0;
  /** A new agent signed in, with a merchant token issued in that session. */
  async function agentWithScanToken() {
    const mobile = `1371235${String(++seq).padStart(4, '0')}`;
    const agent = await createAgent(db, {
      mobile,
      passwordHash: await hashPassword('demo123', ctx.config.scryptCost),
      name: '扫码员',
      parent: ctx.demo.top,
    });
    const token = await loginAs(app, mobile);
    const issued = await app.inject({
      method: 'POST',
      url: '/prod-api/app/api/scan/token',
      headers: bearer(token),
    });
    expect(issued.json().code).toBe(200);
    return { agent, mobile, token, scanToken: issued.json().data.token as string };
  }
  const scan = (scanToken: string) =>
    app.inject({
      method: 'GET',
      url: '/prod-api/app/api/scan/terminal?sn=LD00009999',
      headers: { token: scanToken },
    });
  const refused = { code: 428, err: 'MERCHANT_TOKEN_INVALID' };

  it('works while its session and password hold', async () => {
    const { scanToken } = await agentWithScanToken();
    // Accepted: the terminal is simply not in this agent's stock.
    expect((await scan(scanToken)).json()).toMatchObject({ code: 404 });
  });

  it('ends with a logout', async () => {
    const { token, scanToken } = await agentWithScanToken();
    await app.inject({ method: 'POST', url: '/prod-api/api/logout', headers: bearer(token) });
    expect((await scan(scanToken)).json()).toMatchObject(refused);
  });

  it('ends with a password change, even one made in the same session', async () => {
    const { token, scanToken } = await agentWithScanToken();
    const res = await change(token, { oldPassword: 'demo123', newPassword: 'changed-9x' });
    expect(res.json().code).toBe(200);
    expect((await info(token)).json().code).toBe(200);
    expect((await scan(scanToken)).json()).toMatchObject(refused);
    // A new one issued after the change works.
    const fresh = await app.inject({
      method: 'POST',
      url: '/prod-api/app/api/scan/token',
      headers: bearer(token),
    });
    expect((await scan(fresh.json().data.token)).json()).toMatchObject({ code: 404 });
  });

  it('ends with a password reset by SMS', async () => {
    const { mobile, scanToken } = await agentWithScanToken();
    const smsCode = await resetCode(mobile);
    expect((await reset({ mobile, smsCode, password: 'brand-new9' })).json().code).toBe(200);
    expect((await scan(scanToken)).json()).toMatchObject(refused);
  });

  it('is refused in another session of the same agent', async () => {
    const { agent, scanToken } = await agentWithScanToken();
    const [body, mac] = scanToken.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { a: number };
    expect(claims.a).toBe(agent.id);
    const tampered = Buffer.from(JSON.stringify({ ...claims, s: crypto.randomUUID() })).toString(
      'base64url',
    );
    expect((await scan(`${tampered}.${mac}`)).json()).toMatchObject(refused);
  });
});
