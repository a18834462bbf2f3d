import { maskName, type RateChangeItem } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { decodeIdCursor, inSubtree, inTree, iso, isoOrNull, num, pageOf } from '../policies/scope';
import { andInTree } from '../../db/tree';

export const RATE_CHANGE_COLUMNS = sql`c.id, c.merchant_id, m.name AS merchant_name, m.merchant_no, c.sn, c.rate_type,
  c.old_rate, c.new_rate, c.status, c.reason, r.name AS requested_by_name, c.created_at, c.finished_at`;

export function toRateChangeItem(r: Record<string, unknown>, caller: Caller): RateChangeItem {
  return {
    id: num(r.id),
    merchantId: num(r.merchant_id),
    merchantName: String(r.merchant_name),
    merchantNo: String(r.merchant_no),
    sn: r.sn === null ? null : String(r.sn),
    rateType: num(r.rate_type),
    oldRate: num(r.old_rate),
    newRate: num(r.new_rate),
    status: num(r.status),
    reason: r.reason === null ? null : String(r.reason),
    // Who asked: the caller's own name in full, anyone else's masked.
    requestedByName:
      num(r.requested_by) === caller.agentId
        ? String(r.requested_by_name)
        : maskName(String(r.requested_by_name)),
    createdAt: iso(r.created_at),
    finishedAt: isoOrNull(r.finished_at),
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
  const filters: SQL[] = [inTree(sql`c.top_id`, caller), inSubtree(sql`c.agent_path`, caller)];
  if (query.status !== undefined) filters.push(sql`c.status = ${query.status}`);
  if (query.merchantId) filters.push(sql`c.merchant_id = ${query.merchantId}`);
  if (after) filters.push(sql`c.id < ${after}`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${RATE_CHANGE_COLUMNS}, c.requested_by FROM rate_changes c
        JOIN merchants m ON m.id = c.merchant_id${andInTree(sql`m.top_id`, caller)}
        JOIN agents r ON r.id = c.requested_by${andInTree(sql`r.top_id`, caller)}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY c.id DESC LIMIT ${query.pageSize + 1}`,
  );
  return pageOf(
    found.map((r) => toRateChangeItem(r, caller)),
    query.pageSize,
  );
}
