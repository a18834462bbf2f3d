import { maskName, type RateChangeItem } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents, merchants, rateChanges } from '../../db/schema';
import { select, type RowOf } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { inSubtree, inTree, pageOf } from '../../db/subtree-scope';
import { andInTree } from '../../db/tree';
import { decodeIdCursor } from '../../lib/keyset';

/** `rate_changes c` with its merchant `m` and requester `r`. */
export const c = alias(rateChanges, 'c');
export const m = alias(merchants, 'm');
export const r = alias(agents, 'r');

/** A rate change as lists show it. */
export const rateChangeFields = {
  id: c.id,
  merchantId: c.merchantId,
  merchantName: m.name,
  merchantNo: m.merchantNo,
  sn: c.sn,
  rateType: c.rateType,
  oldRate: c.oldRate,
  newRate: c.newRate,
  status: c.status,
  reason: c.reason,
  requestedBy: c.requestedBy,
  requestedByName: r.name,
  createdAt: c.createdAt,
  finishedAt: c.finishedAt,
};

export function toRateChangeItem(
  row: RowOf<typeof rateChangeFields>,
  caller: Caller,
): RateChangeItem {
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantName: row.merchantName,
    merchantNo: row.merchantNo,
    sn: row.sn,
    rateType: row.rateType,
    oldRate: row.oldRate,
    newRate: row.newRate,
    status: row.status,
    reason: row.reason,
    // Who asked: the caller's own name in full, anyone else's masked.
    requestedByName:
      row.requestedBy === caller.agentId ? row.requestedByName : maskName(row.requestedByName),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Rate changes of the merchants in the caller's subtree (changeRateList, and a merchant's history
 * on changeMercDetail), newest first by keyset on the id.
 */
export async function listRateChanges(
  db: DbOrTx,
  caller: Caller,
  query: { status?: number; merchantId?: number; cursor?: string; pageSize: number },
): Promise<{ rows: RateChangeItem[]; nextCursor: string | null }> {
  const after = decodeIdCursor(query.cursor);
  const filters: SQL[] = [inTree(sql`${c.topId}`, caller), inSubtree(sql`${c.agentPath}`, caller)];
  if (query.status !== undefined) filters.push(sql`${c.status} = ${query.status}`);
  if (query.merchantId) filters.push(sql`${c.merchantId} = ${query.merchantId}`);
  if (after) filters.push(sql`${c.id} < ${after}`);
  const found = await select(
    db,
    rateChangeFields,
    sql`FROM rate_changes c
        JOIN merchants m ON ${m.id} = ${c.merchantId}${andInTree(sql`${m.topId}`, caller)}
        JOIN agents r ON ${r.id} = ${c.requestedBy}${andInTree(sql`${r.topId}`, caller)}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY ${c.id} DESC LIMIT ${query.pageSize + 1}`,
  );
  return pageOf(
    found.map((row) => toRateChangeItem(row, caller)),
    query.pageSize,
  );
}
