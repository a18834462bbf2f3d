import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { badRequest, notFound, type AppError } from '../../lib/app-error';
import { num, numOrNull } from './scope';
import type { Selection } from './selection';

/**
 * Shared by the operators' batches (reclaim, delete, brand modification): they see every live
 * terminal, change the eligible ones in one statement, and on a shortfall name the first
 * requested SN that is missing or not eligible.
 */
export class BatchShortfall extends Error {}

export interface Moved {
  id: number;
  sn: string;
  fromId: number | null;
  topId: number | null;
}

/** Records one operation per former holder (so each agent sees what left its stock). */
export async function recordPerHolder(
  tx: DbOrTx,
  moved: Moved[],
  op: { type: number; operatorId: number; reason: string; now: Date },
): Promise<number | null> {
  const groups = new Map<string, Moved[]>();
  for (const m of moved) {
    const key = String(m.fromId);
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(m);
  }
  let firstId: number | null = null;
  for (const group of groups.values()) {
    group.sort((a, b) => (a.sn < b.sn ? -1 : 1));
    const head = group[0]!;
    const [row] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO terminal_operations (type, status, operator_id, from_agent_id, to_agent_id, top_id, count,
            first_sn, last_sn, reason, created_at, decided_at)
          VALUES (${op.type}, 1, ${op.operatorId}, ${head.fromId}, NULL, ${head.topId}, ${group.length},
            ${head.sn}, ${group[group.length - 1]!.sn}, ${op.reason}, ${op.now}, ${op.now})
          RETURNING id`,
    );
    const opId = num(row!.id);
    firstId ??= opId;
    await tx.execute(
      sql`INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
          SELECT ${opId}, unnest(string_to_array(${group.map((g) => g.id).join(',')}, ','))::bigint,
            unnest(string_to_array(${group.map((g) => g.sn).join(',')}, ','))`,
    );
  }
  return firstId;
}

export const toMoved = (r: Record<string, unknown>): Moved => ({
  id: num(r.id),
  sn: String(r.sn),
  fromId: numOrNull(r.from_id),
  topId: numOrNull(r.top_id),
});

/**
 * The first requested SN that does not exist (or was deleted) or fails `bad` (a condition on
 * `t`), with the message `explain` gives for its row.
 */
export async function firstIneligible(
  db: DbOrTx,
  selection: Selection,
  bad: SQL,
  explain: (row: Record<string, unknown>, sn: string) => string,
): Promise<AppError | null> {
  const field = selection.kind === 'range' ? 'startSn' : 'sns';
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT req.sn, t.id, t.holder_path, t.bind_status, t.pending_operation_id, t.holder_agent_id
        FROM ${selection.requested()}
        LEFT JOIN terminals t ON t.sn = req.sn AND t.deleted_at IS NULL
        WHERE t.id IS NULL OR ${bad}
        ORDER BY req.ord LIMIT 1`,
  );
  if (!row) return null;
  const sn = String(row.sn);
  if (row.id === null || row.id === undefined) return notFound(`SN ${sn} 不存在`);
  return badRequest(explain(row, sn), field);
}

/** The usual reasons an operator batch refuses a terminal. */
export function explainStock(verb: string) {
  return (row: Record<string, unknown>, sn: string) => {
    const status = num(row.bind_status);
    if (status === 3) return `SN ${sn} 已激活，不能${verb}`;
    if (status === 1) return `SN ${sn} 已绑定，不能${verb}`;
    if (row.pending_operation_id !== null && row.pending_operation_id !== undefined) {
      return `SN ${sn} 有待处理的回拨，不能${verb}`;
    }
    if (row.holder_agent_id === null || row.holder_agent_id === undefined)
      return `SN ${sn} 已在平台库存中，无需${verb}`;
    return `SN ${sn} 不能${verb}`;
  };
}
