import type { TerminalListParams, TerminalPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { select } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findAgentParty } from '../../db/terminals/parties';
import { andInTree, isOperator } from '../../db/tree';
import { inScope, pathInScope } from '../../db/terminals/scope';
import { t, terminalFields, terminalJoins, toTerminalItem } from './terminal-row';
import { decodeCursor, encodeCursor } from '../../lib/keyset';

/**
 * A page of the caller's subtree's terminals, ordered by (holder path, SN): the caller's own stock
 * first, then each sub-agent's, each in SN order. The order is the index's, and the cursor is
 * the last row's key, so a page costs the same at any depth of any table.
 */
export async function listTerminals(
  db: Db,
  caller: Caller,
  params: TerminalListParams,
): Promise<TerminalPage> {
  const cursor = decodeCursor(params.cursor, ['string', 'string'] as const);
  const where: SQL[] = [sql`${t.deletedAt} IS NULL`, inScope(sql`${t.holderPath}`, caller)];
  if (params.holderAgentId !== undefined) {
    where.push(sql`${t.holderPath} = ${await holderPath(db, caller, params.holderAgentId)}`);
  }
  if (params.bindStatus !== undefined) where.push(sql`${t.bindStatus} = ${params.bindStatus}`);
  if (params.brandId !== undefined) where.push(sql`${t.brandId} = ${params.brandId}`);
  if (params.merchantId !== undefined) where.push(sql`${t.merchantId} = ${params.merchantId}`);
  if (params.operable) where.push(sql`${t.pendingOperationId} IS NULL`);
  if (params.sn) {
    const prefix = params.sn.toUpperCase();
    where.push(sql`(${t.sn} >= ${prefix} AND ${t.sn} < ${prefix + '~'})`);
  }
  if (cursor) where.push(sql`(${t.holderPath}, ${t.sn}) > (${cursor[0]}, ${cursor[1]})`);
  const found = await select(
    db,
    terminalFields,
    sql`FROM terminals t ${terminalJoins(caller)}
        WHERE ${sql.join(where, sql` AND `)}${andInTree(sql`${t.topId}`, caller)}
        ORDER BY ${t.holderPath}, ${t.sn} LIMIT ${params.pageSize + 1}`,
  );
  const page = found.slice(0, params.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => toTerminalItem(r, caller)),
    nextCursor:
      found.length > params.pageSize && last ? encodeCursor([last.holderPath, last.sn]) : null,
  };
}

/** The path of a holder the caller may look at (itself or its subtree). */
export async function holderPath(db: Db, caller: Caller, agentId: number): Promise<string> {
  if (agentId === caller.agentId && !isOperator(caller)) return caller.path;
  const agent = await findAgentParty(db, agentId, caller.topId);
  if (!agent || !pathInScope(agent.path, caller)) throw notFound('代理商不存在');
  return agent.path;
}
