import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db } from '../src/db/client';
import { runMonthlyAllowanceJob } from '../src/jobs/monthly-allowance';
import { settleQueued } from '../src/jobs/settlement';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { previousMonth } from '../src/lib/periods';
import { createTestContext, type TestContext } from './helpers';
import { simulatedChannelServesAll } from './notify-helpers';
import {
  demoNotifications,
  earningsByTransaction,
  exited,
  queued,
  scalar,
  signedHeaders,
  startProcess,
  until,
} from './processes';
/**
 * Crash safety with real processes on PostgreSQL: a jobs process killed with SIGKILL in the middle
 * of settling a batch (or of a monthly job) leaves its claim behind; a restarted process takes it
 * over within one lease and finishes the work, each transaction settled once and every agent's
 * earnings per transaction equal to a run that was never killed.
 */
const ctx = await createTestContext();
// The demo's terminals arrive in the platform's own format: no brand has a channel of its own.
await simulatedChannelServesAll(ctx.database.db);
const onPostgres = ctx.database.kind === 'postgres';
const LEASE_MS = 2000;
const COUNT = 6000;
const start = (script: string, args: string[], env: Record<string, string>) =>
  startProcess(script, args, {
    DATABASE_URL: ctx.database.url!,
    JOB_LEASE_MS: String(LEASE_MS),
    ...env,
  });
const jobsServer = () =>
  start('src/main.ts', [], { SERVER_ROLE: 'jobs', PORT: '0', SETTLEMENT_INTERVAL_MS: '100' });
const settlementStatus = (db: Db) =>
  scalar(db, sql`SELECT status AS v FROM job_runs WHERE job = 'settlement' AND period = 'live'`);

async function send(target: TestContext, bodies: string[]) {
  for (let i = 0; i < bodies.length; i += 50) {
    await Promise.all(
      bodies.slice(i, i + 50).map(async (body) => {
        const res = await target.app.inject({
          method: 'POST',
          url: '/prod-api/api/notify/transaction',
          headers: signedHeaders(body, target.config.notifySecret),
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
    const bodies = await demoNotifications(db, COUNT, 'CRASH');
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
    await exited(first);
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
    await exited(second);

    // The same notifications, settled by a process that was never killed.
    const control = await createTestContext();
    await simulatedChannelServesAll(control.database.db);
    await send(control, bodies);
    while ((await queued(control.database.db)) > 0) await settleQueued(control.database.db);

    const settled = await scalar(db, sql`SELECT count(*) AS v FROM settlements`);
    expect(settled).toBe(
      await scalar(control.database.db, sql`SELECT count(*) AS v FROM settlements`),
    );
    expect(settled).toBeGreaterThan(COUNT * 0.8);
    const earned = await earningsByTransaction(db, 'CRASH');
    expect(earned.length).toBeGreaterThan(COUNT / 2);
    expect(earned).toEqual(await earningsByTransaction(control.database.db, 'CRASH'));
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
    await exited(holder);

    const killedAt = Date.now();
    const result = await until(
      async () => {
        const r = await runMonthlyAllowanceJob(db, new Date(), month);
        return r.ran ? r : undefined;
      },
      60_000,
      200,
    );
    // Within a lease and one run of the job (slack for a loaded machine), not 30 minutes.
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 20_000);
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
