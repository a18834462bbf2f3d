import type { FeeChangeDetail } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { inSubtree, iso, num } from '../policies/scope';
import { andInTree } from '../../db/tree';
import { FEE_CHANGE_COLUMNS, feeChangeRuns, toFeeChangeItem } from './list-fee-changes';

/** The most terminals the detail lists; the batch's count says how many there are in all. */
const ITEMS_SHOWN = 500;

/** One fee change batch with its terminals and their old fee (changeServiceInfo). */
export async function getFeeChange(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<FeeChangeDetail> {
  // The change, its requester and items: the caller's tree (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${FEE_CHANGE_COLUMNS}, f.updated_at, p.name AS policy_name
        FROM fee_changes f JOIN agents r ON r.id = f.requested_by${tree(sql`r.top_id`)}
        LEFT JOIN policies p ON p.id = f.policy_id
        WHERE f.id = ${id} AND ${inSubtree(sql`f.agent_path`, caller)}${tree(sql`f.top_id`)}`,
  );
  if (!r) throw notFound();
  const from =
    caller.topId === null
      ? sql`fee_change_items i`
      : sql`fee_change_items i JOIN fee_changes f ON f.id = i.fee_change_id AND f.top_id = ${caller.topId}`;
  const items = await rows<{ sn: string; old_fee_fen: unknown }>(
    db,
    sql`SELECT i.sn, i.old_fee_fen FROM ${from} WHERE i.fee_change_id = ${id} ORDER BY i.sn LIMIT ${ITEMS_SHOWN}`,
  );
  const runs = await feeChangeRuns(db, caller, [id]);
  const item = toFeeChangeItem(r, caller, runs.get(id) ?? []);
  return {
    ...item,
    requestNo: `F${item.id}`,
    policyName: r.policy_name === null ? null : String(r.policy_name),
    updatedAt: iso(r.updated_at),
    items: items.map((i) => ({
      sn: i.sn,
      oldFeeFen: num(i.old_fee_fen),
      newFeeFen: item.newFeeFen,
    })),
  };
}
