import { PERMISSIONS, ROLES, hasPermission, type Role } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { totpCode } from '../src/lib/totp';
import { DEMO_SECOND_SUPER_ADMIN } from '../src/db/seed-operators';
import { adminCall, adminLogin, DEMO_OPERATORS } from './admin-helpers';
import { createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// TOTP on, as by default.
const ctx = await createTestContext({ adminTotp: true, adminIdleMinutes: 30 });
const { app } = ctx;

const login = (username: string, password: string) =>
  adminCall<{
    stage: string;
    challenge?: string;
    token?: string;
    enrol?: { secret: string; otpauthUri: string } | null;
  }>(app, null, 'POST', '/auth/login', { username, password });

describe('operator sign-in with TOTP', () => {
  it('enrols by the QR secret on first sign-in, then needs a fresh code every time', async () => {
    const { username, password } = DEMO_OPERATORS.finance;
    const first = await login(username, password);
    expect(first.body.code).toBe(200);
    expect(first.body.data.stage).toBe('totp');
    expect(first.body.data.token).toBeUndefined();
    const enrol = first.body.data.enrol!;
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/POS%20Console%3Afinance\?secret=/);

    const wrong = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: first.body.data.challenge,
      code: totpCode(enrol.secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');

    // One moment for the codes below, so a 30 s step ending mid-test cannot turn the replay into
    // a fresh code.
    const at = Date.now();
    const done = await adminCall<{ token: string }>(app, null, 'POST', '/auth/totp', {
      challenge: first.body.data.challenge,
      code: totpCode(enrol.secret, at),
    });
    expect(done.body.code, done.body.msg).toBe(200);
    const me = await adminCall<{ operator: { role: Role } }>(
      app,
      done.body.data.token,
      'GET',
      '/auth/me',
    );
    expect(me.body.data.operator.role).toBe('finance');

    // Enrolled: no secret is shown again, and the same code cannot be used twice.
    const second = await login(username, password);
    expect(second.body.data.enrol).toBeNull();
    const replay = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: second.body.data.challenge,
      code: totpCode(enrol.secret, at),
    });
    expect(replay.status).toBe(400);
    const next = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: second.body.data.challenge,
      code: totpCode(enrol.secret, at + 30_000),
    });
    expect(next.body.code, next.body.msg).toBe(200);
  });

  it('eight concurrent right passwords each reach the second step and lock nothing', async () => {
    const { username, password } = DEMO_OPERATORS.operations;
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(username, password)));
    expect(answers.map((a) => a.body.data?.stage)).toEqual(Array(8).fill('totp'));
    const [guard] = await rows<{ failed: unknown; locked: unknown }>(
      ctx.database.db,
      sql`SELECT failed_logins AS failed, locked_until AS locked FROM operators WHERE username = ${username}`,
    );
    expect(Number(guard!.failed)).toBe(0);
    expect(guard!.locked).toBeNull();
  });

  it('ten concurrent right codes on one challenge: one signs in, the rest find it used, nothing locks', async () => {
    const { username, password } = DEMO_OPERATORS.super_admin;
    const first = await login(username, password);
    const secret = first.body.data.enrol!.secret;
    const code = totpCode(secret);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        adminCall<{ token?: string }>(app, null, 'POST', '/auth/totp', {
          challenge: first.body.data.challenge,
          code,
        }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200 && a.body.data.token)).toHaveLength(1);
    expect(answers.filter((a) => /锁定/.test(a.body.msg ?? ''))).toHaveLength(0);
    const [guard] = await rows<{ failed: unknown; locked: unknown }>(
      ctx.database.db,
      sql`SELECT failed_logins AS failed, locked_until AS locked FROM operators WHERE username = ${username}`,
    );
    expect(Number(guard!.failed)).toBe(0);
    expect(guard!.locked).toBeNull();
  });

  it('30 concurrent wrong codes on one challenge: only its tries are compared, each counted once, the rest find it ended', async () => {
    const { username, password } = DEMO_SECOND_SUPER_ADMIN;
    const first = await login(username, password);
    expect(first.body.data.stage).toBe('totp');
    const secret = first.body.data.enrol!.secret;
    // Wrong for this moment and the steps either side of it.
    const near = [-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        adminCall(app, null, 'POST', '/auth/totp', {
          challenge: first.body.data.challenge,
          code: wrong,
        }),
      ),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const compared = answers.filter((a) => /动态验证码错误/.test(a.body.msg ?? ''));
    const [guard] = await rows<{ failed: unknown }>(
      ctx.database.db,
      sql`SELECT failed_logins AS failed FROM operators WHERE username = ${username}`,
    );
    // Never more than the five of the window, and the guard counted exactly those compared.
    expect(compared.length).toBeGreaterThan(0);
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(Number(guard!.failed)).toBe(compared.length);
    expect(compared.filter((a) => /次数过多/.test(a.body.msg))).toHaveLength(1);
    // The challenge is over, even for the right code; a new sign-in with it works.
    const late = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: first.body.data.challenge,
      code: totpCode(secret),
    });
    expect(late.status).toBe(400);
    const again = await login(username, password);
    const ok = await adminCall<{ token: string }>(app, null, 'POST', '/auth/totp', {
      challenge: again.body.data.challenge,
      code: totpCode(secret),
    });
    expect(ok.body.code, ok.body.msg).toBe(200);
  });

  it('a wrong password answers alike for a username that exists and one that does not', async () => {
    const known = await login(DEMO_OPERATORS.finance.username, 'not-the-password');
    const unknown = await login('no-such-operator', 'not-the-password');
    expect(known.status).toBe(400);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.msg).toBe('账号或密码错误');
  });

  it('locks the account after five wrong passwords, even for the right one', async () => {
    const { username, password } = DEMO_OPERATORS.content;
    for (let i = 0; i < 5; i++) {
      const r = await login(username, 'wrong-password');
      expect(r.status).toBe(400);
    }
    const locked = await login(username, password);
    expect(locked.status).toBe(400);
    expect(locked.body.msg).toContain('锁定');
  });

  it('a session ends after its idle timeout and after its absolute end', async () => {
    const { username, password } = DEMO_OPERATORS.operations;
    const first = await login(username, password);
    const done = await adminCall<{ token: string }>(app, null, 'POST', '/auth/totp', {
      challenge: first.body.data.challenge,
      code: totpCode(first.body.data.enrol!.secret),
    });
    const token = done.body.data.token;
    expect((await adminCall(app, token, 'GET', '/auth/me')).status).toBe(200);
    await ctx.database.db.execute(
      sql`UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes'`,
    );
    expect((await adminCall(app, token, 'GET', '/auth/me')).status).toBe(401);
    await ctx.database.db.execute(
      sql`UPDATE operator_sessions SET last_seen_at = now(), expires_at = now() - interval '1 second'`,
    );
    expect((await adminCall(app, token, 'GET', '/auth/me')).status).toBe(401);
  });
});

describe('role x route matrix', async () => {
  const plain = await createTestContext({ adminTotp: false });
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = await adminLogin(plain.app, role);
  const agentToken = await loginAs(plain.app, DEMO_ACCOUNTS.top.mobile);
  const operatorAgentToken = await loginAs(
    plain.app,
    DEMO_ACCOUNTS.operator.mobile,
    DEMO_ACCOUNTS.operator.password,
  );
  const table = plain.app.adminRouteTable;

  it('covers every permission with at least one route', () => {
    const used = new Set(table.map((r) => r.permission));
    for (const p of PERMISSIONS) expect(used, p).toContain(p);
  });

  it('answers 403 to a role without the permission and never 401/403 to one with it', async () => {
    // Logging out would end the session the rest of the matrix uses; it is a 'session' route.
    for (const route of table.filter((r) => !r.url.endsWith('/auth/logout'))) {
      const url = route.url.replace('/prod-api/admin', '').replace(/:(\w+)/g, '1');
      for (const role of ROLES) {
        const res = await adminCall(
          plain.app,
          tokens[role],
          route.method as 'GET',
          url,
          route.method === 'POST' ? {} : undefined,
        );
        const allowed = route.permission === 'session' || hasPermission(role, route.permission);
        if (allowed) expect([401, 403], `${role} ${route.method} ${url}`).not.toContain(res.status);
        else expect(res.status, `${role} ${route.method} ${url}`).toBe(403);
      }
    }
  });

  it("answers 401 to an agent's token (operator agents included) and to no token on every route", async () => {
    for (const route of table) {
      const url = route.url.replace('/prod-api/admin', '').replace(/:(\w+)/g, '1');
      for (const token of [agentToken, operatorAgentToken, null]) {
        const res = await adminCall(
          plain.app,
          token,
          route.method as 'GET',
          url,
          route.method === 'POST' ? {} : undefined,
        );
        expect(res.status, `${route.method} ${url}`).toBe(401);
      }
    }
  });

  it("an operator's token opens nothing of the agent API", async () => {
    const res = await plain.app.inject({
      method: 'GET',
      url: '/prod-api/getInfo',
      headers: { authorization: `Bearer ${tokens.super_admin}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('refuses updates and deletes', async () => {
    await ctx.database.db.execute(
      sql`INSERT INTO audit_logs (operator_name, role, action, target_type) VALUES ('t', 'finance', 'test.x', 'test')`,
    );
    await expect(
      ctx.database.db.execute(sql`UPDATE audit_logs SET action = 'changed'`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`DELETE FROM audit_logs`)).rejects.toThrow();
    const left = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'test.x'`,
    );
    expect(left[0]!.n).toBe(1);
  });
});

describe('the console is served under /admin/', async () => {
  const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dist = mkdtempSync(path.join(tmpdir(), 'console-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console shell</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  const served = await createTestContext({ consoleDist: dist });

  it('answers every console path with its shell (history mode) and assets as files', async () => {
    for (const url of ['/admin', '/admin/', '/admin/finance/withdrawals']) {
      const res = await served.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('console shell');
    }
    const asset = await served.app.inject({ url: '/admin/assets/app-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
