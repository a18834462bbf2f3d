import type { FeeTerminal } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { decodeIdCursor, num, numOrNull, pageOf } from '../policies/scope';
import { andInTree } from '../../db/tree';

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
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.id, t.sn, t.policy_id, p.name AS policy_name, t.service_fee_fen, t.comm_fee_fen,
          EXISTS (SELECT 1 FROM fee_change_items i JOIN fee_changes f ON f.id = i.fee_change_id${tree(sql`f.top_id`)}
                  WHERE i.terminal_id = t.id AND f.kind = ${query.kind} AND f.status IN (0, 1)) AS pending
        FROM terminals t LEFT JOIN policies p ON p.id = t.policy_id
        WHERE t.holder_agent_id = ${caller.agentId}${tree(sql`t.top_id`)} AND t.bind_status = 0 AND t.deleted_at IS NULL
          ${query.policyId ? sql`AND t.policy_id = ${query.policyId}` : sql``}
          ${after ? sql`AND t.id < ${after}` : sql``}
        ORDER BY t.id DESC LIMIT ${query.pageSize + 1}`,
  );
  return pageOf(
    found.map((r) => ({
      id: num(r.id),
      sn: String(r.sn),
      policyId: numOrNull(r.policy_id),
      policyName: r.policy_name === null ? null : String(r.policy_name),
      serviceFeeFen: num(r.service_fee_fen),
      commFeeFen: num(r.comm_fee_fen),
      pending: r.pending === true || r.pending === 't',
    })),
    query.pageSize,
  );
}
