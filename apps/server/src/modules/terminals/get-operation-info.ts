import type { TerminalOperationInfo } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { terminalOperationItems } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
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

const i = alias(terminalOperationItems, 'i');

/** One operation record with its SNs, a page at a time. Only its parties (and operators) see it. */
export async function getOperationInfo(
  db: Db,
  caller: Caller,
  params: { id: number; cursor?: string | undefined; pageSize: number },
): Promise<TerminalOperationInfo> {
  const row = await selectOne(
    db,
    operationFields,
    sql`FROM terminal_operations o ${operationJoins(caller.topId)}
        WHERE ${o.id} = ${params.id}${andInTree(sql`${o.topId}`, caller)}`,
  );
  const me = caller.agentId;
  const party =
    row &&
    (isOperator(caller) || row.operatorId === me || row.fromAgentId === me || row.toAgentId === me);
  if (!row || !party) throw notFound('记录不存在');
  const cursor = decodeCursor(params.cursor, ['string'] as const);
  // An agent's items are read through the operation, in its tree (decision 020).
  const items =
    caller.topId === null
      ? sql`terminal_operation_items i`
      : sql`terminal_operation_items i JOIN terminal_operations o ON o.id = i.operation_id AND o.top_id = ${caller.topId}`;
  const sns = await select(
    db,
    { sn: i.sn },
    sql`FROM ${items} WHERE i.operation_id = ${params.id}
        ${cursor ? sql`AND i.sn > ${cursor[0]}` : sql``} ORDER BY i.sn LIMIT ${params.pageSize + 1}`,
  );
  const page = sns.slice(0, params.pageSize).map((r) => r.sn);
  return {
    record: toOperationRecord(
      row,
      caller,
      (await operationRuns(db, caller, [params.id])).get(params.id),
    ),
    sns: page,
    nextCursor: sns.length > params.pageSize ? encodeCursor([page[page.length - 1]!]) : null,
  };
}
