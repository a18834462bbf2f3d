import { describe, expect, it } from 'vitest';
import { createCaptcha, renderCaptchaSvg } from '../src/modules/auth/captcha';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const login = (payload: object, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/prod-api/login/app', payload, remoteAddress: ip });

describe('POST /prod-api/login/app', () => {
  it('signs a demo agent in and the token opens authenticated calls', async () => {
    const res = await login({ username: DEMO_ACCOUNTS.top.mobile, password: 'demo123' });
    const body = res.json();
    expect(body.code).toBe(200);
    expect(typeof body.token).toBe('string');
    expect(body.passwordCheck).toBe(false);
    const out = await app.inject({
      method: 'POST',
      url: '/prod-api/api/logout',
      headers: bearer(body.token),
    });
    expect(out.json().code).toBe(200);
    // The session is over: the same token is now refused.
    const again = await app.inject({
      method: 'POST',
      url: '/prod-api/api/logout',
      headers: bearer(body.token),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(401);
  });

  it('names the field on bad input and says nothing about unknown mobiles', async () => {
    const bad = await login({ username: '12345', password: 'x' });
    expect(bad.json()).toMatchObject({ code: 400, field: 'username', msg: '手机号码格式错误' });
    const prefix = await login({ username: '17012345678', password: 'x' });
    expect(prefix.json().msg).toBe('手机号码不正确，请使用真实手机号码注册');
    const unknown = await login({ username: '13712345678', password: 'whatever' });
    expect(unknown.json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
  });

  it('counts wrong passwords and locks the account after five', async () => {
    const mobile = DEMO_ACCOUNTS.grandchild.mobile;
    for (let i = 1; i <= 4; i++) {
      const res = await login({ username: mobile, password: 'wrong-pass' }, '10.0.0.2');
      expect(res.json().msg).toBe('账号或密码错误');
    }
    const fifth = await login({ username: mobile, password: 'wrong-pass' }, '10.0.0.2');
    expect(fifth.json().msg).toMatch(/账号已锁定/);
    // Even the right password is refused while locked.
    const right = await login({ username: mobile, password: 'demo123' }, '10.0.0.2');
    expect(right.json().code).toBe(400);
    expect(right.json().msg).toMatch(/账号已锁定/);
  });

  it('answers a wrong password byte for byte the same whether the mobile is registered or not', async () => {
    const registered = DEMO_ACCOUNTS.operator.mobile;
    const unknown = '13912340000';
    for (let i = 1; i <= 6; i++) {
      const known = await login({ username: registered, password: 'wrong-pass' }, '10.0.0.3');
      const stranger = await login({ username: unknown, password: 'wrong-pass' }, '10.0.0.4');
      expect(stranger.statusCode).toBe(known.statusCode);
      if (i < 5) {
        expect(stranger.body).toBe(known.body);
        expect(known.json()).toEqual({
          code: 400,
          msg: '账号或密码错误',
          err: 'WRONG_CREDENTIALS',
          field: 'password',
        });
      } else {
        // Locked alike after five: the same words, the unlock time (to the minute) aside, as the
        // two locks began a few milliseconds apart.
        const clockless = (body: string) => body.replace(/\d\d:\d\d/, 'hh:mm');
        expect(clockless(stranger.body)).toBe(clockless(known.body));
        expect(known.json()).toMatchObject({ code: 400, err: 'ACCOUNT_LOCKED', field: 'password' });
      }
    }
    // A remembered-login credential tried on either answers alike too.
    const rk = await login(
      { username: DEMO_ACCOUNTS.child.mobile, rememberToken: 'x'.repeat(40) },
      '10.0.0.5',
    );
    const ru = await login({ username: '13912340001', rememberToken: 'x'.repeat(40) }, '10.0.0.6');
    expect(ru.body).toBe(rk.body);
  });

  it('remembers a login with a rotating device credential, never the password', async () => {
    const first = (
      await login({ username: DEMO_ACCOUNTS.child.mobile, password: 'demo123', remember: true })
    ).json();
    expect(first.passwordCheck).toBe(true);
    expect(first.rememberToken).toBeTruthy();
    expect(first.rememberToken).not.toContain('demo123');
    const second = (
      await login({ username: DEMO_ACCOUNTS.child.mobile, rememberToken: first.rememberToken })
    ).json();
    expect(second.code).toBe(200);
    expect(second.rememberToken).not.toBe(first.rememberToken);
    // A used credential does not work twice.
    const replay = (
      await login({ username: DEMO_ACCOUNTS.child.mobile, rememberToken: first.rememberToken })
    ).json();
    expect(replay.code).toBe(400);
  });

  it('refuses calls without a token, with a forged token, or an expired one', async () => {
    const none = await app.inject({ method: 'POST', url: '/prod-api/api/logout' });
    expect(none.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'POST',
      url: '/prod-api/api/logout',
      headers: bearer('abc.def.ghi'),
    });
    expect(forged.json().code).toBe(401);
    const token = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);
    const claims = app.jwt.decode<{ sub: string; sid: string }>(token)!;
    const expired = app.jwt.sign({ sub: claims.sub, sid: claims.sid }, { expiresIn: -10 });
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/api/logout',
      headers: bearer(expired),
    });
    expect(res.json().code).toBe(401);
  });
});

describe('login rate limit per address', async () => {
  const limited = await createTestContext({ loginIpMax: 3 });
  const attempt = (ip: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      payload: { username: DEMO_ACCOUNTS.top.mobile, password: 'demo123' },
      remoteAddress: ip,
    });
  it('refuses an address after its allowance, even with the right password, and not others', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('10.9.9.9')).json().code).toBe(200);
    const refused = await attempt('10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, msg: '登录尝试过于频繁，请稍后再试' });
    expect((await attempt('10.9.9.10')).json().code).toBe(200);
  });
});

describe('captcha', async () => {
  const withCaptcha = await createTestContext({ captchaEnabled: true });
  it('requires a one-time captcha when switched on', async () => {
    const cap = (
      await withCaptcha.app.inject({ method: 'GET', url: '/prod-api/captchaImage' })
    ).json();
    expect(cap.captchaEnabled).toBe(true);
    expect(Buffer.from(cap.img, 'base64').toString()).toContain('<svg');
    const res = await withCaptcha.app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      payload: {
        username: DEMO_ACCOUNTS.top.mobile,
        password: 'demo123',
        uuid: cap.uuid,
        code: 'ZZZZ',
      },
    });
    expect(res.json()).toMatchObject({ code: 400, field: 'code', msg: '图形验证码错误' });
  });

  it('draws the code as distorted paths that hold no text, and the right answer signs in', async () => {
    const issued = await createCaptcha(withCaptcha.app.db);
    const svg = Buffer.from(issued.img, 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*>.*<path /);
    expect(svg).not.toMatch(/<(text|tspan|textPath|font|use|image|foreignObject)\b/i);
    // Nothing between the tags, and the code appears nowhere, in any case or spacing.
    expect(svg.replace(/<[^>]*>/g, '')).toBe('');
    const flat = svg.replace(/\s+/g, '').toUpperCase();
    expect(flat).not.toContain(issued.code);
    // No two draws of one code share their outlines, so no table of paths reads it either.
    const first = renderCaptchaSvg(issued.code).match(/ d="[^"]+"/g) ?? ([] as string[]);
    const second = renderCaptchaSvg(issued.code).match(/ d="[^"]+"/g) ?? ([] as string[]);
    expect(first.length).toBeGreaterThan(issued.code.length);
    expect(first.filter((d) => second.includes(d))).toEqual([]);

    const res = await withCaptcha.app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      payload: {
        username: DEMO_ACCOUNTS.top.mobile,
        password: 'demo123',
        uuid: issued.uuid,
        code: issued.code.toLowerCase(),
      },
    });
    expect(res.json().code).toBe(200);
  });
});
