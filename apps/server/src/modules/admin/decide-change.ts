import type { AuditAction } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  operators,
  type channelChanges,
  type providerKeyChanges,
  type taxChannelChanges,
} from '../../db/schema';
import { decode, orNull, select, selectOne, type RowOf, type Shape } from '../../db/typed';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { assertIndependent } from '../../db/independence';

/** The tables of four-eyed proposals: each has status (0 pending, 1 applied, 2 rejected),
 * proposed_by, decided_by, decision_reason and decided_at. */
type ChangeTable = typeof channelChanges | typeof taxChannelChanges | typeof providerKeyChanges;

export interface ChangeDecision {
  id: number;
  approve: boolean;
  reason?: string;
}

/**
 * The checker's half of a four-eyes change (decision 022), the same for every kind of proposal:
 * a rejection needs a reason; the proposal is locked, must still be pending, and its checker must
 * be independent of its maker; on approval `apply` writes what was proposed (and may set more
 * columns of the proposal); the proposal is closed and the decision audited, all in one
 * transaction.
 */
export async function decideChange<S extends Shape>(
  db: Db,
  op: OperatorCaller,
  input: ChangeDecision,
  spec: {
    table: ChangeTable;
    /** The proposal's columns `apply` needs, of `table` (its status and proposer are always read). */
    shape: S;
    /** What the maker's own or a related operator's decision is refused with. */
    refusal: string;
    target: string;
    actions: { approve: AuditAction; reject: AuditAction };
    /** Applies the approved proposal; what it returns is set on the proposal too. */
    apply: (tx: DbOrTx, row: RowOf<S>) => Promise<SQL | void>;
    /** Set on the proposal whatever the decision (e.g. wiping its secret payload). */
    alwaysSet?: SQL;
  },
): Promise<{ status: number }> {
  if (!input.approve && !input.reason?.trim()) throw badRequest('请填写驳回原因', 'reason');
  const table = spec.table;
  return db.transaction(async (tx) => {
    const where = sql`FROM ${table} WHERE ${table.id} = ${input.id}`;
    const change = await selectOne(
      tx,
      {
        status: sql`${table.status}`.mapWith(decode.number),
        proposedBy: sql`${table.proposedBy}`.mapWith(decode.number),
      },
      sql`${where} FOR UPDATE`,
    );
    if (!change) throw notFound('变更不存在');
    if (change.status !== 0) throw conflict('该变更已处理');
    await assertIndependent(tx, change.proposedBy, op.operatorId, {
      msg: spec.refusal,
      field: 'id',
      code: 'CHECKER_RELATED',
    });
    const status = input.approve ? 1 : 2;
    let extra: SQL | void = undefined;
    if (input.approve) {
      // The proposal's own columns, of the row now locked.
      const row = await selectOne(tx, spec.shape, where);
      if (!row) throw notFound('变更不存在');
      extra = await spec.apply(tx, row);
    }
    const sets = [extra, spec.alwaysSet].filter((s): s is SQL => s !== undefined);
    await tx.execute(sql`
      UPDATE ${table} SET status = ${status}, decided_by = ${op.operatorId},
             decision_reason = ${input.reason?.trim() || null}, decided_at = now()
             ${sets.length ? sql`, ${sql.join(sets, sql`, `)}` : sql``}
       WHERE id = ${input.id}`);
    await audit(tx, op, {
      action: input.approve ? spec.actions.approve : spec.actions.reject,
      targetType: spec.target,
      targetId: input.id,
      before: { status: 0 },
      after: { status, reason: input.reason ?? null },
    });
    return { status };
  });
}

const proposer = alias(operators, 'p');
const decider = alias(operators, 'd');

/**
 * The newest 100 proposals of one kind, pending first: the kind's own columns (`own`, of `table`)
 * followed by its state, who proposed and who decided, and when (ISO-8601).
 */
export function listChanges<S extends Shape>(db: DbOrTx, table: ChangeTable, own: S) {
  return select(
    db,
    {
      ...own,
      status: table.status,
      proposedBy: table.proposedBy,
      proposer: proposer.name,
      decider: orNull(decider.name),
      reason: table.decisionReason,
      createdAt: sql`${table.createdAt}`.mapWith(decode.isoTime),
      decidedAt: sql`${table.decidedAt}`.mapWith(decode.isoTimeOrNull),
    },
    sql`FROM ${table}
          JOIN operators p ON ${proposer.id} = ${table.proposedBy}
          LEFT JOIN operators d ON ${decider.id} = ${table.decidedBy}
         ORDER BY ${table.status} = 0 DESC, ${table.id} DESC LIMIT 100`,
  );
}
