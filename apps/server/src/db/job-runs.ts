import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobKey as CoreJobKey, JobRun } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { jobRuns } from './schema';
import { select, selectOne } from './typed';

/**
 * The execution status of the jobs (product spec: -1 failed, 0 to be assessed, 1 in assessment,
 * 2 succeeded), one row per job and period. A periodic job that succeeded for a period is not
 * run again for it; a failed one may be; a run left "in assessment" by a killed process is taken
 * over as soon as its lease runs out.
 */
export const JOB_STATUS = {
  FAILED: -1,
  TO_BE_ASSESSED: 0,
  IN_ASSESSMENT: 1,
  SUCCEEDED: 2,
} as const;

/**
 * The jobs that keep a status row: the ones an operator can run (core's JOB_NAMES) and the
 * scheduler's housekeeping, each claimed on its 'live' row once per slot of its cadence; core's
 * JOB_KEYS lists them with their names in words (a new job is added there).
 */
export type JobKey = CoreJobKey;

export interface JobOutcome {
  processed: number;
  postedFen: number;
  /**
   * The work stopped between two batches (the process is shutting down) with more due: the
   * period is left "to be assessed", free for the next claim at once, whoever makes it.
   */
  unfinished?: boolean;
}

export interface RunJobOptions {
  /** Run even when the period already succeeded (continuous jobs: settlement, activation). */
  repeatable?: boolean;
  /**
   * The cadence of a repeatable period: once a run of it has started, it is claimed again only
   * in the next slot of this length (slots counted from the Unix epoch on the database's
   * clock), so any number of processes ticking on their own timers run it once per slot.
   */
  everyMs?: number;
  /** How long a claim lasts without renewal; it is renewed every third of that while running. */
  leaseMs?: number;
}

export type JobResult =
  | ({ ran: true } & JobOutcome)
  | { ran: false; reason: 'already_succeeded' | 'running'; status: number };

let defaultLeaseMs = 15_000;
/** The lease of every job claim of this process (JOB_LEASE_MS). */
export function configureJobLease(ms: number) {
  defaultLeaseMs = ms;
}

/** The run a claim took (the CTE of runJob's UPDATE … RETURNING). */
const claimedRun = alias(jobRuns, 'claimed');

/** Names this process in job_runs.holder; unique per process and start. */
const processTag = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
let claimSeq = 0;

/**
 * Runs one period of a job under a claim that dies with its holder. The claim is a lease on the
 * job_runs row: taken by one conditional UPDATE (so two processes never both hold it), renewed
 * while the work runs, and free for anyone once it has run out, which after a crash (kill -9, an
 * out-of-memory kill, a lost machine) is within one lease. The work itself must be safe to redo
 * from the start: every job commits its effects in transactions guarded by unique keys, so a
 * period cut short is finished, never done twice, by the next holder. A holder that stops on
 * purpose (a shutdown, between two batches) gives the period back as "to be assessed" rather
 * than waiting for its lease to run out.
 */
export async function runJob(
  db: DbOrTx,
  job: JobKey,
  period: string,
  work: () => Promise<JobOutcome>,
  opts: RunJobOptions = {},
): Promise<JobResult> {
  const leaseMs = opts.leaseMs ?? defaultLeaseMs;
  const lease = sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`;
  const holder = `${processTag}:${++claimSeq}`;
  // A succeeded repeatable period is due again: always, or from the next slot of its cadence.
  const slotStart = (ms: number) =>
    sql`to_timestamp(floor(extract(epoch FROM now()) * 1000 / ${ms}::double precision) * ${ms}::double precision / 1000)`;
  const dueAgain = !opts.repeatable
    ? sql`false`
    : opts.everyMs
      ? sql`(started_at IS NULL OR started_at < ${slotStart(opts.everyMs)})`
      : sql`true`;
  await db.execute(
    sql`INSERT INTO job_runs (job, period) VALUES (${job}, ${period}) ON CONFLICT (job, period) DO NOTHING`,
  );
  // A row "in assessment" from before leases existed counts as held for 30 minutes from its start.
  const claimed = await selectOne(db, { id: claimedRun.id }, sql`FROM claimed`, {
    with: sql`WITH claimed AS (
        UPDATE job_runs SET status = 1, runs = runs + 1, started_at = now(), finished_at = NULL, error = NULL,
               holder = ${holder}, lease_until = ${lease}, updated_at = now()
         WHERE job = ${job} AND period = ${period}
           AND (status IN (-1, 0) OR (status = 2 AND ${dueAgain})
                OR (status = 1 AND coalesce(lease_until, started_at + interval '30 minutes') < now()))
        RETURNING id)`,
  });
  if (!claimed) {
    const now = await selectOne(
      db,
      { status: jobRuns.status },
      sql`FROM ${jobRuns} WHERE ${jobRuns.job} = ${job} AND ${jobRuns.period} = ${period}`,
    );
    // The row was inserted above; were it ever gone, the period reads as not yet assessed.
    const status = now?.status ?? 0;
    return { ran: false, reason: status === 2 ? 'already_succeeded' : 'running', status };
  }
  const mine = sql`job = ${job} AND period = ${period} AND holder = ${holder}`;
  const renewal = setInterval(() => {
    db.execute(sql`UPDATE job_runs SET lease_until = ${lease} WHERE ${mine} AND status = 1`).catch(
      () => undefined, // The next renewal tries again; a lost lease only lets another finish.
    );
  }, leaseMs / 3);
  renewal.unref();
  try {
    const outcome = await work();
    clearInterval(renewal);
    const status = outcome.unfinished ? JOB_STATUS.TO_BE_ASSESSED : JOB_STATUS.SUCCEEDED;
    await db.execute(sql`
      UPDATE job_runs SET status = ${status}, processed = ${outcome.processed}, posted_fen = ${outcome.postedFen},
             finished_at = now(), lease_until = NULL, updated_at = now()
       WHERE ${mine}`);
    return { ran: true, ...outcome };
  } catch (err) {
    clearInterval(renewal);
    const message = err instanceof Error ? err.message : String(err);
    await db.execute(sql`
      UPDATE job_runs SET status = -1, error = ${message.slice(0, 500)}, finished_at = now(),
             lease_until = NULL, updated_at = now()
       WHERE ${mine}`);
    throw err;
  }
}

/** What a job run is shown with (the console's job list, the ops report). */
export const jobRunFields = {
  job: jobRuns.job,
  period: jobRuns.period,
  status: jobRuns.status,
  processed: jobRuns.processed,
  postedFen: jobRuns.postedFen,
  error: jobRuns.error,
  runs: jobRuns.runs,
  startedAt: jobRuns.startedAt,
  finishedAt: jobRuns.finishedAt,
};

export async function listJobRuns(db: DbOrTx, limit = 100): Promise<JobRun[]> {
  const found = await select(
    db,
    jobRunFields,
    sql`FROM ${jobRuns} ORDER BY ${jobRuns.updatedAt} DESC, ${jobRuns.id} DESC LIMIT ${limit}`,
  );
  return found.map((r) => ({
    ...r,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}
