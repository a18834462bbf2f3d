import type { TerminalListParams, TerminalPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findAgentParty } from './parties';
import { andInTree } from '../../db/tree';
import { decodeCursor, encodeCursor, inScope, isOperator, pathInScope } from './scope';
import { TERMINAL_COLUMNS, terminalJoins, toTerminalItem } from './terminal-row';

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
  const where: SQL[] = [sql`t.deleted_at IS NULL`, inScope(sql`t.holder_path`, caller)];
  if (params.holderAgentId !== undefined) {
    where.push(sql`t.holder_path = ${await holderPath(db, caller, params.holderAgentId)}`);
  }
  if (params.bindStatus !== undefined) where.push(sql`t.bind_status = ${params.bindStatus}`);
  if (params.brandId !== undefined) where.push(sql`t.brand_id = ${params.brandId}`);
  if (params.merchantId !== undefined) where.push(sql`t.merchant_id = ${params.merchantId}`);
  if (params.operable) where.push(sql`t.pending_operation_id IS NULL`);
  if (params.sn) {
    const prefix = params.sn.toUpperCase();
    where.push(sql`(t.sn >= ${prefix} AND t.sn < ${prefix + '~'})`);
  }
  if (cursor) where.push(sql`(t.holder_path, t.sn) > (${cursor[0]}, ${cursor[1]})`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${TERMINAL_COLUMNS} FROM terminals t ${terminalJoins(caller)}
        WHERE ${sql.join(where, sql` AND `)}${andInTree(sql`t.top_id`, caller)}
        ORDER BY t.holder_path, t.sn LIMIT ${params.pageSize + 1}`,
  );
  const page = found.slice(0, params.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => toTerminalItem(r, caller)),
    nextCursor:
      found.length > params.pageSize && last
        ? encodeCursor([String(last.holder_path), String(last.sn)])
        : null,
  };
}

/** The path of a holder the caller may look at (itself or its subtree). */
export async function holderPath(db: Db, caller: Caller, agentId: number): Promise<string> {
  if (agentId === caller.agentId && !isOperator(caller)) return caller.path;
  const agent = await findAgentParty(db, agentId, caller.topId);
  if (!agent || !pathInScope(agent.path, caller)) throw notFound('代理商不存在');
  return agent.path;
}
