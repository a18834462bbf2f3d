import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, rows } from '../src/db/client';
import { startJobs, type Job } from '../src/jobs';
import { settleQueued } from '../src/jobs/settlement';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { shutDown } from '../src/ops/shutdown';
import { simulatedChannelServesAll } from './notify-helpers';
import { createTestContext } from './helpers';
import { demoNotifications, queued, scalar, signedHeaders, until } from './processes';

/**
 * A shutdown in the middle of a backlog: the scheduler stops between two batches, so the batch in
 * hand commits and no further one starts; the period is given back and the rest is settled by
 * the next run, each transaction once. And the order of a graceful shutdown: no new request, the
 * requests in flight, then the jobs' batch in hand, then the database.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
// The demo's terminals arrive in the platform's own format: no brand has a channel of its own.
await simulatedChannelServesAll(db);
const BATCH = 40;

const settlementRow = async () =>
  (
    await rows<{ status: unknown; processed: unknown; lease_until: unknown; runs: unknown }>(
      db,
      sql`SELECT status, processed, lease_until, runs FROM job_runs WHERE job = 'settlement' AND period = 'live'`,
    )
  )[0]!;
const settled = () => scalar(db, sql`SELECT count(*) AS v FROM settlements`);

describe('stopping the jobs in the middle of a backlog', () => {
  it('finishes the batch in hand, starts no other, and the next run settles the rest once', async () => {
    for (const body of await demoNotifications(db, 300, 'STOP')) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/prod-api/api/notify/transaction',
        headers: signedHeaders(body, ctx.config.notifySecret),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    const backlog = await queued(db);
    expect(backlog).toBeGreaterThan(BATCH * 4);
    const settledBefore = await settled();

    // Stop is asked for inside the second batch, between its steps, before it commits.
    const steps: string[] = [];
    let stopping: Promise<void> | undefined;
    let stopResolved = false;
    const settlement: Job = {
      name: 'settlement',
      everyMs: 60_000,
      run: (_app, { signal }) =>
        settleQueued(db, {
          signal,
          everyMs: 60_000,
          batchSize: BATCH,
          onStep: (step) => {
            steps.push(step);
            if (step === 'staged' && steps.filter((s) => s === 'staged').length === 2) {
              stopping = stop().then(() => {
                stopResolved = true;
              });
            }
            // The stop must wait for this batch: it has not resolved while the batch runs.
            if (stopping) expect(stopResolved).toBe(false);
          },
        }),
    };
    const stop = startJobs(ctx.app, [settlement], { firstRunMs: 0 });
    await until(async () => (stopping ? true : undefined), 30_000);
    await stopping;

    // Two whole batches: the one in hand committed, no third began.
    expect(steps).toEqual(['staged', 'lines', 'staged', 'lines']);
    const row = await settlementRow();
    const settledAtStop = (await settled()) - settledBefore;
    expect(Number(row.processed)).toBe(settledAtStop);
    expect(settledAtStop).toBeGreaterThan(BATCH);
    expect(settledAtStop).toBeLessThanOrEqual(2 * BATCH);
    const leftAtStop = await queued(db);
    expect(leftAtStop).toBeGreaterThanOrEqual(backlog - 2 * BATCH);
    // Given back, not held: due at once for whoever claims next, in the same slot.
    expect(Number(row.status)).toBe(0);
    expect(row.lease_until).toBeNull();
    // Nothing runs after the stop has resolved.
    await new Promise((r) => setTimeout(r, 300));
    expect(await queued(db)).toBe(leftAtStop);

    // The next start resumes at once and drains the rest.
    const again: Job = {
      name: 'settlement',
      everyMs: 60_000,
      run: (_app, { signal }) => settleQueued(db, { signal, everyMs: 60_000, batchSize: BATCH }),
    };
    const stopAgain = startJobs(ctx.app, [again], { firstRunMs: 0 });
    await until(
      async () => (Number((await settlementRow()).status) === 2 ? true : undefined),
      60_000,
      50,
    );
    await stopAgain();
    expect(Number((await settlementRow()).runs)).toBe(2);
    // Nothing ready is left (what waits is a payment the settlement put back to wait for its
    // rates, or a refund whose original was not settled yet), each transaction settled once, and
    // the ledger holds.
    const ready = await scalar(
      db,
      sql`SELECT count(*) AS v FROM settlement_queue WHERE not_before <= now()`,
    );
    expect(ready).toBe(0);
    const twice = await scalar(
      db,
      sql`SELECT count(*) AS v FROM (SELECT txn_id FROM settlements GROUP BY txn_id HAVING count(*) > 1) x`,
    );
    expect(twice).toBe(0);
    expect((await settled()) - settledBefore + (await queued(db))).toBe(backlog);
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
    });
  });
});

describe.runIf(ctx.database.kind === 'postgres')('a graceful shutdown', () => {
  it('refuses new requests, lets the one in flight finish, then the job batch, then closes the database', async () => {
    const database = await openDatabase({ databaseUrl: ctx.database.url! });
    const app = await buildApp({ database, config: ctx.config, logger: false });
    const events: string[] = [];
    let releaseRequest!: () => void;
    const requestGate = new Promise<void>((r) => (releaseRequest = r));
    let requestIn = false;
    app.get('/test/slow', async () => {
      requestIn = true;
      await requestGate;
      events.push('request finished');
      return { ok: true };
    });
    let releaseBatch!: () => void;
    const batchGate = new Promise<void>((r) => (releaseBatch = r));
    let jobSignal: AbortSignal | undefined;
    const batch: Job = {
      name: 'batch',
      everyMs: 60_000,
      run: async (_app, { signal }) => {
        jobSignal = signal;
        await batchGate;
        // The database is still open for the end of the batch.
        await rows(database.db, sql`SELECT 1`);
        events.push('batch finished');
        return { ran: true, processed: 1, postedFen: 0 };
      },
    };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    startJobs(app, [batch], { firstRunMs: 0 });
    await until(async () => (jobSignal ? true : undefined), 10_000);
    const inFlight = fetch(`${url}/test/slow`);
    await until(async () => (requestIn ? true : undefined), 10_000);

    const closed = shutDown(app, database).then(() => events.push('database closed'));
    await new Promise((r) => setTimeout(r, 100));
    // No new request is taken, and readiness was failed first.
    expect(app.ops.draining).toBe(true);
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
    // The jobs are not told to stop while a request is still in flight.
    expect(jobSignal!.aborted).toBe(false);

    releaseRequest();
    expect((await inFlight).status).toBe(200);
    // Then the jobs stop: the batch in hand is told, and the database waits for it.
    await until(async () => (jobSignal!.aborted ? true : undefined), 10_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(['request finished']);
    const released = Date.now();
    releaseBatch();
    await closed;
    expect(events).toEqual(['request finished', 'batch finished', 'database closed']);
    // Nothing (an idle keep-alive connection, say, kept for 72 s) held the close up; the margin
    // is for a loaded machine.
    expect(Date.now() - released).toBeLessThan(10_000);
  });
});
