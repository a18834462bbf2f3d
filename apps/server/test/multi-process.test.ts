import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { previousMonth } from '../src/lib/periods';
import { simulatedChannelServesAll } from './notify-helpers';
import { clearOfShanghaiMidnight, createTestContext } from './helpers';
import {
  demoNotifications,
  exited,
  freePort,
  queued,
  scalar,
  signedHeaders,
  startProcess,
  until,
} from './processes';

/**
 * Several processes on one PostgreSQL database, as deploy/compose.yaml runs them: two processes
 * serving the API (and running jobs too, the default role) and one jobs-only process. Signed
 * notifications arrive spread over both API processes; every transaction is settled once, every
 * monthly job runs once for its period, and the ledger's invariants hold.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
// The demo's terminals arrive in the platform's own format: no brand has a channel of its own.
await simulatedChannelServesAll(db);
const COUNT = 3000;

describe.runIf(ctx.database.kind === 'postgres')('three processes on one database', () => {
  it('settle every notification once and run every monthly job once', async () => {
    // The jobs and this test both name last month: one month, whatever the clock.
    await clearOfShanghaiMidnight(60_000);
    const startedAt = Date.now();
    const ports = [await freePort(), await freePort(), await freePort()];
    const env = (port: number, role: string) => ({
      DATABASE_URL: ctx.database.url!,
      PORT: String(port),
      SERVER_ROLE: role,
      SETTLEMENT_INTERVAL_MS: '200',
      NOTIFY_SECRET: ctx.config.notifySecret,
    });
    const procs = [
      startProcess('src/main.ts', [], env(ports[0]!, 'all')),
      startProcess('src/main.ts', [], env(ports[1]!, 'all')),
      startProcess('src/main.ts', [], env(ports[2]!, 'jobs')),
    ];
    for (const port of ports) {
      await until(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
          return res?.ok ? true : undefined;
        },
        60_000,
        200,
      );
    }

    const bodies = await demoNotifications(db, COUNT, 'MULTI');
    const apis = ports.slice(0, 2);
    for (let i = 0; i < bodies.length; i += 40) {
      await Promise.all(
        bodies.slice(i, i + 40).map(async (body, j) => {
          const port = apis[(i + j) % apis.length];
          const res = await fetch(`http://127.0.0.1:${port}/prod-api/api/notify/transaction`, {
            method: 'POST',
            headers: signedHeaders(body, ctx.config.notifySecret),
            body,
          });
          expect(res.status).toBe(200);
        }),
      );
    }
    const received = await scalar(
      db,
      sql`SELECT count(*) AS v FROM transaction_keys WHERE acquirer_txn_id LIKE 'MULTI%'`,
    );
    // The traffic repeats about 1% of its notifications, as acquirers do; each is kept once.
    expect(received).toBeGreaterThan(COUNT * 0.95);
    expect(received).toBeLessThanOrEqual(COUNT);

    // Settlement drains; each monthly job has done last month (their first turn is 5 s in).
    const month = previousMonth(new Date());
    await until(
      async () => {
        const done = await scalar(
          db,
          sql`SELECT count(*) AS v FROM job_runs
                 WHERE period = ${month} AND status = 2 AND job IN ('standard_check', 'monthly_allowance')`,
        );
        return (await queued(db)) === 0 && done === 2 ? true : undefined;
      },
      90_000,
      200,
    );

    // No transaction's lines are in two settlement entries.
    const settledTwice = await scalar(
      db,
      sql`SELECT count(*) AS v FROM (
              SELECT l.txn_id FROM ledger_lines l JOIN settlements s ON s.entry_id = l.entry_id
               WHERE l.txn_id IS NOT NULL GROUP BY l.txn_id HAVING count(DISTINCT l.entry_id) > 1) x`,
    );
    expect(settledTwice).toBe(0);
    // Only the notifications sent here: a terminal they activate gets its service fee (SF-<id>)
    // from the activation job, which may come after the queue was seen empty; the next
    // settlement round takes it.
    const unsettled = await scalar(
      db,
      sql`SELECT count(*) AS v FROM transaction_keys k
             WHERE k.acquirer_txn_id LIKE 'MULTI%'
               AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.txn_id = k.txn_id)
               AND EXISTS (SELECT 1 FROM transactions t WHERE t.id = k.txn_id AND t.status = 1
                           AND t.flag IS NULL AND t.trade_time = k.trade_time)`,
    );
    expect(unsettled).toBe(0);
    // Three processes tried each monthly job; each period was claimed and run exactly once.
    const monthly = await scalar(
      db,
      sql`SELECT max(runs) AS v FROM job_runs
             WHERE period = ${month} AND job IN ('standard_check', 'monthly_allowance')`,
    );
    expect(monthly).toBe(1);
    // Each process ticked the housekeeping jobs too; their slow slots ran once between the three
    // (twice only if a slot turned during the test).
    for (const [job, everyMs] of [
      ['ledger_partitions', 6 * 3_600_000],
      ['mall_auto_receive', 3_600_000],
    ] as const) {
      const runs = await scalar(
        db,
        sql`SELECT runs AS v FROM job_runs WHERE job = ${job} AND period = 'live'`,
      );
      const slots = Math.floor(Date.now() / everyMs) - Math.floor(startedAt / everyMs) + 1;
      expect(runs, job).toBeGreaterThanOrEqual(1);
      expect(runs, job).toBeLessThanOrEqual(slots);
    }
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
      negativeAgentAccounts: 0,
    });

    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map(exited));
    expect(procs.map((p) => p.exitCode)).toEqual([0, 0, 0]);
  }, 180_000);
});
