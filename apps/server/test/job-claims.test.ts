import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, rows } from '../src/db/client';
import { jobsFor, tickJob, type Job } from '../src/jobs';
import { runJob } from '../src/db/job-runs';
import { createTestContext } from './helpers';
import { until } from './processes';

/**
 * A job period is claimed by a lease that its holder renews while it works: two claimants never
 * both run it, a holder that dies (stops renewing) frees it within one lease, and a holder that
 * lost its lease cannot overwrite the status of the one that took over.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const row = async (period: string) =>
  (
    await rows<{ status: unknown; holder: unknown; runs: unknown; processed: unknown }>(
      db,
      sql`SELECT status, holder, runs, processed FROM job_runs WHERE job = 'comm_fee' AND period = ${period}`,
    )
  )[0]!;

describe('job claims', () => {
  it('of ten claimants at once, exactly one runs the period', async () => {
    let ran = 0;
    // The holder works until the other nine have had their answer, so each of them finds the
    // period in assessment (a loser answering after the holder finished would find it done).
    let othersAnswered!: () => void;
    const gate = new Promise<void>((resolve) => (othersAnswered = resolve));
    let answered = 0;
    const work = async () => {
      if (++ran > 1) othersAnswered(); // A second holder is the bug this test catches: don't hang.
      await gate;
      return { processed: 1, postedFen: 0 };
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        runJob(db, 'comm_fee', 'once', work, { leaseMs: 5000 }).finally(() => {
          if (++answered === 9) othersAnswered();
        }),
      ),
    );
    expect(ran).toBe(1);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.filter((r) => !r.ran && r.reason === 'running').length).toBe(9);
    // Done for the period: a later claimant skips it.
    const later = await runJob(db, 'comm_fee', 'once', work);
    expect(later).toMatchObject({ ran: false, reason: 'already_succeeded' });
  });

  it('a holder that keeps working keeps its claim past the lease length', async () => {
    let ran = 0;
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const slow = runJob(
      db,
      'comm_fee',
      'slow',
      async () => {
        ran++;
        await gate;
        return { processed: 2, postedFen: 0 };
      },
      { leaseMs: 1500 },
    );
    // Until the first lease has run out and a renewal has moved it on (renewals come every
    // 500 ms, so a loaded machine has a second of slack).
    const pastFirstLease = async () =>
      (
        await rows<{ ok: boolean }>(
          db,
          sql`SELECT now() > started_at + interval '1.5 seconds' AND lease_until > started_at + interval '1.5 seconds' AS ok
                FROM job_runs WHERE job = 'comm_fee' AND period = 'slow'`,
        )
      )[0]?.ok
        ? true
        : undefined;
    try {
      await until(pastFirstLease, 20_000, 100);
      const meanwhile = await runJob(
        db,
        'comm_fee',
        'slow',
        async () => {
          ran++;
          return { processed: 3, postedFen: 0 };
        },
        { leaseMs: 1500 },
      );
      expect(meanwhile).toMatchObject({ ran: false, reason: 'running' });
    } finally {
      finish();
    }
    expect(await slow).toMatchObject({ ran: true, processed: 2 });
    expect(ran).toBe(1);
  });

  it("a dead holder's period is taken over as soon as its lease has run out, not 30 minutes later", async () => {
    // What a process killed in the middle leaves: in assessment, started a moment ago.
    await db.execute(sql`INSERT INTO job_runs (job, period, status, runs, started_at, holder, lease_until)
                         VALUES ('comm_fee', 'crashed', 1, 1, now() - interval '2 seconds', 'gone:1', now() + interval '1 second')`);
    const work = async () => ({ processed: 7, postedFen: 0 });
    expect(await runJob(db, 'comm_fee', 'crashed', work)).toMatchObject({
      ran: false,
      reason: 'running',
    });
    await sleep(1100);
    expect(await runJob(db, 'comm_fee', 'crashed', work)).toMatchObject({
      ran: true,
      processed: 7,
    });
    const r = await row('crashed');
    expect(Number(r.status)).toBe(2);
    expect(Number(r.runs)).toBe(2);
  });

  it('a holder that lost its lease cannot overwrite the status of the one that took over', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let working!: () => void;
    const claimed = new Promise<void>((r) => (working = r));
    const stalled = runJob(
      db,
      'comm_fee',
      'stalled',
      async () => {
        working();
        await gate;
        throw new Error('stalled holder gave up');
      },
      // Long enough that no renewal comes between the forced expiry below and the takeover.
      { leaseMs: 60_000 },
    );
    await claimed;
    try {
      // The stalled holder's lease runs out (as if its renewals had stopped), and another takes over.
      await db.execute(
        sql`UPDATE job_runs SET lease_until = now() - interval '1 second' WHERE job = 'comm_fee' AND period = 'stalled'`,
      );
      const taken = await runJob(db, 'comm_fee', 'stalled', async () => ({
        processed: 9,
        postedFen: 0,
      }));
      expect(taken).toMatchObject({ ran: true, processed: 9 });
    } finally {
      release();
    }
    await expect(stalled).rejects.toThrow('stalled holder gave up');
    const r = await row('stalled');
    expect(Number(r.status)).toBe(2);
    expect(Number(r.processed)).toBe(9);
  });

  it('a run left in assessment before leases existed is taken over after 30 minutes', async () => {
    await db.execute(sql`INSERT INTO job_runs (job, period, status, runs, started_at)
                         VALUES ('comm_fee', 'legacy', 1, 1, now() - interval '31 minutes')`);
    const result = await runJob(db, 'comm_fee', 'legacy', async () => ({
      processed: 1,
      postedFen: 0,
    }));
    expect(result.ran).toBe(true);
  });
});

/** Waits past the end of the current slot of this length when it ends within 3 s. */
async function awayFromSlotEdge(everyMs: number) {
  const [r] = await rows<{ ms: unknown }>(
    db,
    sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`,
  );
  const left = everyMs - (Number(r!.ms) % everyMs);
  if (left < 3000) await sleep(left + 100);
}

describe('a repeatable period with a cadence', () => {
  it('runs once per slot, whoever claims it, and again in the next slot', async () => {
    await awayFromSlotEdge(60_000);
    const work = async () => ({ processed: 1, postedFen: 0 });
    const opts = { repeatable: true, everyMs: 60_000 };
    const first = await Promise.all([
      runJob(db, 'comm_fee', 'cadence', work, opts),
      runJob(db, 'comm_fee', 'cadence', work, opts),
    ]);
    expect(first.filter((r) => r.ran)).toHaveLength(1);
    // Done for this slot: a later tick in it skips.
    expect(await runJob(db, 'comm_fee', 'cadence', work, opts)).toMatchObject({
      ran: false,
      reason: 'already_succeeded',
    });
    // The next slot (as if the run had started a slot ago) is due again.
    await db.execute(
      sql`UPDATE job_runs SET started_at = started_at - interval '60 seconds' WHERE job = 'comm_fee' AND period = 'cadence'`,
    );
    expect(await runJob(db, 'comm_fee', 'cadence', work, opts)).toMatchObject({ ran: true });
    expect(Number((await row('cadence')).runs)).toBe(2);
  });

  it('a run that stopped with work left gives the period back at once, in the same slot', async () => {
    await awayFromSlotEdge(60_000);
    const opts = { repeatable: true, everyMs: 60_000 };
    const stopped = await runJob(
      db,
      'comm_fee',
      'stopped',
      async () => ({ processed: 4, postedFen: 0, unfinished: true }),
      opts,
    );
    expect(stopped).toMatchObject({ ran: true, processed: 4, unfinished: true });
    const [left] = await rows<{ status: unknown; lease_until: unknown }>(
      db,
      sql`SELECT status, lease_until FROM job_runs WHERE job = 'comm_fee' AND period = 'stopped'`,
    );
    expect(Number(left!.status)).toBe(0);
    expect(left!.lease_until).toBeNull();
    const resumed = await runJob(
      db,
      'comm_fee',
      'stopped',
      async () => ({ processed: 3, postedFen: 0 }),
      opts,
    );
    expect(resumed).toMatchObject({ ran: true, processed: 3 });
    expect(Number((await row('stopped')).status)).toBe(2);
  });
});

/**
 * The scheduler's housekeeping jobs, ticked by two processes at the same moment (two apps, each
 * with its own connection pool, as two processes have): one runs the period, the other skips it.
 */
const LEASED = [
  ['recall-auto-pass', 'recall_auto_pass', 60_000],
  ['acquirer-timeouts', 'acquirer_timeouts', 30_000],
  ['mall-order-timeouts', 'mall_order_timeouts', 30_000],
  ['mall-gateway-refunds', 'mall_gateway_refunds', 60_000],
  ['mall-auto-receive', 'mall_auto_receive', 3_600_000],
  ['ledger-partitions', 'ledger_partitions', 6 * 3_600_000],
] as const;

let other: FastifyInstance = ctx.app;
if (ctx.database.kind === 'postgres') {
  const database = await openDatabase({ databaseUrl: ctx.database.url! });
  other = await buildApp({ database, config: ctx.config, logger: false });
  afterAll(async () => {
    await other.close();
    await database.close();
  });
}
const jobNamed = (app: FastifyInstance, name: string): Job => {
  const job = jobsFor(app).find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job;
};
const ticks = (app: FastifyInstance, job: string) =>
  app.ops.registry
    .getSingleMetric('job_runs_total')!
    .get()
    .then((m) =>
      Object.fromEntries(
        m.values.filter((v) => v.labels.job === job).map((v) => [v.labels.outcome, v.value]),
      ),
    );

describe('every periodic job is claimed once per due period', () => {
  it.each(LEASED)(
    '%s: two processes tick at once, one runs it; the next slot runs it again',
    async (name, key, everyMs) => {
      await awayFromSlotEdge(everyMs);
      const never = new AbortController().signal;
      const outcomes = await Promise.all([
        tickJob(ctx.app, jobNamed(ctx.app, name), never),
        tickJob(other, jobNamed(other, name), never),
      ]);
      expect(outcomes.sort()).toEqual(['ran', 'skipped']);
      const live = async () =>
        (
          await rows<{ status: unknown; runs: unknown }>(
            db,
            sql`SELECT status, runs FROM job_runs WHERE job = ${key} AND period = 'live'`,
          )
        )[0]!;
      expect(Number((await live()).runs)).toBe(1);
      expect(Number((await live()).status)).toBe(2);
      // Each process counted its own tick (on PGlite both ticks are one app's).
      const apps = other === ctx.app ? [ctx.app] : [ctx.app, other];
      const counted = await Promise.all(apps.map((app) => ticks(app, name)));
      expect(counted.map((c) => c.ran ?? 0).reduce((a, b) => a + b)).toBe(1);
      expect(counted.map((c) => c.skipped ?? 0).reduce((a, b) => a + b)).toBe(1);

      // Later in the same slot neither runs it; once the next slot has begun, one does.
      expect(await tickJob(other, jobNamed(other, name), never)).toBe('skipped');
      await db.execute(
        sql`UPDATE job_runs SET started_at = started_at - make_interval(secs => ${everyMs / 1000})
             WHERE job = ${key} AND period = 'live'`,
      );
      const next = await Promise.all([
        tickJob(ctx.app, jobNamed(ctx.app, name), never),
        tickJob(other, jobNamed(other, name), never),
      ]);
      expect(next.sort()).toEqual(['ran', 'skipped']);
      expect(Number((await live()).runs)).toBe(2);
    },
  );
});
