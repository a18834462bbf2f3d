import type { FeeTerminal } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { policies, terminals } from '../../db/schema';
import { decode, orNull, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { pageOf } from '../../db/subtree-scope';
import { andInTree } from '../../db/tree';
import { decodeIdCursor } from '../../lib/keyset';

const t = alias(terminals, 't');
const p = alias(policies, 'p');

/**
 * Unbound terminals the caller holds itself, the only ones whose service or communication fee it
 * may change, each marked when a change of that kind is still in flight.
 */
export async function listFeeTerminals(
  db: DbOrTx,
  caller: Caller,
  query: { kind: number; policyId?: number; cursor?: string; pageSize: number },
): Promise<{ rows: FeeTerminal[]; nextCursor: string | null }> {
  if (caller.role === 'operator') return { rows: [], nextCursor: null };
  const after = decodeIdCursor(query.cursor);
  // The caller's stock and its fee changes, in its tree (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const found = await select(
    db,
    {
      id: t.id,
      sn: t.sn,
      policyId: t.policyId,
      policyName: orNull(p.name),
      serviceFeeFen: t.serviceFeeFen,
      commFeeFen: t.commFeeFen,
      pending:
        sql`EXISTS (SELECT 1 FROM fee_change_items i JOIN fee_changes f ON f.id = i.fee_change_id${tree(sql`f.top_id`)}
                  WHERE i.terminal_id = ${t.id} AND f.kind = ${query.kind} AND f.status IN (0, 1))`.mapWith(
          decode.bool,
        ),
    },
    sql`FROM terminals t LEFT JOIN policies p ON ${p.id} = ${t.policyId}
        WHERE ${t.holderAgentId} = ${caller.agentId}${tree(sql`${t.topId}`)} AND ${t.bindStatus} = 0 AND ${t.deletedAt} IS NULL
          ${query.policyId ? sql`AND ${t.policyId} = ${query.policyId}` : sql``}
          ${after ? sql`AND ${t.id} < ${after}` : sql``}
        ORDER BY ${t.id} DESC LIMIT ${query.pageSize + 1}`,
  );
  return pageOf(found, query.pageSize);
}
