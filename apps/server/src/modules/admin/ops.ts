import type { JobName } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { reviewLicence } from '../merchants/review-licence';
import { runJobNow } from '../settlement/run-job-now';
import { audit } from './audit';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

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
  return {
    select: sql`id, job, period, status, processed, posted_fen, error, runs, started_at, finished_at`,
    from: sql`FROM job_runs`,
    where: [
      q.job ? sql`job = ${q.job}` : undefined,
      q.status !== undefined && sql`status = ${q.status}`,
    ],
    sorts: { id: { expr: sql`id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`id`,
    map: (r) => ({
      id: Number(r.id),
      job: String(r.job),
      period: String(r.period),
      status: Number(r.status),
      processed: Number(r.processed),
      postedFen: Number(r.posted_fen),
      error: (r.error as string | null) ?? null,
      runs: Number(r.runs),
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
    }),
  };
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
  return {
    select: sql`m.id, m.merchant_no, m.name, a.name AS agent_name, m.licence_no, m.licence_name, m.licence_status, m.updated_at,
                (SELECT coalesce(json_agg(json_build_object('id', f.id, 'kind', f.kind) ORDER BY f.id), '[]'::json)
                   FROM merchant_files f WHERE f.merchant_id = m.id) AS files`,
    from: sql`FROM merchants m JOIN agents a ON a.id = m.agent_id`,
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
    map: (r) => ({
      id: Number(r.id),
      merchantNo: String(r.merchant_no),
      name: String(r.name),
      agentName: String(r.agent_name),
      licenceNo: (r.licence_no as string | null) ?? null,
      licenceName: (r.licence_name as string | null) ?? null,
      licenceStatus: Number(r.licence_status),
      updatedAt: iso(r.updated_at)!,
      files: (
        (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) as {
          id: unknown;
          kind: string;
        }[]
      ).map((f) => ({ id: Number(f.id), kind: f.kind })),
    }),
  };
}

/** A merchant's uploaded image, for the reviewer. */
export async function merchantFile(db: Db, id: number): Promise<{ mime: string; data: Buffer }> {
  const [row] = await rows<{ mime: string; data: string }>(
    db,
    sql`SELECT mime, encode(data, 'base64') AS data FROM merchant_files WHERE id = ${id}`,
  );
  if (!row) throw notFound('图片不存在');
  return { mime: row.mime, data: Buffer.from(row.data, 'base64') };
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
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, username, name, role, status, totp_enrolled_at, last_login_at FROM operators ORDER BY id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    username: String(r.username),
    name: String(r.name),
    role: String(r.role),
    status: Number(r.status),
    totpEnrolled: r.totp_enrolled_at != null,
    lastLoginAt: iso(r.last_login_at),
  }));
}
