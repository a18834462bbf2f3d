import type { JobName } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, jobRuns, merchantFiles, merchants, operators } from '../../db/schema';
import { decode } from '../../db/typed';
import { jobRunFields } from '../../db/job-runs';
import { notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { reviewLicence } from '../merchants/review-licence';
import { runJobNow } from '../settlement/run-job-now';
import { audit } from '../../db/audit';

const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;
const m = alias(merchants, 'm');
const a = alias(agents, 'a');
const f = alias(merchantFiles, 'f');

export interface JobRunRow {
  id: number;
  job: string;
  period: string;
  status: number;
  processed: number;
  postedFen: number;
  error: string | null;
  runs: number;
  startedAt: string | null;
  finishedAt: string | null;
}

export function jobRunList(q: { job?: string; status?: number }): KeysetSpec<JobRunRow> {
  return typedKeyset({
    shape: { id: jobRuns.id, ...jobRunFields },
    from: sql`FROM job_runs`,
    where: [
      q.job ? sql`job = ${q.job}` : undefined,
      q.status !== undefined && sql`status = ${q.status}`,
    ],
    sorts: { id: { expr: sql`id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`id`,
    map: (r) => ({
      ...r,
      startedAt: isoOrNull(r.startedAt),
      finishedAt: isoOrNull(r.finishedAt),
    }),
  });
}

/** "Run now" from the console; the run itself records its status row, the audit says who. */
export async function runJobFromConsole(db: Db, op: OperatorCaller, job: JobName, period?: string) {
  const result = await runJobNow(db, job, period);
  await db.transaction(async (tx) => {
    await audit(tx, op, {
      action: 'job.run',
      targetType: 'job',
      targetId: job,
      after: { period: period ?? null, ...result },
    });
  });
  return result;
}

export interface LicenceRow {
  id: number;
  merchantNo: string;
  name: string;
  agentName: string;
  licenceNo: string | null;
  licenceName: string | null;
  licenceStatus: number;
  updatedAt: string;
  files: { id: number; kind: string }[];
}

export function licenceList(q: { status?: number }): KeysetSpec<LicenceRow> {
  return typedKeyset({
    shape: {
      id: m.id,
      merchantNo: m.merchantNo,
      name: m.name,
      agentName: a.name,
      licenceNo: m.licenceNo,
      licenceName: m.licenceName,
      licenceStatus: m.licenceStatus,
      updatedAt: m.updatedAt,
      files:
        sql`(SELECT coalesce(json_agg(json_build_object('id', ${f.id}, 'kind', ${f.kind}) ORDER BY ${f.id}), '[]'::json)
                   FROM merchant_files f WHERE ${f.merchantId} = ${m.id})`.mapWith(
          decode.json<LicenceRow['files']>(),
        ),
    },
    from: sql`FROM merchants m JOIN agents a ON ${a.id} = ${m.agentId}`,
    // The queue's condition is written out, so a planned statement can use the partial index.
    where: [
      (q.status ?? 1) === 1 ? sql`m.licence_status = 1` : sql`m.licence_status = ${q.status}`,
    ],
    sorts: { id: { expr: sql`m.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`m.id`,
    // The queue (under review) is counted from its partial index; the other states are all
    // merchants, paged without a count.
    counted: (q.status ?? 1) === 1,
    map: (r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }),
  });
}

/** A merchant's uploaded image, for the reviewer. */
export async function merchantFile(db: Db, id: number): Promise<{ mime: string; data: Buffer }> {
  const [row] = await db
    .select({ mime: merchantFiles.mime, data: merchantFiles.data })
    .from(merchantFiles)
    .where(eq(merchantFiles.id, id));
  if (!row) throw notFound('图片不存在');
  return row;
}

export async function decideLicence(
  db: Db,
  op: OperatorCaller,
  input: { id: number; approve: boolean; reason?: string },
) {
  return db.transaction(async (tx) => {
    const result = await reviewLicence(tx, input);
    await audit(tx, op, {
      action: input.approve ? 'licence.approve' : 'licence.reject',
      targetType: 'merchant',
      targetId: input.id,
      before: { licenceStatus: 1 },
      after: { licenceStatus: result.status, reason: input.reason ?? null },
    });
    return result;
  });
}

export async function operatorList(db: Db) {
  const found = await db
    .select({
      id: operators.id,
      username: operators.username,
      name: operators.name,
      role: operators.role,
      status: operators.status,
      totpEnrolledAt: operators.totpEnrolledAt,
      lastLoginAt: operators.lastLoginAt,
    })
    .from(operators)
    .orderBy(operators.id);
  return found.map(({ totpEnrolledAt, lastLoginAt, ...r }) => ({
    ...r,
    totpEnrolled: totpEnrolledAt !== null,
    lastLoginAt: isoOrNull(lastLoginAt),
  }));
}
