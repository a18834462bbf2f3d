import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents, merchants } from '../../db/schema';
import { callerPathCopyScope, andInTree } from '../../db/tree';
import { selection, selectOne, type RowOf } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

const m = alias(merchants, 'm');
const a = alias(agents, 'a');
const { idCardEnc: _encrypted, ...merchantColumns } = getTableColumns(m);
/** A merchant's row (its ID card masked only) with its agent's name and mobile. */
const MERCHANT = { ...merchantColumns, agentName: a.name, agentMobile: a.mobile };
const merchant = selection(MERCHANT);
export type ScopedMerchant = RowOf<typeof MERCHANT>;

/** A merchant in the caller's subtree (and tree, decision 020), or "does not exist". */
export async function findMerchantInScope(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<ScopedMerchant> {
  const row = await selectOne(
    db,
    merchant,
    sql`FROM merchants m JOIN agents a ON ${a.id} = ${m.agentId}${andInTree(sql`${a.topId}`, caller)}
        WHERE ${m.id} = ${id} AND ${callerPathCopyScope(sql`${m.agentPath}`, caller)}${andInTree(sql`${m.topId}`, caller)}`,
  );
  if (!row) throw notFound('商户不存在');
  return row;
}
