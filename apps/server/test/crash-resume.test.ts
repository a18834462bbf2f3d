import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { NOTIFY_SIGNATURE_HEADER } from '@pos/core';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows, type Db } from '../src/db/client';
import { runMonthlyAllowanceJob } from '../src/jobs/monthly-allowance';
import { settleQueued } from '../src/jobs/settlement';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { previousMonth } from '../src/modules/settlement/periods';
import { hmacSign } from '../src/modules/transactions/signature';
import { newTrafficState, nextNotification, seededRng } from '../src/modules/transactions/traffic';
import { createTestContext, type TestContext } from './helpers';

/**
 * Crash safety with real processes on PostgreSQL: a jobs process killed with SIGKILL in the middle
 * of settling a batch (or of a monthly job) leaves its claim behind; a restarted process takes it
 * over within one lease and finishes the work, each transaction settled once and every agent's
 * earnings per transaction equal to a run that was never killed.
 */
const ctx = await createTestContext();
const onPostgres = ctx.database.kind === 'postgres';
const serverDir = path.resolve(import.meta.dirname, '..');
const LEASE_MS = 2000;
const COUNT = 6000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

function start(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.database.url!,
      JOB_LEASE_MS: String(LEASE_MS),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}
const jobsServer = () =>
  start('src/main.ts', [], { SERVER_ROLE: 'jobs', PORT: '0', SETTLEMENT_INTERVAL_MS: '100' });

async function until<T>(probe: () => Promise<T | undefined>, ms: number, step = 20): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await sleep(step);
  }
}
const scalar = async (db: Db, q: ReturnType<typeof sql>) =>
  Number((await rows<{ v: unknown }>(db, q))[0]?.v ?? 0);
const queued = (db: Db) => scalar(db, sql`SELECT count(*) AS v FROM settlement_queue`);
const settlementStatus = (db: Db) =>
  scalar(db, sql`SELECT status AS v FROM job_runs WHERE job = 'settlement' AND period = 'live'`);

/** What every agent earned from each transaction, keyed by what both databases share. */
const earnings = (db: Db) =>
  rows<{ txn: string; mobile: string; fen: string }>(
    db,
    sql`SELECT k.acquirer_txn_id AS txn, a.mobile, sum(l.amount_fen)::text AS fen
          FROM settlements s
          JOIN transaction_keys k ON k.txn_id = s.txn_id
          JOIN ledger_lines l ON l.entry_id = s.entry_id AND l.txn_id = s.txn_id
          JOIN agents a ON a.id = l.agent_id
         GROUP BY 1, 2 ORDER BY 1, 2`,
  );

async function send(target: TestContext, bodies: string[]) {
  for (let i = 0; i < bodies.length; i += 50) {
    await Promise.all(
      bodies.slice(i, i + 50).map(async (body) => {
        const res = await target.app.inject({
          method: 'POST',
          url: '/prod-api/api/notify/transaction',
          headers: {
            'content-type': 'application/json',
            [NOTIFY_SIGNATURE_HEADER]: hmacSign(body, target.config.notifySecret),
          },
          payload: body,
        });
        if (res.statusCode !== 200) throw new Error(`notify answered ${res.statusCode}`);
      }),
    );
  }
}

describe.runIf(onPostgres)('a jobs process killed with SIGKILL', () => {
  it('in the middle of settling 6,000 notifications: a restarted process drains the queue within a minute, each settled once, earnings equal to an uninterrupted run', async () => {
    const db = ctx.database.db;
    const sns = (
      await rows<{ sn: string }>(
        db,
        sql`SELECT sn FROM terminals WHERE bind_status IN (1, 3) AND deleted_at IS NULL ORDER BY sn LIMIT 200`,
      )
    ).map((r) => r.sn);
    expect(sns.length).toBeGreaterThan(0);
    const rng = seededRng(20261124);
    const state = newTrafficState();
    const t0 = Date.now() - COUNT * 1000;
    const bodies = Array.from({ length: COUNT }, (_, i) =>
      JSON.stringify(nextNotification(sns, state, rng, new Date(t0 + i * 1000), 'CRASH')),
    );
    await send(ctx, bodies);
    const total = await queued(db);
    expect(total).toBeGreaterThan(COUNT * 0.9);

    // Kill the jobs process while its settlement run is in hand.
    const first = jobsServer();
    await until(
      async () => {
        const left = await queued(db);
        return (await settlementStatus(db)) === 1 && left >= 300 && left < total ? true : undefined;
      },
      60_000,
      5,
    );
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const leftAtKill = await queued(db);
    expect(leftAtKill).toBeGreaterThan(0);
    expect(await settlementStatus(db)).toBe(1); // the dead process's claim is still there

    // The acquirer retries everything; nothing is taken twice.
    await send(ctx, bodies);
    expect(await queued(db)).toBe(leftAtKill);

    const restartedAt = Date.now();
    const second = jobsServer();
    await until(
      async () =>
        (await queued(db)) === 0 && (await settlementStatus(db)) === 2 ? true : undefined,
      60_000,
      100,
    );
    const drainedMs = Date.now() - restartedAt;
    expect(drainedMs).toBeLessThan(60_000);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));

    // The same notifications, settled by a process that was never killed.
    const control = await createTestContext();
    await send(control, bodies);
    while ((await queued(control.database.db)) > 0) await settleQueued(control.database.db);

    const settled = await scalar(db, sql`SELECT count(*) AS v FROM settlements`);
    expect(settled).toBe(
      await scalar(control.database.db, sql`SELECT count(*) AS v FROM settlements`),
    );
    expect(settled).toBeGreaterThan(COUNT * 0.8);
    expect(await earnings(db)).toEqual(await earnings(control.database.db));
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
      negativeAgentAccounts: 0,
    });
    console.log(
      `crash test: ${total} queued, ${leftAtKill} left at the kill, drained ${drainedMs} ms after the restart`,
    );
  }, 180_000);

  it('in the middle of a monthly job: its partial work is undone and the next process pays the month once, within seconds', async () => {
    const db = ctx.database.db;
    const month = previousMonth(new Date());
    await db.execute(sql`DELETE FROM job_runs WHERE job = 'monthly_allowance'`);
    await db.execute(sql`DELETE FROM monthly_allowances WHERE month = ${`${month}-01`}::date`);
    const holder = start('test/fixtures/hold-job.ts', [month], {});
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (d: Buffer) => d.toString().includes('holding') && resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));

    const killedAt = Date.now();
    const result = await until(
      async () => {
        const r = await runMonthlyAllowanceJob(db, new Date(), month);
        return r.ran ? r : undefined;
      },
      60_000,
      200,
    );
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 5000);
    // The killed transaction's row (999 activations) is gone; each agent is paid at most once.
    const bogus = await scalar(
      db,
      sql`SELECT count(*) AS v FROM monthly_allowances WHERE activations = 999`,
    );
    expect(bogus).toBe(0);
    const again = await runMonthlyAllowanceJob(db, new Date(), month);
    expect(again).toMatchObject({ ran: false, reason: 'already_succeeded' });
    const paid = await scalar(
      db,
      sql`SELECT count(*) AS v FROM ledger_entries WHERE idem_key LIKE ${`allowance:${month}:%`}`,
    );
    expect(paid).toBe(result.ran ? result.processed : -1);
  }, 90_000);
});
