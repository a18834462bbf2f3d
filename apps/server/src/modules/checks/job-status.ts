import type { CheckJobStatus } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { isoOrNull, num } from '../../db/convert';

/** The monthly standard assessment job's name in job_runs (the settlement feature's jobs). */
export const STANDARD_JOB = 'standard_check';

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
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT period, status, finished_at, processed FROM job_runs
        WHERE job = ${STANDARD_JOB} AND period = ANY(${sql.param(months)}::text[])`,
  );
  for (const r of found) {
    const month = String(r.period);
    out.set(month, {
      month,
      status: num(r.status),
      finishedAt: isoOrNull(r.finished_at),
      processed: num(r.processed),
    });
  }
  return out;
}
