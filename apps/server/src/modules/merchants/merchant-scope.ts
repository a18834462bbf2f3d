import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { inScope } from '../terminals/scope';

/** A merchant in the caller's subtree (and tree, decision 020), or "does not exist". */
export async function findMerchantInScope(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<Record<string, unknown>> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT m.*, a.name AS agent_name, a.mobile AS agent_mobile
        FROM merchants m JOIN agents a ON a.id = m.agent_id${andInTree(sql`a.top_id`, caller)}
        WHERE m.id = ${id} AND ${inScope(sql`m.agent_path`, caller)}${andInTree(sql`m.top_id`, caller)}`,
  );
  if (!row) throw notFound('商户不存在');
  return row;
}
