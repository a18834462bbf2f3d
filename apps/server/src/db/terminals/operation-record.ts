import {
  OPERATE_STATUS,
  OPERATION_RUNS_SHOWN,
  type SnRun,
  type TerminalOperationRecord,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { agents, merchants, terminalOperations } from '../schema';
import { decode, orNull, prepareVariants, type RowOf } from '../typed';
import { andInTree } from '../tree';
import type { Caller } from '../../plugins/auth';
import { brief } from './parties';

/** `terminal_operations o` with its parties `op`, `fa`, `ta` and merchant `m` (operationJoins). */
export const o = alias(terminalOperations, 'o');
const op = alias(agents, 'op');
const fa = alias(agents, 'fa');
const ta = alias(agents, 'ta');
const m = alias(merchants, 'm');

/** What an operation record is shown with: the operation and its three parties' names. */
export const operationFields = {
  id: o.id,
  type: o.type,
  status: o.status,
  count: o.count,
  firstSn: o.firstSn,
  lastSn: o.lastSn,
  reason: o.reason,
  decisionReason: o.decisionReason,
  createdAt: o.createdAt,
  decidedAt: o.decidedAt,
  autoPassAt: o.autoPassAt,
  operatorId: o.operatorId,
  fromAgentId: o.fromAgentId,
  toAgentId: o.toAgentId,
  operatorName: orNull(op.name),
  operatorMobile: orNull(op.mobile),
  operatorRole: orNull(op.role),
  operatorPath: orNull(op.path),
  fromName: orNull(fa.name),
  fromMobile: orNull(fa.mobile),
  fromPath: orNull(fa.path),
  toName: orNull(ta.name),
  toMobile: orNull(ta.mobile),
  toPath: orNull(ta.path),
  merchantName: orNull(m.name),
};
export type OperationFieldsRow = RowOf<typeof operationFields>;

/**
 * The parties of `terminal_operations o`. An agent reads them in its tree (decision 020): the
 * parties of an operation of its tree are of that tree, except the operator of a platform move,
 * which has no tree: its row is not joined (operator_role NULL) and it is shown as the platform.
 */
export function operationJoins(topId: number | SQL | null): SQL {
  const tree = (column: SQL) => andInTree(column, { topId });
  return sql`${topId === null ? sql`JOIN` : sql`LEFT JOIN`} agents op ON ${op.id} = ${o.operatorId}${tree(sql`${op.topId}`)}
  LEFT JOIN agents fa ON ${fa.id} = ${o.fromAgentId}${tree(sql`${fa.topId}`)}
  LEFT JOIN agents ta ON ${ta.id} = ${o.toAgentId}${tree(sql`${ta.topId}`)}
  LEFT JOIN merchants m ON ${m.id} = ${o.merchantId}${tree(sql`${m.topId}`)}`;
}

/** The runs an operation's SNs make (the first OPERATION_RUNS_SHOWN) and how many in all. */
export interface OperationRuns {
  runs: SnRun[];
  runCount: number;
}

/**
 * The runs statement, compiled once per variant (whether the caller has a tree) and run as a
 * named prepared statement: planning its window functions cost more than running them on a
 * page (issue 35).
 */
const runsOf = prepareVariants('operation_runs', (variant: 'tree' | 'all') => ({
  shape: {
    operationId: sql`operation_id`.mapWith(decode.number),
    firstSn: sql`first_sn`.mapWith(decode.text),
    lastSn: sql`last_sn`.mapWith(decode.text),
    n: sql`n`.mapWith(decode.number),
    runCount: sql`run_count`.mapWith(decode.number),
  },
  rest: sql`FROM o WHERE ord <= ${sql.placeholder('shown')} ORDER BY operation_id, ord`,
  opts: {
    // An agent's items are read through their operation, in its tree (decision 020).
    with: sql`WITH s AS (
        SELECT i.operation_id, i.sn, substring(i.sn from '([0-9]{1,18})$') AS digits
          FROM ${
            variant === 'all'
              ? sql`terminal_operation_items i`
              : sql`terminal_operation_items i JOIN terminal_operations o ON o.id = i.operation_id AND o.top_id = ${sql.placeholder('topId')}`
          }
         WHERE i.operation_id = ANY(${sql.placeholder('ids')}::bigint[])
      ), k AS (
        SELECT operation_id, sn, digits,
               CASE WHEN digits IS NULL THEN sn ELSE left(sn, length(sn) - length(digits)) END AS prefix,
               digits::numeric AS n
          FROM s
      ), g AS (
        SELECT operation_id, sn, prefix, n, length(sn) AS width,
               CASE WHEN n IS NULL THEN NULL
                    ELSE n - row_number() OVER (PARTITION BY operation_id, prefix, length(sn) ORDER BY n)
               END AS island
          FROM k
      ), r AS (
        SELECT operation_id, prefix, width, min(n) AS lo,
               (array_agg(sn ORDER BY n, sn))[1] AS first_sn,
               (array_agg(sn ORDER BY n DESC, sn DESC))[1] AS last_sn,
               count(*) AS n
          FROM g
         GROUP BY operation_id, prefix, width, coalesce(island::text, 'sn:' || sn)
      ), o AS (
        SELECT r.*, row_number() OVER (PARTITION BY operation_id
                 ORDER BY prefix COLLATE "C", width, lo NULLS FIRST, first_sn COLLATE "C") AS ord,
               count(*) OVER (PARTITION BY operation_id) AS run_count
          FROM r
      )`,
  },
}));

/**
 * The SNs each operation moved, as runs of consecutive numbers, computed in SQL from its items
 * (gaps and islands), so a 10,000-SN batch sends back a few rows, not 10,000. An SN splits as
 * core's splitSn does: a prefix and up to 18 trailing digits; runs keep prefix and width, and an
 * SN without digits stands alone. The order is core's snRuns order.
 */
export async function operationRuns(
  db: DbOrTx,
  caller: Pick<Caller, 'topId'>,
  ids: number[],
): Promise<Map<number, OperationRuns>> {
  const out = new Map<number, OperationRuns>();
  if (ids.length === 0) return out;
  // The ids as an array literal: one text for any number of them, on the pool and in a
  // transaction alike.
  const values: Record<string, unknown> = {
    ids: `{${ids.join(',')}}`,
    shown: OPERATION_RUNS_SHOWN,
  };
  if (caller.topId !== null) values.topId = caller.topId;
  const found = await runsOf(caller.topId === null ? 'all' : 'tree').all(db, values);
  for (const r of found) {
    let entry = out.get(r.operationId);
    if (!entry) {
      entry = { runs: [], runCount: r.runCount };
      out.set(r.operationId, entry);
    }
    entry.runs.push({ first: r.firstSn, last: r.lastSn, count: r.n });
  }
  return out;
}

export function toOperationRecord(
  r: OperationFieldsRow,
  caller: Caller,
  runs: OperationRuns | undefined,
): TerminalOperationRecord {
  const { operatorId, type, status } = r;
  const fromId = r.fromAgentId;
  const toId = r.toAgentId;
  const mine = operatorId === caller.agentId;
  // An operator acts for the platform; agents see the platform, not the operator's own name.
  const operator =
    r.operatorRole === 'operator' || r.operatorRole === null
      ? brief(null, null, null, caller)
      : brief(operatorId, r.operatorName, r.operatorMobile, caller, r.operatorPath);
  const from = brief(fromId, r.fromName, r.fromMobile, caller, r.fromPath);
  const to = brief(toId, r.toName, r.toMobile, caller, r.toPath);
  let counterparty = operator;
  if (mine) counterparty = type === 2 ? from : to;
  else if (type === 2 && toId === caller.agentId) counterparty = from;
  return {
    id: r.id,
    type,
    status,
    count: r.count,
    firstSn: r.firstSn,
    lastSn: r.lastSn,
    snRuns: runs?.runs ?? [],
    runCount: runs?.runCount ?? 0,
    operator,
    from,
    to,
    counterparty,
    mine,
    canDecide: type === 2 && status === OPERATE_STATUS.PENDING && fromId === caller.agentId,
    merchantName: r.merchantName,
    reason: r.reason,
    decisionReason: r.decisionReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    autoPassAt: r.autoPassAt?.toISOString() ?? null,
  };
}
