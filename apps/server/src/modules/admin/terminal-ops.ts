import {
  PLATFORM_PARTY_NAME,
  type AdminOperation,
  type AdminOperationQuery,
  type AdminTerminalBatchRequest,
  type AdminTerminalBatchResult,
  type Page,
  type TerminalBatchResult,
} from '@pos/core';
import { eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, merchants, terminalOperations } from '../../db/schema';
import { orNull } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { typedKeyset, shanghaiDays, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { deleteTerminals } from '../terminals/delete-terminals';
import { modifyBrand } from '../terminals/modify-brand';
import { operationRuns } from '../../db/terminals/operation-record';
import { reclaimTerminals } from '../terminals/reclaim-terminals';
import { audit } from '../../db/audit';
import { getPlatformCaller } from '../agents/get-platform-caller';

const o = alias(terminalOperations, 'o');
const op = alias(agents, 'op');
const fa = alias(agents, 'fa');
const ta = alias(agents, 'ta');
const m = alias(merchants, 'm');

/** Thrown inside a dry run's transaction so that everything it did rolls back. */
class DryRun extends Error {
  constructor(readonly result: TerminalBatchResult) {
    super('dry run');
  }
}

/**
 * Reclaim, delete or brand modification from the console, through the same all-or-nothing use
 * cases as the platform API, recorded under the platform's account and audited in the same
 * transaction. A dry run runs the whole batch and rolls it back, so its count (or its refusal,
 * naming the first ineligible SN) is exactly what the real run would give.
 */
export async function platformTerminalBatch(
  db: Db,
  op: OperatorCaller,
  input: AdminTerminalBatchRequest,
): Promise<AdminTerminalBatchResult> {
  if (input.action === 'brand') {
    if (!input.brandId) throw badRequest('请选择品牌', 'brandId');
    if (!input.model) throw badRequest('请选择型号', 'model');
  } else if (input.action === 'reclaim' && !input.reason) {
    throw badRequest('请填写回收原因', 'reason');
  }
  const caller = await getPlatformCaller(db);
  const selection = { sns: input.sns, startSn: input.startSn, endSn: input.endSn };
  const run = (tx: Db): Promise<TerminalBatchResult> => {
    if (input.action === 'reclaim')
      return reclaimTerminals(tx, caller, { ...selection, reason: input.reason });
    if (input.action === 'delete')
      return deleteTerminals(tx, caller, { ...selection, reason: input.reason });
    return modifyBrand(tx, caller, { ...selection, brandId: input.brandId!, model: input.model! });
  };
  try {
    return await db.transaction(async (tx) => {
      const result = await run(tx as unknown as Db);
      if (input.dryRun) throw new DryRun(result);
      await audit(tx, op, {
        action: `terminal.${input.action}`,
        targetType: 'terminal_operation',
        targetId: result.operationId ?? undefined,
        after: {
          count: result.count,
          sns: input.sns?.slice(0, 50) ?? null,
          startSn: input.startSn ?? null,
          endSn: input.endSn ?? null,
          reason: input.reason ?? null,
          brandId: input.brandId ?? null,
          model: input.model ?? null,
        },
      });
      return { ...result, dryRun: false };
    });
  } catch (err) {
    if (err instanceof DryRun) return { count: err.result.count, operationId: null, dryRun: true };
    throw err;
  }
}

/** An operation as its list row reads it; its SN runs are added per page (withSnRuns). */
export type OperationRow = Omit<AdminOperation, 'snRuns' | 'runCount'>;

/**
 * A page of operations with the SNs each moved as runs of consecutive numbers, read for the
 * page's ids only (one query), as the app's records show them.
 */
export async function withSnRuns(db: Db, page: Page<OperationRow>): Promise<Page<AdminOperation>> {
  const runs = await operationRuns(
    db,
    { topId: null },
    page.rows.map((r) => r.id),
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      snRuns: runs.get(r.id)?.runs ?? [],
      runCount: runs.get(r.id)?.runCount ?? 0,
    })),
  };
}

/**
 * Every terminal operation across all trees, newest first: by type, status, an SN it moved, an
 * agent that sent or received it (mobile or invite code) and China-time days. Each filter reaches
 * an index (operation items by terminal, operations by sender and by receiver).
 */
export async function operationList(
  db: Db,
  q: AdminOperationQuery,
): Promise<KeysetSpec<OperationRow>> {
  let agentId: number | null = null;
  if (q.agent) {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(or(eq(agents.mobile, q.agent), eq(agents.inviteCode, q.agent)))
      .limit(1);
    if (!agent) throw badRequest('没有该手机号或邀请码的代理商', 'agent');
    agentId = agent.id;
  }
  return typedKeyset({
    shape: {
      id: o.id,
      type: o.type,
      status: o.status,
      operatorName: orNull(op.name),
      operatorRole: orNull(op.role),
      fromAgentName: orNull(fa.name),
      toAgentName: orNull(ta.name),
      merchantName: orNull(m.name),
      count: o.count,
      firstSn: o.firstSn,
      lastSn: o.lastSn,
      reason: o.reason,
      decisionReason: o.decisionReason,
      createdAt: o.createdAt,
      decidedAt: o.decidedAt,
    },
    from: sql`FROM terminal_operations o
              LEFT JOIN agents op ON ${op.id} = ${o.operatorId}
              LEFT JOIN agents fa ON ${fa.id} = ${o.fromAgentId}
              LEFT JOIN agents ta ON ${ta.id} = ${o.toAgentId}
              LEFT JOIN merchants m ON ${m.id} = ${o.merchantId}`,
    where: [
      q.type !== undefined && sql`o.type = ${q.type}`,
      q.status !== undefined && sql`o.status = ${q.status}`,
      q.sn
        ? sql`o.id IN (SELECT i.operation_id FROM terminal_operation_items i
                        WHERE i.terminal_id IN (SELECT id FROM terminals WHERE sn = ${q.sn}))`
        : undefined,
      agentId !== null && sql`(o.from_agent_id = ${agentId} OR o.to_agent_id = ${agentId})`,
      ...shanghaiDays(sql`o.created_at`, q.from, q.to),
    ],
    sorts: { id: { expr: sql`o.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`o.id`,
    map: ({ operatorRole, ...r }) => ({
      ...r,
      operatorName: operatorRole === 'operator' ? PLATFORM_PARTY_NAME : (r.operatorName ?? ''),
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }),
  });
}
