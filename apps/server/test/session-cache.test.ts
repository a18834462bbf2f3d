import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { until } from './processes';

/**
 * Sessions are remembered by each API process (issue 12), and still end at once: logout and a
 * password change in this process, and in another process on the same database as soon as the
 * database's eviction message arrives (a disabled account too).
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;

const info = (server: typeof app, token: string) =>
  server.inject({ method: 'GET', url: '/prod-api/api/ag/my/center/info', headers: bearer(token) });

/**
 * The status of the call once it is refused, polled for at most ten seconds (an eviction message
 * arrives in milliseconds; the slack is for a loaded machine).
 */
const refusedSoon = (server: typeof app, token: string) =>
  until(async () => {
    const status: number = (await info(server, token)).json().code;
    return status !== 200 ? status : undefined;
  }, 10_000);

describe('sessions remembered by the process', () => {
  it('accepts a remembered token only while it lasts, and never a different string', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const claims = app.jwt.decode<{ sub: string; sid: string }>(token)!;
    // The same session under a token that expires in a second or two (its expiry is counted in
    // whole seconds, so "in 2 s" leaves it at least one).
    const short = app.jwt.sign({ sub: claims.sub, sid: claims.sid }, { expiresIn: 2 });
    const { exp } = app.jwt.decode<{ exp: number }>(short)!;
    expect((await info(app, short)).json().code).toBe(200);
    expect((await info(app, short)).json().code).toBe(200);
    const [head, body] = token.split('.');
    expect((await info(app, `${head}.${body}.${'A'.repeat(43)}`)).json().code).toBe(401);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 100));
    expect((await info(app, short)).json().code).toBe(401);
    expect((await info(app, token)).json().code).toBe(200);
  });

  it('takes a token as verified only in the app that verified it with its own secret', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    expect((await info(app, token)).json().code).toBe(200);
    // Same database and session, another secret: the signature must be checked again and fail.
    const stranger = await buildApp({
      database: ctx.database,
      config: { ...ctx.config, jwtSecret: 'another-secret-of-at-least-thirty-two-chars' },
      logger: false,
    });
    try {
      expect((await info(stranger, token)).json().code).toBe(401);
    } finally {
      await stranger.close();
    }
  });

  it('ends a session at once on logout', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    expect((await info(app, token)).json().code).toBe(200);
    expect(app.sessionCache.size).toBeGreaterThan(0);
    const out = await app.inject({
      method: 'POST',
      url: '/prod-api/api/logout',
      headers: bearer(token),
    });
    expect(out.json().code).toBe(200);
    expect((await info(app, token)).json().code).toBe(401);
  });

  it('ends the other sessions at once when the password changes', async () => {
    const mobile = DEMO_ACCOUNTS.otherTop.mobile;
    const a = await loginAs(app, mobile);
    const b = await loginAs(app, mobile);
    expect((await info(app, b)).json().code).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/my/center/changePwd',
      headers: bearer(a),
      payload: { oldPassword: 'demo123', newPassword: 'Demo1234x' },
    });
    expect(changed.json().code, changed.json().msg).toBe(200);
    expect((await info(app, b)).json().code).toBe(401);
    expect((await info(app, a)).json().code).toBe(200);
  });
});

describe('another process on the same database', async () => {
  // A second API process: its own pool, its own cache, its own LISTEN connection.
  const otherDb = ctx.database.url
    ? await openDatabase({ databaseUrl: ctx.database.url })
    : ctx.database;
  const other = await buildApp({ database: otherDb, config: ctx.config, logger: false });
  await other.ready();
  afterAll(async () => {
    await other.close();
    if (otherDb !== ctx.database) await otherDb.close();
  });

  // The changes below are made with plain SQL, as another process would make them: nothing in
  // this process is told, so only the database's eviction message can make the cache forget.
  it('forgets a session ended elsewhere, and an account disabled elsewhere', async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    expect((await info(other, token)).json().code).toBe(200);
    expect(other.sessionCache.size).toBeGreaterThan(0);
    await ctx.database.db.execute(
      sql`UPDATE sessions SET revoked_at = now() WHERE agent_id = ${ctx.demo.child.id}`,
    );
    expect(await refusedSoon(other, token)).toBe(401);

    const again = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    expect((await info(other, again)).json().code).toBe(200);
    await ctx.database.db.execute(
      sql`UPDATE agents SET status = 1 WHERE id = ${ctx.demo.child.id}`,
    );
    expect(await refusedSoon(other, again)).toBe(403);
    await ctx.database.db.execute(
      sql`UPDATE agents SET status = 0 WHERE id = ${ctx.demo.child.id}`,
    );
  });
});
