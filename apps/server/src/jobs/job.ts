import type { FastifyInstance } from 'fastify';
import { runJob, type JobKey, type JobOutcome, type JobResult } from '../db/job-runs';

/** What a tick of a job is given: the moment it judges, and the scheduler's stop signal. */
export interface JobContext {
  now: Date;
  /** Aborted when the process shuts down: a job that loops stops after the batch in hand. */
  signal: AbortSignal;
}

/**
 * What one tick did: ran the job's due period (this process held its claim), or skipped it
 * because another process holds it or has done it, or because nothing was due.
 */
export type JobTick = JobResult | { ran: false; reason: 'nothing_due' };

export interface Job {
  /** Its name in the logs and metrics. */
  name: string;
  everyMs: number;
  run(app: FastifyInstance, ctx: JobContext): Promise<JobTick>;
}

/**
 * A continuous job whose work is claimed on its 'live' row in job_runs once per slot of its
 * cadence (the lease of runJob): whichever process ticks first in a slot runs it, every other
 * tick of that slot skips it, and a run cut short (a crash, a shutdown) is taken over at once
 * (a shutdown) or within one lease (a crash). The work still guards its own rows.
 */
export function leasedJob(
  name: string,
  key: JobKey,
  everyMs: number,
  work: (app: FastifyInstance, ctx: JobContext) => Promise<JobOutcome>,
): Job {
  return {
    name,
    everyMs,
    run: (app, ctx) =>
      runJob(app.db, key, 'live', () => work(app, ctx), { repeatable: true, everyMs }),
  };
}
