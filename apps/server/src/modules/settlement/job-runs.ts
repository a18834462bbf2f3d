import type { JobName, JobRun } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { num } from '../ledger/accounts';

/**
 * The execution status of the jobs (product spec: -1 failed, 0 to be assessed, 1 in assessment,
 * 2 succeeded), one row per job and period. A periodic job that succeeded for a period is not
 * run again for it; a failed one may be; a run left "in assessment" by a killed process may be
 * taken over after a while.
 */
export const JOB_STATUS = {
  FAILED: -1,
  TO_BE_ASSESSED: 0,
  IN_ASSESSMENT: 1,
  SUCCEEDED: 2,
} as const;

export interface JobOutcome {
  processed: number;
  postedFen: number;
}

export interface RunJobOptions {
  /** Run even when the period already succeeded (continuous jobs: settlement, activation). */
  repeatable?: boolean;
  /** A run "in assessment" older than this is taken to be dead. */
  staleAfterMs?: number;
}

export type JobResult =
  | ({ ran: true } & JobOutcome)
  | { ran: false; reason: 'already_succeeded' | 'running'; status: number };

export async function runJob(
  db: DbOrTx,
  job: JobName,
  period: string,
  work: () => Promise<JobOutcome>,
  opts: RunJobOptions = {},
): Promise<JobResult> {
  await db.execute(
    sql`INSERT INTO job_runs (job, period) VALUES (${job}, ${period}) ON CONFLICT (job, period) DO NOTHING`,
  );
  const staleMs = opts.staleAfterMs ?? 30 * 60 * 1000;
  const [claimed] = await rows<{ id: unknown }>(
    db,
    sql`UPDATE job_runs SET status = 1, runs = runs + 1, started_at = now(), finished_at = NULL, error = NULL,
               updated_at = now()
         WHERE job = ${job} AND period = ${period}
           AND (status IN (-1, 0) OR (status = 2 AND ${opts.repeatable ?? false}::boolean)
                OR (status = 1 AND started_at < now() - make_interval(secs => ${staleMs / 1000}::double precision)))
        RETURNING id`,
  );
  if (!claimed) {
    const [now] = await rows<{ status: unknown }>(
      db,
      sql`SELECT status FROM job_runs WHERE job = ${job} AND period = ${period}`,
    );
    const status = num(now?.status);
    return { ran: false, reason: status === 2 ? 'already_succeeded' : 'running', status };
  }
  try {
    const outcome = await work();
    await db.execute(sql`
      UPDATE job_runs SET status = 2, processed = ${outcome.processed}, posted_fen = ${outcome.postedFen},
             finished_at = now(), updated_at = now()
       WHERE job = ${job} AND period = ${period}`);
    return { ran: true, ...outcome };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db.execute(sql`
      UPDATE job_runs SET status = -1, error = ${message.slice(0, 500)}, finished_at = now(), updated_at = now()
       WHERE job = ${job} AND period = ${period}`);
    throw err;
  }
}

export async function listJobRuns(db: DbOrTx, limit = 100): Promise<JobRun[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT job, period, status, processed, posted_fen, error, runs, started_at, finished_at
          FROM job_runs ORDER BY updated_at DESC, id DESC LIMIT ${limit}`,
  );
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return found.map((r) => ({
    job: String(r.job),
    period: String(r.period),
    status: num(r.status),
    processed: num(r.processed),
    postedFen: num(r.posted_fen),
    error: (r.error as string | null) ?? null,
    runs: num(r.runs),
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  }));
}
