import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { rows } from '../src/db/client';
import { BootstrapRefused, bootstrapSuperAdmin } from '../src/modules/admin/bootstrap-super-admin';
import { adminCall } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * The deploy-time step that gives a platform its first two super admins (decision 022): it adds
 * one only while fewer than two are active, its password is temporary and must be replaced
 * before anything else, and it is audited.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;
const opts = { scryptCost: ctx.config.scryptCost };

describe('bootstrapping super admins', () => {
  it('refuses while two super admins are active (the demo has admin and admin2)', async () => {
    await expect(
      bootstrapSuperAdmin(db, { username: 'boss3', name: '第三位' }, opts),
    ).rejects.toThrow(BootstrapRefused);
    const [n] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM operators WHERE username = 'boss3'`,
    );
    expect(Number(n!.n)).toBe(0);
  });

  it('with one left, adds a super admin whose temporary password must be replaced first, audited', async () => {
    await db.execute(sql`UPDATE operators SET status = 1 WHERE username = 'admin2'`);
    const made = await bootstrapSuperAdmin(db, { username: 'boss2', name: '新超管' }, opts);
    expect(made.activeSuperAdmins).toBe(2);
    const signIn = await adminCall<{ stage: string; token?: string }>(
      app,
      null,
      'POST',
      '/auth/login',
      { username: 'boss2', password: made.tempPassword },
    );
    expect(signIn.body.code, signIn.body.msg).toBe(200);
    expect(signIn.body.data.stage).toBe('password');
    expect(signIn.body.data.token).toBeUndefined();
    const [entry] = await rows<{ operator_name: string; target_id: string }>(
      db,
      sql`SELECT operator_name, target_id FROM audit_logs WHERE action = 'operator.bootstrap'`,
    );
    expect(entry).toMatchObject({ operator_name: 'deploy', target_id: String(made.operatorId) });
    // Two are active again: a third is refused.
    await expect(
      bootstrapSuperAdmin(db, { username: 'boss4', name: '第四位' }, opts),
    ).rejects.toThrow(/already 2 active super admins/);
  });

  it('refuses a malformed or taken username', async () => {
    await db.execute(sql`UPDATE operators SET status = 1 WHERE username = 'boss2'`);
    await expect(bootstrapSuperAdmin(db, { username: 'a b', name: 'x' }, opts)).rejects.toThrow(
      /username/,
    );
    await expect(bootstrapSuperAdmin(db, { username: 'admin', name: 'x' }, opts)).rejects.toThrow(
      /taken/,
    );
  });

  it('the command says how it is used and refuses without its arguments', () => {
    let failed: { status: number; stderr: Buffer } | null = null;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'bootstrap-admin'], {
        cwd: path.join(REPO_ROOT, 'apps/server'),
        stdio: 'pipe',
        env: { ...process.env, PGLITE_DATA_DIR: 'memory://' },
      });
    } catch (err) {
      failed = err as { status: number; stderr: Buffer };
    }
    expect(failed?.status).toBe(2);
    expect(failed?.stderr.toString()).toContain('usage: cli.js bootstrap-admin');
  });
});
