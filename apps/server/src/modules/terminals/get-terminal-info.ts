import { type TerminalInfo } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { brief } from './parties';
import { shownMobile } from '../../lib/people';
import { andInTree } from '../../db/tree';
import { agentInScope, inScope, isOperator, iso, isoNow, num, numOrNull } from './scope';
import { TERMINAL_COLUMNS, terminalJoins, toTerminalItem } from './terminal-row';

const HISTORY_ROWS = 50;

/** A terminal in the caller's scope, by id or SN; anything else does not exist. */
export async function findTerminalInScope(
  db: DbOrTx,
  caller: Caller,
  by: { id?: number | undefined; sn?: string | undefined },
): Promise<Record<string, unknown>> {
  const key =
    by.id !== undefined ? sql`t.id = ${by.id}` : sql`t.sn = ${(by.sn ?? '').trim().toUpperCase()}`;
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${TERMINAL_COLUMNS}, p.name AS policy_name FROM terminals t ${terminalJoins(caller)}
        LEFT JOIN policies p ON p.id = t.policy_id
        WHERE ${key} AND t.deleted_at IS NULL AND ${inScope(sql`t.holder_path`, caller)}${andInTree(sql`t.top_id`, caller)}`,
  );
  if (!row) throw notFound('终端不存在');
  return row;
}

/**
 * Terminal detail with its history. The history shows the operations where some party is in the
 * caller's subtree: how the terminal reached the caller's team and what happened to it there,
 * not what an ancestor did with it before.
 */
export async function getTerminalInfo(
  db: DbOrTx,
  caller: Caller,
  by: { id?: number | undefined; sn?: string | undefined },
): Promise<TerminalInfo> {
  const row = await findTerminalInScope(db, caller, by);
  const item = toTerminalItem(row, caller);
  // An agent reads the history in its tree (decision 020): the operations of a terminal of its
  // subtree, and their parties, are of that tree; the operator of a platform move is not (no
  // tree), and is shown as the platform (operator_role NULL).
  const tree = (column: SQL) => andInTree(column, caller);
  const visible = isOperator(caller)
    ? sql`TRUE`
    : sql`(${agentInScope(sql`op.path`, caller)} OR ${agentInScope(sql`fa.path`, caller)} OR ${agentInScope(sql`ta.path`, caller)})`;
  const history = await rows<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.type, o.status, o.count, o.created_at, o.decided_at, o.from_agent_id, o.to_agent_id,
          o.operator_id, op.role AS operator_role, op.name AS operator_name, op.mobile AS operator_mobile,
          fa.name AS from_name, fa.mobile AS from_mobile, fa.path AS from_path,
          ta.name AS to_name, ta.mobile AS to_mobile, ta.path AS to_path, op.path AS operator_path,
          mc.name AS merchant_name
        FROM terminal_operation_items i
        JOIN terminal_operations o ON o.id = i.operation_id${tree(sql`o.top_id`)}
        ${caller.topId === null ? sql`JOIN` : sql`LEFT JOIN`} agents op ON op.id = o.operator_id${tree(sql`op.top_id`)}
        LEFT JOIN agents fa ON fa.id = o.from_agent_id${tree(sql`fa.top_id`)}
        LEFT JOIN agents ta ON ta.id = o.to_agent_id${tree(sql`ta.top_id`)}
        LEFT JOIN merchants mc ON mc.id = o.merchant_id${tree(sql`mc.top_id`)}
        WHERE i.terminal_id = ${item.id} AND ${visible}
        ORDER BY i.operation_id DESC LIMIT ${HISTORY_ROWS}`,
  );
  const free = item.own && !item.pending && !isOperator(caller);
  return {
    ...item,
    policyId: numOrNull(row.policy_id),
    policyName: row.policy_name == null ? null : String(row.policy_name),
    serviceFeeFen: num(row.service_fee_fen),
    commFeeFen: num(row.comm_fee_fen),
    // The caller's own and its direct sub-agents' mobiles in full, anyone else's masked (decision 010).
    holderMobile:
      item.holderAgentId === null
        ? ''
        : shownMobile(
            caller,
            { id: item.holderAgentId, path: String(row.holder_path ?? '') },
            String(row.holder_mobile ?? ''),
          ),
    merchantNo: row.merchant_no == null ? null : String(row.merchant_no),
    createdAt: isoNow(row.created_at),
    history: history.map((h) => {
      const text = (v: unknown) => (v == null ? null : String(v));
      const operator =
        h.operator_role === 'operator' || h.operator_role == null
          ? brief(null, null, null, caller)
          : brief(
              num(h.operator_id),
              text(h.operator_name),
              text(h.operator_mobile),
              caller,
              text(h.operator_path),
            );
      const type = num(h.type);
      const from = brief(
        numOrNull(h.from_agent_id),
        text(h.from_name),
        text(h.from_mobile),
        caller,
        text(h.from_path),
      );
      const to = brief(
        numOrNull(h.to_agent_id),
        text(h.to_name),
        text(h.to_mobile),
        caller,
        text(h.to_path),
      );
      // A bind goes from the holder to a merchant, an unbind back: name the merchant there.
      const merchant = text(h.merchant_name);
      return {
        id: num(h.id),
        type,
        status: num(h.status),
        count: num(h.count),
        fromName: type === 4 && merchant ? merchant : from.name,
        toName: type === 3 && merchant ? merchant : to.name,
        operatorName: operator.name,
        createdAt: isoNow(h.created_at),
        decidedAt: iso(h.decided_at),
      };
    }),
    canBind: free && item.bindStatus === 0,
    canUnbind: free && item.bindStatus === 1,
  };
}
