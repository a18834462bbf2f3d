import type { TerminalOperationListParams, TerminalOperationPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bound, prepareVariants } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import {
  o,
  operationFields,
  operationJoins,
  operationRuns,
  toOperationRecord,
} from '../../db/terminals/operation-record';
import { andInTree, isOperator } from '../../db/tree';
import { decodeCursor, encodeCursor } from '../../lib/keyset';

/**
 * What decides the statement's text: an operator's or an agent's list, the agent's tree, the
 * role (mine, incoming, both), the type and status filters, a cursor.
 */
type Variant = `${'operator' | 'agent'}.${'tree' | 'all'}.${TerminalOperationListParams['role']}.${
  'type' | 'anyType'}.${'status' | 'anyStatus'}.${'next' | 'first'}`;

/**
 * One statement per variant, compiled on first use and run as a named prepared statement with
 * the call's values bound: planning it cost more than running it (issue 35).
 */
const operationPage = prepareVariants('terminal_operations_page', (variant: Variant) => {
  const [who, treeKind, role, type, status, cursor] = variant.split('.');
  const topId = treeKind === 'tree' ? bound('topId') : null;
  const limit = bound('limit');
  const filters: SQL[] = [];
  if (type === 'type') filters.push(sql`o.type = ${bound('type')}`);
  if (status === 'status') filters.push(sql`o.status = ${bound('status')}`);
  if (cursor === 'next') filters.push(sql`o.id < ${bound('before')}`);
  const filter = filters.length ? sql.join(filters, sql` AND `) : sql`TRUE`;
  // An agent's records are of its tree (decision 020).
  const tree = andInTree('o.top_id', { topId });
  const me = bound('me');

  let ids: SQL;
  if (who === 'operator') {
    ids = sql`SELECT o.id FROM terminal_operations o WHERE ${filter} ORDER BY o.id DESC LIMIT ${limit}`;
  } else {
    const part = (cond: SQL) =>
      sql`(SELECT o.id FROM terminal_operations o WHERE ${cond}${tree} AND ${filter} ORDER BY o.id DESC LIMIT ${limit})`;
    const parts: SQL[] = [];
    if (role !== 'incoming') parts.push(part(sql`o.operator_id = ${me}`));
    if (role !== 'mine') {
      parts.push(part(sql`o.from_agent_id = ${me} AND o.operator_id <> ${me}`));
      parts.push(part(sql`o.to_agent_id = ${me} AND o.operator_id <> ${me}`));
    }
    ids = sql.join(parts, sql` UNION `);
  }
  return {
    shape: operationFields,
    rest: sql`FROM terminal_operations o ${operationJoins(topId)}
        WHERE ${o.id} IN (${ids})${tree} ORDER BY ${o.id} DESC LIMIT ${limit}`,
  };
});

/**
 * Operation records of the caller, newest first: those it started (mine), those where it is the
 * other party (incoming: terminals allocated or transferred to it, recalls from it), or both.
 * Each party column has its own index; the page is the union of three index scans, each cut at
 * the page size, so its cost does not grow with the history. Operators see every record.
 */
export async function listOperations(
  db: Db,
  caller: Caller,
  params: TerminalOperationListParams,
): Promise<TerminalOperationPage> {
  const cursor = decodeCursor(params.cursor, ['number'] as const);
  const inTree = caller.topId !== null;
  const values: Record<string, unknown> = { me: caller.agentId, limit: params.pageSize + 1 };
  if (inTree) values.topId = caller.topId;
  if (params.type !== undefined) values.type = params.type;
  if (params.status !== undefined) values.status = params.status;
  if (cursor) values.before = cursor[0];
  const variant: Variant = `${isOperator(caller) ? 'operator' : 'agent'}.${inTree ? 'tree' : 'all'}.${
    params.role
  }.${params.type !== undefined ? 'type' : 'anyType'}.${
    params.status !== undefined ? 'status' : 'anyStatus'
  }.${cursor ? 'next' : 'first'}`;
  const found = await operationPage(variant).all(db, values);
  const shown = found.slice(0, params.pageSize);
  const runs = await operationRuns(
    db,
    caller,
    shown.map((r) => r.id),
  );
  const page = shown.map((r) => toOperationRecord(r, caller, runs.get(r.id)));
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: found.length > params.pageSize && last ? encodeCursor([last.id]) : null,
  };
}
