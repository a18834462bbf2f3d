import {
  FEE_CHANGE_RUNS_SHOWN,
  maskName,
  normalizeSn,
  snRuns,
  type FeeChangeItem,
  type SnRun,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents, feeChangeItems, feeChanges } from '../../db/schema';
import { select, type RowOf } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { inSubtree, inTree, pageOf } from '../../db/subtree-scope';
import { andInTree } from '../../db/tree';
import { decodeIdCursor } from '../../lib/keyset';

/** `fee_changes f` with its requester `r`, and its items `i`. */
export const f = alias(feeChanges, 'f');
export const r = alias(agents, 'r');
export const i = alias(feeChangeItems, 'i');

/** A fee change batch as lists show it. */
export const feeChangeFields = {
  id: f.id,
  kind: f.kind,
  count: f.count,
  firstSn: f.firstSn,
  lastSn: f.lastSn,
  newFeeFen: f.newFeeFen,
  status: f.status,
  reason: f.reason,
  requestedBy: f.requestedBy,
  requestedByName: r.name,
  createdAt: f.createdAt,
  finishedAt: f.finishedAt,
};

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
  const items = await select(
    db,
    { feeChangeId: i.feeChangeId, sn: i.sn },
    sql`FROM ${from}
         WHERE ${i.feeChangeId} IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const sns = new Map<number, string[]>();
  for (const { feeChangeId: id, sn } of items) sns.set(id, [...(sns.get(id) ?? []), sn]);
  for (const [id, list] of sns) runs.set(id, snRuns(list));
  return runs;
}

export function toFeeChangeItem(
  row: RowOf<typeof feeChangeFields>,
  caller: Caller,
  runs: SnRun[],
): FeeChangeItem {
  return {
    id: row.id,
    kind: row.kind,
    count: row.count,
    firstSn: row.firstSn,
    lastSn: row.lastSn,
    snRuns: runs.slice(0, FEE_CHANGE_RUNS_SHOWN),
    runCount: runs.length,
    newFeeFen: row.newFeeFen,
    status: row.status,
    reason: row.reason,
    requestedByName:
      row.requestedBy === caller.agentId ? row.requestedByName : maskName(row.requestedByName),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
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
  const filters: SQL[] = [inTree(sql`${f.topId}`, caller), inSubtree(sql`${f.agentPath}`, caller)];
  if (query.kind) filters.push(sql`${f.kind} = ${query.kind}`);
  if (query.status !== undefined) filters.push(sql`${f.status} = ${query.status}`);
  if (query.sn) {
    filters.push(
      sql`EXISTS (SELECT 1 FROM fee_change_items i WHERE i.fee_change_id = f.id AND i.sn = ${normalizeSn(query.sn)})`,
    );
  }
  if (after) filters.push(sql`${f.id} < ${after}`);
  const found = await select(
    db,
    feeChangeFields,
    sql`FROM fee_changes f
        JOIN agents r ON ${r.id} = ${f.requestedBy}${andInTree(sql`${r.topId}`, caller)}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY ${f.id} DESC LIMIT ${query.pageSize + 1}`,
  );
  const runs = await feeChangeRuns(
    db,
    caller,
    found.slice(0, query.pageSize).map((row) => row.id),
  );
  return pageOf(
    found.map((row) => toFeeChangeItem(row, caller, runs.get(row.id) ?? [])),
    query.pageSize,
  );
}
