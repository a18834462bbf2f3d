import type { FeeChangeDetail } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { policies } from '../../db/schema';
import { orNull, select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { inSubtree } from '../../db/subtree-scope';
import { andInTree } from '../../db/tree';
import { f, feeChangeFields, feeChangeRuns, i, r, toFeeChangeItem } from './list-fee-changes';

const p = alias(policies, 'p');

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
  const row = await selectOne(
    db,
    { ...feeChangeFields, updatedAt: f.updatedAt, policyName: orNull(p.name) },
    sql`FROM fee_changes f JOIN agents r ON ${r.id} = ${f.requestedBy}${tree(sql`${r.topId}`)}
        LEFT JOIN policies p ON ${p.id} = ${f.policyId}
        WHERE ${f.id} = ${id} AND ${inSubtree(sql`${f.agentPath}`, caller)}${tree(sql`${f.topId}`)}`,
  );
  if (!row) throw notFound();
  const from =
    caller.topId === null
      ? sql`fee_change_items i`
      : sql`fee_change_items i JOIN fee_changes f ON f.id = i.fee_change_id AND f.top_id = ${caller.topId}`;
  const items = await select(
    db,
    { sn: i.sn, oldFeeFen: i.oldFeeFen },
    sql`FROM ${from} WHERE ${i.feeChangeId} = ${id} ORDER BY ${i.sn} LIMIT ${ITEMS_SHOWN}`,
  );
  const runs = await feeChangeRuns(db, caller, [id]);
  const item = toFeeChangeItem(row, caller, runs.get(id) ?? []);
  return {
    ...item,
    requestNo: `F${item.id}`,
    policyName: row.policyName,
    updatedAt: row.updatedAt.toISOString(),
    items: items.map((it) => ({ ...it, newFeeFen: item.newFeeFen })),
  };
}
