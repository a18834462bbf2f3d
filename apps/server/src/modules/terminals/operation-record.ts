import { OPERATE_STATUS, type TerminalOperationRecord } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../plugins/auth';
import { brief } from './parties';
import { andInTree } from '../../db/tree';
import { iso, isoNow, num, numOrNull } from './scope';

/** The columns an operation record is shown with: the operation and its three parties' names. */
export const OPERATION_COLUMNS = sql`o.id, o.type, o.status, o.count, o.first_sn, o.last_sn, o.reason,
  o.decision_reason, o.created_at, o.decided_at, o.auto_pass_at, o.operator_id, o.from_agent_id, o.to_agent_id,
  op.name AS operator_name, op.mobile AS operator_mobile, op.role AS operator_role,
  fa.name AS from_name, fa.mobile AS from_mobile, ta.name AS to_name, ta.mobile AS to_mobile,
  m.name AS merchant_name`;

/**
 * The parties of `terminal_operations o`. An agent reads them in its tree (decision 020): the
 * parties of an operation of its tree are of that tree, except the operator of a platform move,
 * which has no tree: its row is not joined (operator_role NULL) and it is shown as the platform.
 */
export function operationJoins(caller: Pick<Caller, 'topId'>): SQL {
  const tree = (column: SQL) => andInTree(column, caller);
  return sql`${caller.topId === null ? sql`JOIN` : sql`LEFT JOIN`} agents op ON op.id = o.operator_id${tree(sql`op.top_id`)}
  LEFT JOIN agents fa ON fa.id = o.from_agent_id${tree(sql`fa.top_id`)}
  LEFT JOIN agents ta ON ta.id = o.to_agent_id${tree(sql`ta.top_id`)}
  LEFT JOIN merchants m ON m.id = o.merchant_id${tree(sql`m.top_id`)}`;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function toOperationRecord(
  r: Record<string, unknown>,
  caller: Caller,
): TerminalOperationRecord {
  const operatorId = num(r.operator_id);
  const fromId = numOrNull(r.from_agent_id);
  const toId = numOrNull(r.to_agent_id);
  const type = num(r.type);
  const status = num(r.status);
  const mine = operatorId === caller.agentId;
  // An operator acts for the platform; agents see the platform, not the operator's own name.
  const operator =
    r.operator_role === 'operator' || r.operator_role == null
      ? brief(null, null, null, caller)
      : brief(operatorId, text(r.operator_name), text(r.operator_mobile), caller);
  const from = brief(fromId, text(r.from_name), text(r.from_mobile), caller);
  const to = brief(toId, text(r.to_name), text(r.to_mobile), caller);
  let counterparty = operator;
  if (mine) counterparty = type === 2 ? from : to;
  else if (type === 2 && toId === caller.agentId) counterparty = from;
  return {
    id: num(r.id),
    type,
    status,
    count: num(r.count),
    firstSn: text(r.first_sn),
    lastSn: text(r.last_sn),
    operator,
    from,
    to,
    counterparty,
    mine,
    canDecide: type === 2 && status === OPERATE_STATUS.PENDING && fromId === caller.agentId,
    merchantName: text(r.merchant_name),
    reason: text(r.reason) ?? '',
    decisionReason: text(r.decision_reason),
    createdAt: isoNow(r.created_at),
    decidedAt: iso(r.decided_at),
    autoPassAt: iso(r.auto_pass_at),
  };
}
