import type { TerminalOperationInfo } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { OPERATION_COLUMNS, OPERATION_JOINS, toOperationRecord } from './operation-record';
import { decodeCursor, encodeCursor, isOperator, numOrNull } from './scope';

/** One operation record with its SNs, a page at a time. Only its parties (and operators) see it. */
export async function getOperationInfo(
  db: Db,
  caller: Caller,
  params: { id: number; cursor?: string | undefined; pageSize: number },
): Promise<TerminalOperationInfo> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${OPERATION_COLUMNS} FROM terminal_operations o ${OPERATION_JOINS} WHERE o.id = ${params.id}`,
  );
  const me = caller.agentId;
  const party =
    row &&
    (isOperator(caller) ||
      numOrNull(row.operator_id) === me ||
      numOrNull(row.from_agent_id) === me ||
      numOrNull(row.to_agent_id) === me);
  if (!row || !party) throw notFound('记录不存在');
  const cursor = decodeCursor(params.cursor, ['string'] as const);
  const sns = await rows<{ sn: string }>(
    db,
    sql`SELECT sn FROM terminal_operation_items WHERE operation_id = ${params.id}
        ${cursor ? sql`AND sn > ${cursor[0]}` : sql``} ORDER BY sn LIMIT ${params.pageSize + 1}`,
  );
  const page = sns.slice(0, params.pageSize).map((r) => r.sn);
  return {
    record: toOperationRecord(row, caller),
    sns: page,
    nextCursor: sns.length > params.pageSize ? encodeCursor([page[page.length - 1]!]) : null,
  };
}
