import { type TerminalInfo } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  agents,
  merchants,
  policies,
  terminalOperationItems,
  terminalOperations,
} from '../../db/schema';
import { orNull, select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { brief } from '../../db/terminals/parties';
import { shownMobile } from '../../lib/people';
import { andInTree, isOperator } from '../../db/tree';
import { agentInScope, inScope } from '../../db/terminals/scope';
import { t, terminalFields, terminalJoins, toTerminalItem } from './terminal-row';

const HISTORY_ROWS = 50;

const p = alias(policies, 'p');
const i = alias(terminalOperationItems, 'i');
const o = alias(terminalOperations, 'o');
const op = alias(agents, 'op');
const fa = alias(agents, 'fa');
const ta = alias(agents, 'ta');
const mc = alias(merchants, 'mc');

/** A terminal as its detail shows it: the list's fields and its policy's name. */
const terminalInfoFields = { ...terminalFields, policyName: orNull(p.name) };

/** A terminal in the caller's scope, by id or SN; anything else does not exist. */
export async function findTerminalInScope(
  db: DbOrTx,
  caller: Caller,
  by: { id?: number | undefined; sn?: string | undefined },
) {
  const key =
    by.id !== undefined
      ? sql`${t.id} = ${by.id}`
      : sql`${t.sn} = ${(by.sn ?? '').trim().toUpperCase()}`;
  const row = await selectOne(
    db,
    terminalInfoFields,
    sql`FROM terminals t ${terminalJoins(caller.topId)}
        LEFT JOIN policies p ON ${p.id} = ${t.policyId}
        WHERE ${key} AND ${t.deletedAt} IS NULL AND ${inScope(sql`${t.holderPath}`, caller)}${andInTree(sql`${t.topId}`, caller)}`,
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
    : sql`(${agentInScope(sql`${op.path}`, caller)} OR ${agentInScope(sql`${fa.path}`, caller)} OR ${agentInScope(sql`${ta.path}`, caller)})`;
  const history = await select(
    db,
    {
      id: o.id,
      type: o.type,
      status: o.status,
      count: o.count,
      createdAt: o.createdAt,
      decidedAt: o.decidedAt,
      fromAgentId: o.fromAgentId,
      toAgentId: o.toAgentId,
      operatorId: o.operatorId,
      operatorRole: orNull(op.role),
      operatorName: orNull(op.name),
      operatorMobile: orNull(op.mobile),
      operatorPath: orNull(op.path),
      fromName: orNull(fa.name),
      fromMobile: orNull(fa.mobile),
      fromPath: orNull(fa.path),
      toName: orNull(ta.name),
      toMobile: orNull(ta.mobile),
      toPath: orNull(ta.path),
      merchantName: orNull(mc.name),
    },
    sql`FROM terminal_operation_items i
        JOIN terminal_operations o ON ${o.id} = ${i.operationId}${tree(sql`${o.topId}`)}
        ${caller.topId === null ? sql`JOIN` : sql`LEFT JOIN`} agents op ON ${op.id} = ${o.operatorId}${tree(sql`${op.topId}`)}
        LEFT JOIN agents fa ON ${fa.id} = ${o.fromAgentId}${tree(sql`${fa.topId}`)}
        LEFT JOIN agents ta ON ${ta.id} = ${o.toAgentId}${tree(sql`${ta.topId}`)}
        LEFT JOIN merchants mc ON ${mc.id} = ${o.merchantId}${tree(sql`${mc.topId}`)}
        WHERE ${i.terminalId} = ${item.id} AND ${visible}
        ORDER BY ${i.operationId} DESC LIMIT ${HISTORY_ROWS}`,
  );
  const free = item.own && !item.pending && !isOperator(caller);
  return {
    ...item,
    policyId: row.policyId,
    policyName: row.policyName,
    serviceFeeFen: row.serviceFeeFen,
    commFeeFen: row.commFeeFen,
    // The caller's own and its direct sub-agents' mobiles in full, anyone else's masked (decision 010).
    holderMobile:
      item.holderAgentId === null
        ? ''
        : shownMobile(
            caller,
            { id: item.holderAgentId, path: row.holderPath },
            row.holderMobile ?? '',
          ),
    merchantNo: row.merchantNo,
    createdAt: row.createdAt.toISOString(),
    history: history.map((h) => {
      const operator =
        h.operatorRole === 'operator' || h.operatorRole === null
          ? brief(null, null, null, caller)
          : brief(h.operatorId, h.operatorName, h.operatorMobile, caller, h.operatorPath);
      const from = brief(h.fromAgentId, h.fromName, h.fromMobile, caller, h.fromPath);
      const to = brief(h.toAgentId, h.toName, h.toMobile, caller, h.toPath);
      // A bind goes from the holder to a merchant, an unbind back: name the merchant there.
      const merchant = h.merchantName;
      return {
        id: h.id,
        type: h.type,
        status: h.status,
        count: h.count,
        fromName: h.type === 4 && merchant ? merchant : from.name,
        toName: h.type === 3 && merchant ? merchant : to.name,
        operatorName: operator.name,
        createdAt: h.createdAt.toISOString(),
        decidedAt: h.decidedAt?.toISOString() ?? null,
      };
    }),
    canBind: free && item.bindStatus === 0,
    canUnbind: free && item.bindStatus === 1,
  };
}
