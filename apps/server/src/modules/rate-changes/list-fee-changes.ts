import {
  FEE_CHANGE_RUNS_SHOWN,
  maskName,
  normalizeSn,
  snRuns,
  type FeeChangeItem,
  type SnRun,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { decodeIdCursor, inSubtree, inTree, iso, isoOrNull, num, pageOf } from '../policies/scope';
import { andInTree } from '../../db/tree';

export const FEE_CHANGE_COLUMNS = sql`f.id, f.kind, f.count, f.first_sn, f.last_sn, f.new_fee_fen, f.status, f.reason,
  f.requested_by, r.name AS requested_by_name, f.created_at, f.finished_at`;

/** Each batch's SNs as runs of consecutive numbers, for the batches given. */
export async function feeChangeRuns(
  db: DbOrTx,
  caller: Pick<Caller, 'topId'>,
  ids: number[],
): Promise<Map<number, SnRun[]>> {
  const runs = new Map<number, SnRun[]>();
  if (ids.length === 0) return runs;
  // An agent's items are read through their change, in its tree (decision 020).
  const from =
    caller.topId === null
      ? sql`fee_change_items i`
      : sql`fee_change_items i JOIN fee_changes f ON f.id = i.fee_change_id AND f.top_id = ${caller.topId}`;
  const items = await rows<{ fee_change_id: unknown; sn: string }>(
    db,
    sql`SELECT i.fee_change_id, i.sn FROM ${from}
         WHERE i.fee_change_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const sns = new Map<number, string[]>();
  for (const i of items) {
    const id = num(i.fee_change_id);
    sns.set(id, [...(sns.get(id) ?? []), i.sn]);
  }
  for (const [id, list] of sns) runs.set(id, snRuns(list));
  return runs;
}

export function toFeeChangeItem(
  r: Record<string, unknown>,
  caller: Caller,
  runs: SnRun[],
): FeeChangeItem {
  return {
    id: num(r.id),
    kind: num(r.kind),
    count: num(r.count),
    firstSn: String(r.first_sn),
    lastSn: String(r.last_sn),
    snRuns: runs.slice(0, FEE_CHANGE_RUNS_SHOWN),
    runCount: runs.length,
    newFeeFen: num(r.new_fee_fen),
    status: num(r.status),
    reason: r.reason === null ? null : String(r.reason),
    requestedByName:
      num(r.requested_by) === caller.agentId
        ? String(r.requested_by_name)
        : maskName(String(r.requested_by_name)),
    createdAt: iso(r.created_at),
    finishedAt: isoOrNull(r.finished_at),
  };
}

/**
 * Fee changes asked in the caller's subtree (changeServiceList), newest first; with an SN, the
 * history of that one terminal.
 */
export async function listFeeChanges(
  db: DbOrTx,
  caller: Caller,
  query: { kind?: number; status?: number; sn?: string; cursor?: string; pageSize: number },
): Promise<{ rows: FeeChangeItem[]; nextCursor: string | null }> {
  const after = decodeIdCursor(query.cursor);
  const filters: SQL[] = [inTree(sql`f.top_id`, caller), inSubtree(sql`f.agent_path`, caller)];
  if (query.kind) filters.push(sql`f.kind = ${query.kind}`);
  if (query.status !== undefined) filters.push(sql`f.status = ${query.status}`);
  if (query.sn) {
    filters.push(
      sql`EXISTS (SELECT 1 FROM fee_change_items i WHERE i.fee_change_id = f.id AND i.sn = ${normalizeSn(query.sn)})`,
    );
  }
  if (after) filters.push(sql`f.id < ${after}`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${FEE_CHANGE_COLUMNS} FROM fee_changes f
        JOIN agents r ON r.id = f.requested_by${andInTree(sql`r.top_id`, caller)}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY f.id DESC LIMIT ${query.pageSize + 1}`,
  );
  const runs = await feeChangeRuns(
    db,
    caller,
    found.slice(0, query.pageSize).map((r) => num(r.id)),
  );
  return pageOf(
    found.map((r) => toFeeChangeItem(r, caller, runs.get(num(r.id)) ?? [])),
    query.pageSize,
  );
}
