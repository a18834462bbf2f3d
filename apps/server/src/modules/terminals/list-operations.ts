import type { TerminalOperationListParams, TerminalOperationPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { select } from '../../db/typed';
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
  const limit = params.pageSize + 1;
  const filters: SQL[] = [];
  if (params.type !== undefined) filters.push(sql`o.type = ${params.type}`);
  if (params.status !== undefined) filters.push(sql`o.status = ${params.status}`);
  if (cursor) filters.push(sql`o.id < ${cursor[0]}`);
  const filter = filters.length ? sql.join(filters, sql` AND `) : sql`TRUE`;
  const me = caller.agentId;
  // An agent's records are of its tree (decision 020).
  const tree = andInTree(sql`o.top_id`, caller);

  let ids: SQL;
  if (isOperator(caller)) {
    ids = sql`SELECT o.id FROM terminal_operations o WHERE ${filter} ORDER BY o.id DESC LIMIT ${limit}`;
  } else {
    const part = (cond: SQL) =>
      sql`(SELECT o.id FROM terminal_operations o WHERE ${cond}${tree} AND ${filter} ORDER BY o.id DESC LIMIT ${limit})`;
    const parts: SQL[] = [];
    if (params.role !== 'incoming') parts.push(part(sql`o.operator_id = ${me}`));
    if (params.role !== 'mine') {
      parts.push(part(sql`o.from_agent_id = ${me} AND o.operator_id <> ${me}`));
      parts.push(part(sql`o.to_agent_id = ${me} AND o.operator_id <> ${me}`));
    }
    ids = sql.join(parts, sql` UNION `);
  }
  const found = await select(
    db,
    operationFields,
    sql`FROM terminal_operations o ${operationJoins(caller)}
        WHERE ${o.id} IN (${ids})${tree} ORDER BY ${o.id} DESC LIMIT ${limit}`,
  );
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
