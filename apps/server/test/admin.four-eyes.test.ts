import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { DEMO_SECOND_SUPER_ADMIN } from '../src/db/seed-operators';
import { totpCode } from '../src/lib/totp';
import { adminCall, DEMO_OPERATORS } from './admin-helpers';
import { createTestContext } from './helpers';

type LoginData = {
  stage: string;
  challenge?: string;
  token?: string;
  enrol?: { secret: string; otpauthUri: string } | null;
};

const login = (app: FastifyInstance, username: string, password: string) =>
  adminCall<LoginData>(app, null, 'POST', '/auth/login', { username, password });

const auditCount = async (db: Parameters<typeof rows>[0], action: string, targetId?: number) =>
  Number(
    (
      await rows<{ n: unknown }>(
        db,
        targetId === undefined
          ? sql`SELECT count(*) AS n FROM audit_logs WHERE action = ${action}`
          : sql`SELECT count(*) AS n FROM audit_logs WHERE action = ${action} AND target_id = ${String(targetId)}`,
      )
    )[0]!.n,
  );

describe('operator sign-in steps (TOTP on)', async () => {
  const ctx = await createTestContext({ adminTotp: true });
  const { app } = ctx;
  const db = ctx.database.db;
  const secrets = new Map<string, string>();

  /** Password then code, enrolling the first time; `at` picks the code's moment. */
  async function signIn(username: string, password: string, at = Date.now()) {
    const first = await login(app, username, password);
    expect(first.body.code, first.body.msg).toBe(200);
    if (first.body.data.enrol) secrets.set(username, first.body.data.enrol.secret);
    const done = await adminCall<{ token: string }>(app, null, 'POST', '/auth/totp', {
      challenge: first.body.data.challenge,
      code: totpCode(secrets.get(username)!, at),
    });
    expect(done.body.code, done.body.msg).toBe(200);
    return { token: done.body.data.token, challenge: first.body.data.challenge! };
  }

  let admin: string;
  let admin2: string;
  beforeAll(async () => {
    admin = (await signIn(DEMO_OPERATORS.super_admin.username, DEMO_OPERATORS.super_admin.password))
      .token;
    admin2 = (await signIn(DEMO_SECOND_SUPER_ADMIN.username, DEMO_SECOND_SUPER_ADMIN.password))
      .token;
  });

  it('a used challenge opens nothing again, not even with the next step’s code', async () => {
    const { username, password } = DEMO_OPERATORS.finance;
    const at = Date.now();
    const { challenge } = await signIn(username, password, at);
    const replay = await adminCall<LoginData>(app, null, 'POST', '/auth/totp', {
      challenge,
      code: totpCode(secrets.get(username)!, at + 30_000),
    });
    expect(replay.status).toBe(400);
    expect(replay.body.field).toBe('challenge');
    expect(replay.body.data?.token).toBeUndefined();
    const [{ n }] = (await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
           WHERE o.username = ${username}`,
    )) as [{ n: unknown }];
    expect(Number(n)).toBe(1);
  });

  it('a newer password step ends the earlier challenge', async () => {
    const { username, password } = DEMO_OPERATORS.operations;
    const at = Date.now();
    await signIn(username, password, at);
    const older = await login(app, username, password);
    const newer = await login(app, username, password);
    const code = totpCode(secrets.get(username)!, at + 30_000);
    const stale = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: older.body.data.challenge,
      code,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.field).toBe('challenge');
    const done = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: newer.body.data.challenge,
      code,
    });
    expect(done.body.code, done.body.msg).toBe(200);
  });

  it('the last wrong code a challenge allows ends it, right code or not after', async () => {
    const { username, password } = DEMO_OPERATORS.operations;
    const pending = await login(app, username, password);
    // Any step is new again, so the code below is right for the account.
    await db.execute(sql`UPDATE operators SET totp_last_step = NULL WHERE username = ${username}`);
    const next = totpCode(secrets.get(username)!);
    const wrong = next === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 3; i++) {
      const r = await adminCall(app, null, 'POST', '/auth/totp', {
        challenge: pending.body.data.challenge,
        code: wrong,
      });
      expect(r.status).toBe(400);
      expect(r.body.field, `try ${i}`).toBe(i < 3 ? 'code' : 'challenge');
    }
    const late = await adminCall<LoginData>(app, null, 'POST', '/auth/totp', {
      challenge: pending.body.data.challenge,
      code: next,
    });
    expect(late.status).toBe(400);
    expect(late.body.field).toBe('challenge');
    expect(late.body.data?.token).toBeUndefined();
  });

  it('an operator disabled between the steps gets no token', async () => {
    const { username, password } = DEMO_OPERATORS.content;
    const at = Date.now();
    await signIn(username, password, at);
    const [{ id }] = (await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM operators WHERE username = ${username}`,
    )) as [{ id: unknown }];

    // Disabled behind the console's back: the code step itself checks the status.
    const pending = await login(app, username, password);
    await db.execute(sql`UPDATE operators SET status = 1 WHERE id = ${Number(id)}`);
    const refused = await adminCall<LoginData>(app, null, 'POST', '/auth/totp', {
      challenge: pending.body.data.challenge,
      code: totpCode(secrets.get(username)!, at + 30_000),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data?.token).toBeUndefined();
    await db.execute(sql`UPDATE operators SET status = 0 WHERE id = ${Number(id)}`);
    // Still ended: enabling again does not bring a challenge back.
    const again = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: pending.body.data.challenge,
      code: totpCode(secrets.get(username)!, at + 30_000),
    });
    expect(again.status).toBe(400);

    // Disabled from the console: its open step dies with it.
    const next = await login(app, username, password);
    const off = await adminCall(app, admin, 'POST', '/operators/disable', { id: Number(id) });
    expect(off.body.code, off.body.msg).toBe(200);
    const late = await adminCall<LoginData>(app, null, 'POST', '/auth/totp', {
      challenge: next.body.data.challenge,
      code: totpCode(secrets.get(username)!, at + 30_000),
    });
    expect(late.status).toBe(400);
    expect(late.body.data?.token).toBeUndefined();
  });

  it('after a TOTP reset the old password is gone and the issued one must be replaced before enrolling', async () => {
    const { username, password } = DEMO_OPERATORS.finance;
    const [{ id }] = (await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM operators WHERE username = ${username}`,
    )) as [{ id: unknown }];
    const proposed = await adminCall<{ id: number }>(app, admin, 'POST', '/operators/reset-totp', {
      id: Number(id),
    });
    expect(proposed.body.code, proposed.body.msg).toBe(200);
    // Only proposed: the authenticator still stands.
    const stillEnrolled = await login(app, username, password);
    expect(stillEnrolled.body.data.stage).toBe('totp');
    expect(stillEnrolled.body.data.enrol).toBeNull();

    const approved = await adminCall<{ tempPassword: string | null }>(
      app,
      admin2,
      'POST',
      '/operators/changes/decide',
      { id: proposed.body.data.id, approve: true },
    );
    expect(approved.body.code, approved.body.msg).toBe(200);
    const temp = approved.body.data.tempPassword!;
    expect(temp).toMatch(/^\S{12,}$/);

    // The old password alone opens nothing, enrolment included.
    const old = await login(app, username, password);
    expect(old.status).toBe(400);
    expect(old.body.data?.enrol ?? null).toBeNull();

    // The issued password asks for a new one first; no secret, no token yet.
    const issued = await login(app, username, temp);
    expect(issued.body.data.stage).toBe('password');
    expect(issued.body.data.enrol).toBeNull();
    expect(issued.body.data.token).toBeUndefined();
    // The password step's challenge is not a code step's.
    const skip = await adminCall(app, null, 'POST', '/auth/totp', {
      challenge: issued.body.data.challenge,
      code: '123456',
    });
    expect(skip.body.field).toBe('challenge');
    const same = await adminCall(app, null, 'POST', '/auth/password', {
      challenge: issued.body.data.challenge,
      newPassword: temp,
    });
    expect(same.body.field).toBe('newPassword');
    const changed = await adminCall<LoginData>(app, null, 'POST', '/auth/password', {
      challenge: issued.body.data.challenge,
      newPassword: 'MyOwn2024pass',
    });
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect(changed.body.data.stage).toBe('totp');
    const secret = changed.body.data.enrol!.secret;
    expect(secret).not.toBe(secrets.get(username));
    const reused = await adminCall(app, null, 'POST', '/auth/password', {
      challenge: issued.body.data.challenge,
      newPassword: 'Another2024pass',
    });
    expect(reused.body.field).toBe('challenge');
    const done = await adminCall<{ token: string }>(app, null, 'POST', '/auth/totp', {
      challenge: changed.body.data.challenge,
      code: totpCode(secret),
    });
    expect(done.body.code, done.body.msg).toBe(200);
    expect(await auditCount(db, 'operator.reset_totp', Number(id))).toBe(1);
    expect(await auditCount(db, 'operator.password_change', Number(id))).toBe(1);
  });
});

describe('four eyes over operators (TOTP off)', async () => {
  const ctx = await createTestContext({ adminTotp: false });
  const { app } = ctx;
  const db = ctx.database.db;

  /** Signs in; an issued password is replaced by `own` on the way. */
  async function signIn(username: string, password: string, own?: string) {
    const first = await login(app, username, password);
    expect(first.body.code, first.body.msg).toBe(200);
    if (first.body.data.stage === 'done') return first.body.data.token!;
    expect(first.body.data.stage).toBe('password');
    expect(first.body.data.token).toBeUndefined();
    const changed = await adminCall<LoginData>(app, null, 'POST', '/auth/password', {
      challenge: first.body.data.challenge,
      newPassword: own,
    });
    expect(changed.body.code, changed.body.msg).toBe(200);
    return changed.body.data.token!;
  }

  let admin: string;
  let admin2: string;
  let finance: string;
  let ops: string;
  beforeAll(async () => {
    admin = await signIn(DEMO_OPERATORS.super_admin.username, DEMO_OPERATORS.super_admin.password);
    admin2 = await signIn(DEMO_SECOND_SUPER_ADMIN.username, DEMO_SECOND_SUPER_ADMIN.password);
    finance = await signIn(DEMO_OPERATORS.finance.username, DEMO_OPERATORS.finance.password);
    ops = await signIn(DEMO_OPERATORS.operations.username, DEMO_OPERATORS.operations.password);
  });

  const decide = (token: string, id: number, approve: boolean, reason?: string) =>
    adminCall<{ status: number; operatorId: number | null; tempPassword: string | null }>(
      app,
      token,
      'POST',
      '/operators/changes/decide',
      { id, approve, ...(reason ? { reason } : {}) },
    );
  const operatorNamed = async (username: string) =>
    (
      await rows<{ id: unknown; created_by: unknown; role: string }>(
        db,
        sql`SELECT id, created_by, role FROM operators WHERE username = ${username}`,
      )
    )[0];

  async function createApproved(username: string, role: string, own: string) {
    const made = await adminCall<{ id: number }>(app, admin, 'POST', '/operators/create', {
      username,
      name: username,
      role,
    });
    expect(made.body.code, made.body.msg).toBe(200);
    const ok = await decide(admin2, made.body.data.id, true);
    expect(ok.body.code, ok.body.msg).toBe(200);
    return {
      id: ok.body.data.operatorId!,
      token: await signIn(username, ok.body.data.tempPassword!, own),
    };
  }

  it('one super admin creating an operator gets nothing usable until a second one approves', async () => {
    const bad = await adminCall(app, admin, 'POST', '/operators/create', {
      username: 'Bad Name',
      name: '新',
      role: 'finance',
    });
    expect(bad.body.field).toBe('username');
    const made = await adminCall<{ id: number; status: number }>(
      app,
      admin,
      'POST',
      '/operators/create',
      { username: 'fin2', name: '财务二', role: 'finance' },
    );
    expect(made.body.code, made.body.msg).toBe(200);
    expect(made.body.data.status).toBe(0);
    expect(await operatorNamed('fin2')).toBeUndefined();
    const twice = await adminCall(app, admin2, 'POST', '/operators/create', {
      username: 'fin2',
      name: '财务二',
      role: 'finance',
    });
    expect(twice.body.field).toBe('username');

    // The proposer sees it waiting, and cannot approve it.
    const list = await adminCall<{ id: number; status: number; username: string }[]>(
      app,
      admin,
      'GET',
      '/operators/changes',
    );
    expect(list.body.data.find((c) => c.id === made.body.data.id)).toMatchObject({
      status: 0,
      username: 'fin2',
    });
    const self = await decide(admin, made.body.data.id, true);
    expect(self.status).toBe(400);
    expect(self.body.field).toBe('id');
    expect(await operatorNamed('fin2')).toBeUndefined();
    // Another role cannot decide at all.
    expect((await decide(finance, made.body.data.id, true)).status).toBe(403);

    const approved = await decide(admin2, made.body.data.id, true);
    expect(approved.body.code, approved.body.msg).toBe(200);
    const temp = approved.body.data.tempPassword!;
    const row = await operatorNamed('fin2');
    expect(Number(row!.created_by)).toBe(ctx.demo.operators.super_admin.id);
    expect((await decide(admin2, made.body.data.id, true)).status).toBe(409);

    // The issued password only lets the operator set its own.
    const token = await signIn('fin2', temp, 'Fin2own2024');
    expect((await adminCall(app, token, 'GET', '/withdrawals')).status).toBe(200);
    expect((await adminCall(app, token, 'GET', '/banners')).status).toBe(403);

    expect(await auditCount(db, 'operator_change.propose', made.body.data.id)).toBe(1);
    expect(await auditCount(db, 'operator_change.approve', made.body.data.id)).toBe(1);
    expect(await auditCount(db, 'operator.create', Number(row!.id))).toBe(1);

    // Disabling takes power away at once; enabling it again waits for the second super admin.
    await adminCall(app, admin, 'POST', '/operators/disable', { id: Number(row!.id) });
    expect((await adminCall(app, token, 'GET', '/withdrawals')).status).toBe(401);
    const enable = await adminCall<{ id: number }>(app, admin, 'POST', '/operators/enable', {
      id: Number(row!.id),
    });
    expect(enable.body.code, enable.body.msg).toBe(200);
    expect((await login(app, 'fin2', 'Fin2own2024')).body.msg).toBe('账号已停用');
    expect((await decide(admin2, enable.body.data.id, true)).body.code).toBe(200);
    expect((await login(app, 'fin2', 'Fin2own2024')).body.code).toBe(200);
  });

  it('a rejected creation makes nothing; a role change waits for approval', async () => {
    const made = await adminCall<{ id: number }>(app, admin2, 'POST', '/operators/create', {
      username: 'ghost',
      name: '幽灵',
      role: 'super_admin',
    });
    const noReason = await decide(admin, made.body.data.id, false);
    expect(noReason.body.field).toBe('reason');
    const rejected = await decide(admin, made.body.data.id, false, '无此人');
    expect(rejected.body.data.status).toBe(2);
    expect(rejected.body.data.tempPassword).toBeNull();
    expect(await operatorNamed('ghost')).toBeUndefined();
    expect(await auditCount(db, 'operator_change.reject', made.body.data.id)).toBe(1);

    const opsId = ctx.demo.operators.operations.id;
    const role = await adminCall<{ id: number }>(app, admin, 'POST', '/operators/role', {
      id: opsId,
      role: 'finance',
    });
    expect(role.body.code, role.body.msg).toBe(200);
    expect((await adminCall(app, ops, 'GET', '/withdrawals')).status).toBe(403);
    expect((await decide(admin, role.body.data.id, true)).status).toBe(400);
    expect((await decide(admin2, role.body.data.id, true)).body.code).toBe(200);
    expect((await adminCall(app, ops, 'GET', '/withdrawals')).status).toBe(200);
    expect(await auditCount(db, 'operator.role', opsId)).toBe(1);
  });

  it('an operator made after an adjustment was proposed, or by its maker, cannot check it', async () => {
    const reward = async () =>
      Number(
        (
          await rows<{ b: unknown }>(
            db,
            sql`SELECT coalesce(sum(balance_fen), 0) AS b FROM ledger_accounts
                 WHERE agent_id = ${ctx.demo.child.id} AND wallet_type = 'reward'`,
          )
        )[0]!.b,
      );
    const propose = async (token: string) => {
      const r = await adminCall<{ id: number }>(app, token, 'POST', '/adjustments/create', {
        agentId: ctx.demo.child.id,
        walletType: 'reward',
        amountFen: 100_000,
        reason: '补发',
      });
      expect(r.body.code, r.body.msg).toBe(200);
      return r.body.data.id;
    };
    const approve = (token: string, id: number) =>
      adminCall(app, token, 'POST', '/adjustments/decide', { id, approve: true });
    const start = await reward();

    const early = await propose(finance);
    const fin3 = await createApproved('fin3', 'finance', 'Fin3own2024');

    // Made after the adjustment was proposed.
    const newer = await approve(fin3.token, early);
    expect(newer.status).toBe(400);
    expect(newer.body.field).toBe('id');
    expect(newer.body.msg).toContain('创建之前');

    // Made by the adjustment's maker.
    const byCreator = await propose(admin);
    const created = await approve(fin3.token, byCreator);
    expect(created.status).toBe(400);
    expect(created.body.msg).toContain('创建人');

    // What the created operator proposes, its creator cannot check; another super admin can.
    const byFin3 = await propose(fin3.token);
    const creator = await approve(admin, byFin3);
    expect(creator.status).toBe(400);
    expect(creator.body.field).toBe('id');
    // Nor the super admin that approved its creation: it was handed the temporary password and
    // could have signed in as it first.
    const issuer = await approve(admin2, byFin3);
    expect(issuer.status).toBe(400);
    expect(issuer.body.msg).toContain('签发');
    expect(await reward()).toBe(start);
    expect((await approve(finance, byFin3)).body.code).toBe(200);
    expect((await approve(admin2, early)).body.code).toBe(200);
    expect((await approve(finance, byCreator)).body.code).toBe(200);
    expect(await reward()).toBe(start + 300_000);
  });

  it('the super admin handed a new operator’s password cannot pair with it, for money or for operators', async () => {
    const fin4 = await createApproved('fin4', 'finance', 'Fin4own2024');
    // admin2 approved fin4's creation and saw its temporary password.
    const byIssuer = await adminCall<{ id: number }>(app, admin2, 'POST', '/adjustments/create', {
      agentId: ctx.demo.child.id,
      walletType: 'reward',
      amountFen: 1_000_000,
      reason: '补发',
    });
    expect(byIssuer.body.code, byIssuer.body.msg).toBe(200);
    const paired = await adminCall(app, fin4.token, 'POST', '/adjustments/decide', {
      id: byIssuer.body.data.id,
      approve: true,
    });
    expect(paired.status).toBe(400);
    expect(paired.body.msg).toContain('签发');

    // A super admin made the same way cannot approve what its issuer proposes for operators,
    // nor the other way round.
    const boss = await createApproved('boss9', 'super_admin', 'Boss9own2024');
    const proposed = await adminCall<{ id: number }>(app, admin2, 'POST', '/operators/create', {
      username: 'helper9',
      name: 'helper9',
      role: 'finance',
    });
    expect(proposed.body.code, proposed.body.msg).toBe(200);
    const byBoss = await decide(boss.token, proposed.body.data.id, true);
    expect(byBoss.status).toBe(400);
    expect(byBoss.body.msg).toContain('签发');
    expect(await operatorNamed('helper9')).toBeUndefined();
    // An independent super admin still can.
    expect((await decide(admin, proposed.body.data.id, true)).body.code).toBe(200);
  });
});
