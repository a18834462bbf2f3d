import type { TerminalListParams, TerminalPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bound, prepareVariants } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findAgentParty } from '../../db/terminals/parties';
import { isOperator } from '../../db/tree';
import { pathInScope } from '../../db/terminals/scope';
import { t, terminalFields, terminalJoins, toTerminalItem } from './terminal-row';
import { decodeCursor, encodeCursor } from '../../lib/keyset';

/** The optional filters of a page, in the order the variant key names them. */
type Filter = 'holder' | 'bindStatus' | 'brand' | 'merchant' | 'operable' | 'sn' | 'cursor';

/**
 * One statement per variant (an operator's or an agent's scope, the tree, which filters are
 * set), compiled on first use and run as a named prepared statement with the call's values
 * bound: planning and building it cost more than running it on a page (issue 35).
 */
const terminalPage = prepareVariants('terminal_page', (variant: string) => {
  const [scope, treeKind, ...set] = variant.split('.');
  const has = (f: Filter) => set.includes(f);
  const topId = treeKind === 'tree' ? bound('topId') : null;
  const where: SQL[] = [sql`${t.deletedAt} IS NULL`];
  if (scope === 'subtree')
    where.push(
      sql`(${t.holderPath} >= ${bound('path')} AND ${t.holderPath} < ${bound('pathEnd')})`,
    );
  if (has('holder')) where.push(sql`${t.holderPath} = ${bound('holderPath')}`);
  if (has('bindStatus')) where.push(sql`${t.bindStatus} = ${bound('bindStatus')}`);
  if (has('brand')) where.push(sql`${t.brandId} = ${bound('brandId')}`);
  if (has('merchant')) where.push(sql`${t.merchantId} = ${bound('merchantId')}`);
  if (has('operable')) where.push(sql`${t.pendingOperationId} IS NULL`);
  if (has('sn')) where.push(sql`(${t.sn} >= ${bound('sn')} AND ${t.sn} < ${bound('snEnd')})`);
  if (has('cursor'))
    where.push(sql`(${t.holderPath}, ${t.sn}) > (${bound('afterPath')}, ${bound('afterSn')})`);
  return {
    shape: terminalFields,
    rest: sql`FROM terminals t ${terminalJoins(topId)}
        WHERE ${sql.join(where, sql` AND `)}${topId === null ? sql`` : sql` AND ${t.topId} = ${topId}`}
        ORDER BY ${t.holderPath}, ${t.sn} LIMIT ${bound('limit')}`,
  };
});

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
  const values: Record<string, unknown> = { limit: params.pageSize + 1 };
  const set: Filter[] = [];
  const subtree = !isOperator(caller);
  if (subtree) Object.assign(values, { path: caller.path, pathEnd: `${caller.path}~` });
  if (caller.topId !== null) values.topId = caller.topId;
  if (params.holderAgentId !== undefined) {
    set.push('holder');
    values.holderPath = await holderPath(db, caller, params.holderAgentId);
  }
  if (params.bindStatus !== undefined) {
    set.push('bindStatus');
    values.bindStatus = params.bindStatus;
  }
  if (params.brandId !== undefined) {
    set.push('brand');
    values.brandId = params.brandId;
  }
  if (params.merchantId !== undefined) {
    set.push('merchant');
    values.merchantId = params.merchantId;
  }
  if (params.operable) set.push('operable');
  if (params.sn) {
    const prefix = params.sn.toUpperCase();
    set.push('sn');
    Object.assign(values, { sn: prefix, snEnd: `${prefix}~` });
  }
  if (cursor) {
    set.push('cursor');
    Object.assign(values, { afterPath: cursor[0], afterSn: cursor[1] });
  }
  const variant = [
    subtree ? 'subtree' : 'every',
    caller.topId !== null ? 'tree' : 'all',
    ...set,
  ].join('.');
  const found = await terminalPage(variant).all(db, values);
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
