import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { terminalOperations, terminals } from '../schema';
import { decode, orNull, select, selectOne, type RowOf } from '../typed';
import { badRequest, notFound, type AppError } from '../../lib/app-error';
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
    const [row] = await tx
      .insert(terminalOperations)
      .values({
        type: op.type,
        status: 1,
        operatorId: op.operatorId,
        fromAgentId: head.fromId,
        toAgentId: null,
        topId: head.topId,
        count: group.length,
        firstSn: head.sn,
        lastSn: group[group.length - 1]!.sn,
        reason: op.reason,
        createdAt: op.now,
        decidedAt: op.now,
      })
      .returning({ id: terminalOperations.id });
    const opId = row!.id;
    firstId ??= opId;
    await tx.execute(
      sql`INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
          SELECT ${opId}, unnest(string_to_array(${group.map((g) => g.id).join(',')}, ','))::bigint,
            unnest(string_to_array(${group.map((g) => g.sn).join(',')}, ','))`,
    );
  }
  return firstId;
}

/**
 * The terminals an operator batch changed: `update` is an UPDATE of `terminals t` ending in
 * `RETURNING t.id, t.sn, <former holder> AS from_id, <former tree> AS top_id`.
 */
export const changedBy = (tx: DbOrTx, update: SQL): Promise<Moved[]> =>
  select(
    tx,
    {
      id: sql`moved.id`.mapWith(terminals.id),
      sn: sql`moved.sn`.mapWith(terminals.sn),
      fromId: sql`moved.from_id`.mapWith(decode.numberOrNull),
      topId: sql`moved.top_id`.mapWith(decode.numberOrNull),
    },
    sql`FROM moved`,
    { with: sql`WITH moved AS (${update})` },
  );

const t = alias(terminals, 't');

/**
 * A requested SN as a batch's refusal reads it: its terminal's state, NULL (id included) when
 * it does not exist. Named as the columns are, as the mall's shipping explains it too.
 */
const requestedFields = {
  sn: sql`req.sn`.mapWith(decode.text),
  id: orNull(t.id),
  holder_path: orNull(t.holderPath),
  bind_status: orNull(t.bindStatus),
  pending_operation_id: orNull(t.pendingOperationId),
  holder_agent_id: orNull(t.holderAgentId),
};
export type RequestedTerminal = RowOf<typeof requestedFields>;

/**
 * The first requested SN that does not exist (or was deleted) or fails `bad` (a condition on
 * `t`), with the message `explain` gives for its row.
 */
export async function firstIneligible(
  db: DbOrTx,
  selection: Selection,
  bad: SQL,
  explain: (row: RequestedTerminal, sn: string) => string,
): Promise<AppError | null> {
  const field = selection.kind === 'range' ? 'startSn' : 'sns';
  const row = await selectOne(
    db,
    requestedFields,
    sql`FROM ${selection.requested()}
        LEFT JOIN terminals t ON ${t.sn} = req.sn AND ${t.deletedAt} IS NULL
        WHERE ${t.id} IS NULL OR ${bad}
        ORDER BY req.ord LIMIT 1`,
  );
  if (!row) return null;
  const sn = row.sn;
  if (row.id === null) return notFound(`SN ${sn} 不存在`);
  return badRequest(explain(row, sn), field);
}

/** The usual reasons an operator batch refuses a terminal. */
export function explainStock(verb: string) {
  return (row: RequestedTerminal, sn: string) => {
    const status = row.bind_status;
    if (status === 3) return `SN ${sn} 已激活，不能${verb}`;
    if (status === 1) return `SN ${sn} 已绑定，不能${verb}`;
    if (row.pending_operation_id !== null) return `SN ${sn} 有待处理的回拨，不能${verb}`;
    if (row.holder_agent_id === null) return `SN ${sn} 已在平台库存中，无需${verb}`;
    return `SN ${sn} 不能${verb}`;
  };
}
