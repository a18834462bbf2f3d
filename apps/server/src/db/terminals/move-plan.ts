import { TERMINAL_OPERATE_TYPE, type TerminalOperateRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { agents, terminals } from '../schema';
import { decode, orNull, selectOne } from '../typed';
import { badRequest, notFound, type AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { callerParty, findAgentParty, PLATFORM_PARTY, type Party } from './parties';
import { inScope, pathInScope } from './scope';
import { readSelection, type Selection } from './selection';
import { andInTree, isOperator } from '../tree';
import { shownName } from '../../lib/people';

const t = alias(terminals, 't');
const h = alias(agents, 'h');

export type MoveType = 0 | 1 | 2;

/** A checked request to allocate, transfer or recall: who gives, who receives, which SNs. */
export interface MovePlan {
  type: MoveType;
  verb: string;
  from: Party;
  to: Party;
  selection: Selection;
  /** The request field the SNs came in, for messages. */
  snField: 'sns' | 'startSn';
}

export const MOVE_VERBS: Record<MoveType, string> = { 0: '下发', 1: '划拨', 2: '回拨' };

/**
 * Reads and checks the parties of a move (business rules section 4):
 * - allocate: from the caller's stock to a direct sub-agent (the platform: to a top-level agent);
 * - transfer: from the caller's stock to any other agent of its subtree;
 * - recall: from an agent strictly below the caller back to the caller's stock.
 * An agent outside the caller's subtree answers as if it did not exist.
 */
export async function planMove(
  db: DbOrTx,
  caller: Caller,
  input: TerminalOperateRequest,
): Promise<MovePlan> {
  const type = input.type as MoveType;
  const verb = MOVE_VERBS[type];
  const selection = readSelection(input);
  const snField = input.startSn || input.endSn ? 'startSn' : 'sns';
  const own = await callerParty(db, caller);

  if (type === TERMINAL_OPERATE_TYPE.RECALL) {
    let fromId = input.fromAgentId;
    if (fromId === undefined) fromId = await holderOfFirst(db, caller, selection, snField);
    const from = await visibleAgent(db, caller, fromId, '回拨对象不存在');
    if (from.id === caller.agentId) throw badRequest('不能回拨自己的终端', 'fromAgentId');
    return { type, verb, from, to: own, selection, snField };
  }

  if (input.toAgentId === undefined) throw badRequest(`请选择${verb}对象`, 'toAgentId');
  const to = await visibleAgent(db, caller, input.toAgentId, '接收代理商不存在');
  if (to.id === caller.agentId) throw badRequest(`不能${verb}给自己`, 'toAgentId');
  if (to.status !== 0) throw badRequest('接收代理商已停用', 'toAgentId');
  if (type === TERMINAL_OPERATE_TYPE.ALLOCATE) {
    if (isOperator(caller) && to.parentId !== null) {
      throw badRequest('平台只能下发给一级代理商', 'toAgentId');
    }
    if (!isOperator(caller) && to.parentId !== caller.agentId) {
      throw badRequest('只能下发给直属下级代理商，其他下级请使用划拨', 'toAgentId');
    }
  }
  return { type, verb, from: own, to, selection, snField };
}

async function visibleAgent(
  db: DbOrTx,
  caller: Caller,
  id: number,
  missing: string,
): Promise<Party> {
  const agent = await findAgentParty(db, id, caller.topId);
  if (!agent || !pathInScope(agent.path, caller)) throw notFound(missing);
  return agent;
}

/** The holder of the first requested SN, for a recall that names no agent. */
async function holderOfFirst(
  db: DbOrTx,
  caller: Caller,
  selection: Selection,
  field: string,
): Promise<number> {
  const row = await selectOne(
    db,
    { holderAgentId: t.holderAgentId },
    sql`FROM terminals t
        WHERE ${t.sn} = ${selection.firstSn} AND ${t.deletedAt} IS NULL AND ${inScope(sql`${t.holderPath}`, caller)}`,
  );
  if (!row) {
    if (isOperator(caller)) throw notFound(`SN ${selection.firstSn} 不存在`);
    throw badRequest(`SN ${selection.firstSn} 不在您团队的库存中，不能回拨`, field);
  }
  const holder = row.holderAgentId;
  if (holder === null || holder === caller.agentId) {
    throw badRequest(`SN ${selection.firstSn} 在您自己的库存中，无需回拨`, field);
  }
  return holder;
}

/**
 * The first requested terminal (in the order given) that cannot move, with the message naming
 * it and why: not in the caller's reach, held by someone else (who), bound, activated, or held by
 * a pending recall; null when every one can. One query: each requested SN looked up in the
 * caller's scope. A terminal outside the caller's subtree reads the same whether or not it exists
 * anywhere (data scope), so the message says it is not the caller's team's.
 */
export async function firstOffence(
  db: DbOrTx,
  caller: Caller,
  plan: MovePlan,
): Promise<AppError | null> {
  const row = await selectOne(
    db,
    {
      sn: sql`req.sn`.mapWith(decode.text),
      id: orNull(t.id),
      holderPath: orNull(t.holderPath),
      bindStatus: orNull(t.bindStatus),
      holderId: orNull(h.id),
      holderName: orNull(h.name),
    },
    sql`FROM ${plan.selection.requested()}
        LEFT JOIN terminals t ON ${t.sn} = req.sn AND ${t.deletedAt} IS NULL
          AND ${inScope(sql`${t.holderPath}`, caller)}
        LEFT JOIN agents h ON ${h.id} = ${t.holderAgentId}${andInTree(sql`${h.topId}`, caller)}
        WHERE ${t.id} IS NULL OR ${t.holderPath} <> ${plan.from.path} OR ${t.bindStatus} <> 0
          OR ${t.pendingOperationId} IS NOT NULL
        ORDER BY req.ord LIMIT 1`,
  );
  if (!row) return null;
  const sn = row.sn;
  const { verb, snField } = plan;
  const recall = plan.type === TERMINAL_OPERATE_TYPE.RECALL;
  if (row.id === null) {
    if (isOperator(caller)) return notFound(`SN ${sn} 不存在`);
    return badRequest(
      recall
        ? `SN ${sn} 不在您团队的库存中，不能回拨`
        : `SN ${sn} 不是您或您团队的终端，不能${verb}`,
      snField,
    );
  }
  if (row.holderPath !== plan.from.path) {
    const { holderId } = row;
    const holder =
      holderId === null
        ? '平台库存'
        : holderId === caller.agentId
          ? '您自己的库存'
          : `代理商 ${shownName(caller, { id: holderId, path: row.holderPath }, row.holderName ?? '')} 的库存`;
    return recall
      ? badRequest(`SN ${sn} 在${holder}中，不在该代理商名下，不能回拨`, snField)
      : badRequest(`SN ${sn} 在${holder}中，不在您的库存中，不能${verb}`, snField);
  }
  const status = row.bindStatus;
  if (status === 3) return badRequest(`SN ${sn} 已激活，不能${verb}`, snField);
  if (status !== 0) return badRequest(`SN ${sn} 已绑定，不能${verb}`, snField);
  return badRequest(`SN ${sn} 有待处理的回拨，不能${verb}`, snField);
}

export { PLATFORM_PARTY };
