import {
  OPERATE_STATUS,
  OPERATION_RUNS_SHOWN,
  type SnRun,
  type TerminalOperationRecord,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { brief } from './parties';
import { andInTree } from '../../db/tree';
import { iso, isoNow, num, numOrNull } from './scope';

/** The columns an operation record is shown with: the operation and its three parties' names. */
export const OPERATION_COLUMNS = sql`o.id, o.type, o.status, o.count, o.first_sn, o.last_sn, o.reason,
  o.decision_reason, o.created_at, o.decided_at, o.auto_pass_at, o.operator_id, o.from_agent_id, o.to_agent_id,
  op.name AS operator_name, op.mobile AS operator_mobile, op.role AS operator_role,
  fa.name AS from_name, fa.mobile AS from_mobile, fa.path AS from_path,
  ta.name AS to_name, ta.mobile AS to_mobile, ta.path AS to_path, op.path AS operator_path,
  m.name AS merchant_name`;

/**
 * The parties of `terminal_operations o`. An agent reads them in its tree (decision 020): the
 * parties of an operation of its tree are of that tree, except the operator of a platform move,
 * which has no tree: its row is not joined (operator_role NULL) and it is shown as the platform.
 */
export function operationJoins(caller: Pick<Caller, 'topId'>): SQL {
  const tree = (column: SQL) => andInTree(column, caller);
  return sql`${caller.topId === null ? sql`JOIN` : sql`LEFT JOIN`} agents op ON op.id = o.operator_id${tree(sql`op.top_id`)}
  LEFT JOIN agents fa ON fa.id = o.from_agent_id${tree(sql`fa.top_id`)}
  LEFT JOIN agents ta ON ta.id = o.to_agent_id${tree(sql`ta.top_id`)}
  LEFT JOIN merchants m ON m.id = o.merchant_id${tree(sql`m.top_id`)}`;
}

/** The runs an operation's SNs make (the first OPERATION_RUNS_SHOWN) and how many in all. */
export interface OperationRuns {
  runs: SnRun[];
  runCount: number;
}

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
  // An agent's items are read through their operation, in its tree (decision 020).
  const items =
    caller.topId === null
      ? sql`terminal_operation_items i`
      : sql`terminal_operation_items i JOIN terminal_operations o ON o.id = i.operation_id AND o.top_id = ${caller.topId}`;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`WITH s AS (
          SELECT i.operation_id, i.sn, substring(i.sn from '([0-9]{1,18})$') AS digits
            FROM ${items}
           WHERE i.operation_id IN (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
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
        )
        SELECT operation_id, first_sn, last_sn, n, run_count FROM o
         WHERE ord <= ${OPERATION_RUNS_SHOWN}
         ORDER BY operation_id, ord`,
  );
  for (const r of found) {
    const id = num(r.operation_id);
    let entry = out.get(id);
    if (!entry) {
      entry = { runs: [], runCount: num(r.run_count) };
      out.set(id, entry);
    }
    entry.runs.push({ first: String(r.first_sn), last: String(r.last_sn), count: num(r.n) });
  }
  return out;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function toOperationRecord(
  r: Record<string, unknown>,
  caller: Caller,
  runs: OperationRuns | undefined,
): TerminalOperationRecord {
  const operatorId = num(r.operator_id);
  const fromId = numOrNull(r.from_agent_id);
  const toId = numOrNull(r.to_agent_id);
  const type = num(r.type);
  const status = num(r.status);
  const mine = operatorId === caller.agentId;
  // An operator acts for the platform; agents see the platform, not the operator's own name.
  const operator =
    r.operator_role === 'operator' || r.operator_role == null
      ? brief(null, null, null, caller)
      : brief(
          operatorId,
          text(r.operator_name),
          text(r.operator_mobile),
          caller,
          text(r.operator_path),
        );
  const from = brief(fromId, text(r.from_name), text(r.from_mobile), caller, text(r.from_path));
  const to = brief(toId, text(r.to_name), text(r.to_mobile), caller, text(r.to_path));
  let counterparty = operator;
  if (mine) counterparty = type === 2 ? from : to;
  else if (type === 2 && toId === caller.agentId) counterparty = from;
  return {
    id: num(r.id),
    type,
    status,
    count: num(r.count),
    firstSn: text(r.first_sn),
    lastSn: text(r.last_sn),
    snRuns: runs?.runs ?? [],
    runCount: runs?.runCount ?? 0,
    operator,
    from,
    to,
    counterparty,
    mine,
    canDecide: type === 2 && status === OPERATE_STATUS.PENDING && fromId === caller.agentId,
    merchantName: text(r.merchant_name),
    reason: text(r.reason) ?? '',
    decisionReason: text(r.decision_reason),
    createdAt: isoNow(r.created_at),
    decidedAt: iso(r.decided_at),
    autoPassAt: iso(r.auto_pass_at),
  };
}
