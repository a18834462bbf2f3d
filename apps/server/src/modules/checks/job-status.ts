import type { CheckJobStatus } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobRuns } from '../../db/schema';
import { prepareSelect } from '../../db/typed';

/** The monthly standard assessment job's name in job_runs (the settlement feature's jobs). */
export const STANDARD_JOB = 'standard_check';

/** One statement, compiled once and run as a named prepared statement. */
const jobsOfMonths = prepareSelect(
  'standard_job_status_v1',
  {
    period: jobRuns.period,
    status: jobRuns.status,
    finishedAt: jobRuns.finishedAt,
    processed: jobRuns.processed,
  },
  sql`FROM ${jobRuns}
      WHERE ${jobRuns.job} = ${sql.placeholder('job')} AND ${jobRuns.period} = ANY(${sql.placeholder('months')}::text[])`,
);

/**
 * The execution status of the standard assessment of each month (-1 failed, 0 to be assessed,
 * 1 in assessment, 2 succeeded). A month the job has not taken up yet, the current one included,
 * is "to be assessed". The job's error text stays with the operators.
 */
export async function standardJobStatus(
  db: DbOrTx,
  months: string[],
): Promise<Map<string, CheckJobStatus>> {
  const out = new Map<string, CheckJobStatus>(
    months.map((month) => [month, { month, status: 0, finishedAt: null, processed: 0 }]),
  );
  if (months.length === 0) return out;
  // An array literal: the same text on the pool and inside a transaction.
  const found = await jobsOfMonths.all(db, { job: STANDARD_JOB, months: `{${months.join(',')}}` });
  for (const r of found) {
    const month = r.period;
    out.set(month, {
      month,
      status: r.status,
      finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
      processed: r.processed,
    });
  }
  return out;
}
