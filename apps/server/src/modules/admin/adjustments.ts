import type { Adjustment, CreateAdjustmentRequest } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { agents, ledgerAdjustments, operators } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { agentAccountId, platformAccountId } from '../../db/ledger-accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { orNull } from '../../db/typed';
import { audit } from '../../db/audit';
import { assertIndependent } from '../../db/independence';

const j = alias(ledgerAdjustments, 'j');
const a = alias(agents, 'a');
const m = alias(operators, 'm');
const c = alias(operators, 'c');

export function adjustmentList(q: { status?: number }): KeysetSpec<Adjustment> {
  return typedKeyset({
    shape: {
      id: j.id,
      agentId: j.agentId,
      agentName: a.name,
      walletType: j.walletType,
      amountFen: j.amountFen,
      reason: j.reason,
      status: j.status,
      makerId: j.makerId,
      makerName: m.name,
      checkerId: j.checkerId,
      checkerName: orNull(c.name),
      entryId: j.entryId,
      decisionReason: j.decisionReason,
      createdAt: j.createdAt,
      decidedAt: j.decidedAt,
    },
    from: sql`FROM ledger_adjustments j JOIN agents a ON a.id = j.agent_id
              JOIN operators m ON m.id = j.maker_id LEFT JOIN operators c ON c.id = j.checker_id`,
    where: [q.status !== undefined && sql`j.status = ${q.status}`],
    sorts: { id: { expr: sql`j.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`j.id`,
    map: (r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }),
  });
}

/** The maker proposes; nothing moves until a second operator approves. */
export async function createAdjustment(db: Db, op: OperatorCaller, input: CreateAdjustmentRequest) {
  return db.transaction(async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.id, input.agentId));
    if (!agent || agent.role !== 'agent') throw badRequest('代理不存在', 'agentId');
    const [row] = await tx
      .insert(ledgerAdjustments)
      .values({
        agentId: agent.id,
        topId: agent.topId,
        walletType: input.walletType,
        amountFen: input.amountFen,
        reason: input.reason,
        makerId: op.operatorId,
      })
      .returning();
    await audit(tx, op, {
      action: 'adjustment.create',
      targetType: 'ledger_adjustment',
      targetId: row!.id,
      after: {
        agentId: agent.id,
        walletType: input.walletType,
        amountFen: input.amountFen,
        reason: input.reason,
        status: 0,
      },
    });
    return { id: row!.id };
  });
}

/**
 * A checker is a second pair of eyes only if the maker could not have made it one: an operator
 * made after the adjustment was proposed cannot approve it, nor can the operator that proposed
 * the checker's creation approve, or have proposed, what its creation checks (decision 022).
 */
async function checkIndependentChecker(
  tx: DbOrTx,
  adj: { makerId: number; createdAt: Date },
  checkerId: number,
) {
  const [checker] = await tx
    .select({ createdAt: operators.createdAt })
    .from(operators)
    .where(eq(operators.id, checkerId));
  if (!checker) throw notFound('操作员不存在');
  if (checker.createdAt.getTime() > adj.createdAt.getTime()) {
    throw badRequest('不能复核本账号创建之前发起的调整单', 'id', 'CHECKER_NEWER');
  }
  await assertIndependent(tx, adj.makerId, checkerId, {
    msg: '不能复核由本账号的创建人、为本账号签发临时密码的人，或本账号创建、签发的操作员发起的调整单',
    field: 'id',
    code: 'CHECKER_RELATED',
  });
}

/**
 * The checker (never the maker) approves, and the entry posts through the ledger in the same
 * transaction (a debit that would take the wallet below zero is refused, nothing changes), or
 * rejects with a reason.
 */
export async function decideAdjustment(
  db: Db,
  op: OperatorCaller,
  input: { id: number; approve: boolean; reason?: string },
) {
  if (!input.approve && !input.reason) throw badRequest('请填写驳回原因', 'reason');
  try {
    return await db.transaction(async (tx) => {
      const [adj] = await tx
        .select()
        .from(ledgerAdjustments)
        .where(eq(ledgerAdjustments.id, input.id))
        .for('update');
      if (!adj) throw notFound('调整单不存在');
      if (adj.status !== 0) throw conflict('该调整单已处理');
      if (adj.makerId === op.operatorId)
        throw badRequest('调整单须由另一位操作员复核', 'id', 'SAME_OPERATOR');
      if (input.approve) await checkIndependentChecker(tx, adj, op.operatorId);
      let entryId: number | null = null;
      if (input.approve) {
        const wallet = await agentAccountId(tx, adj.agentId, adj.walletType as 'profit');
        const platform = await platformAccountId(tx, 'manual_adjustment' as never);
        const posted = await postEntry(tx, {
          idemKey: `adjustment:${adj.id}`,
          reason: 'manual_adjustment',
          memo: adj.reason,
          lines: [
            { accountId: wallet, amountFen: adj.amountFen, infoType: 'manual_adjustment' },
            { accountId: platform, amountFen: -adj.amountFen, infoType: 'manual_adjustment' },
          ],
        });
        entryId = posted.entryId;
      }
      const status = input.approve ? 1 : 2;
      await tx
        .update(ledgerAdjustments)
        .set({
          status,
          checkerId: op.operatorId,
          entryId,
          decisionReason: input.reason ?? null,
          decidedAt: sql`now()`,
        })
        .where(eq(ledgerAdjustments.id, adj.id));
      await audit(tx, op, {
        action: input.approve ? 'adjustment.approve' : 'adjustment.reject',
        targetType: 'ledger_adjustment',
        targetId: adj.id,
        before: { status: 0 },
        after: { status, entryId, reason: input.reason ?? null },
      });
      return { status, entryId };
    });
  } catch (err) {
    if (err instanceof InsufficientBalanceError)
      throw badRequest('钱包余额不足，无法扣减', 'amountFen', 'INSUFFICIENT_BALANCE');
    throw err;
  }
}
