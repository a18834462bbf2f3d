import {
  hasPermission,
  type AdminWithdrawal,
  type AdminWithdrawalQuery,
  type BatchResult,
} from '@pos/core';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, settleAccounts, withdrawals } from '../../db/schema';
import { orNull, selectOne } from '../../db/typed';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Cipher } from '../../lib/crypto';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { PLATFORM_ACCOUNTS, agentAccountId, platformAccountId } from '../../db/ledger-accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { payOutWithdrawals, type PayoutOutcome } from '../withdrawals/pay-out-withdrawals';
import type { PayoutBank } from '../../providers/payout/payout-bank';
import { returnFrozen } from '../withdrawals/review-withdrawal';
import { notifyWithdrawal } from '../message/send-product-events';
import { freezeLines } from '../../db/withdrawal-row';
import { audit } from '../../db/audit';

const w = alias(withdrawals, 'w');
const a = alias(agents, 'a');
const s = alias(settleAccounts, 's');

/** The review queue: every withdrawal, filtered by status and agent (name, mobile or id). */
export function withdrawalList(q: AdminWithdrawalQuery): KeysetSpec<AdminWithdrawal> {
  const kw = q.keyword?.trim();
  return typedKeyset({
    shape: {
      id: w.id,
      agentId: w.agentId,
      agentName: a.name,
      agentMobile: a.mobile,
      walletType: w.walletType,
      amountFen: w.amountFen,
      feeFen: w.feeFen,
      taxFen: w.taxFen,
      netFen: w.netFen,
      vatFen: w.vatFen,
      pitFen: w.pitFen,
      taxChannelName: w.taxChannelName,
      taxAt: w.taxAt,
      holderName: w.holderName,
      bankName: w.bankName,
      cardMasked: w.cardMasked,
      idCardMasked: a.idCardMasked,
      status: w.status,
      reason: w.reason,
      payoutRef: w.payoutRef,
      createdAt: w.createdAt,
      reviewedAt: w.reviewedAt,
      finishedAt: w.finishedAt,
    },
    from: sql`FROM withdrawals w JOIN agents a ON ${a.id} = ${w.agentId}`,
    where: [
      q.status !== undefined && sql`w.status = ${q.status}`,
      kw
        ? /^\d+$/.test(kw) && kw.length < 11
          ? sql`w.agent_id = ${Number(kw)}`
          : sql`(a.mobile = ${kw} OR a.name LIKE ${`%${kw}%`})`
        : undefined,
    ],
    sorts: {
      id: { expr: sql`w.id`, type: 'bigint' },
      amountFen: { expr: sql`w.amount_fen`, type: 'bigint' },
    },
    defaultSort: 'id',
    id: sql`w.id`,
    map: (r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
    }),
  });
}

const snapshot = (w: typeof withdrawals.$inferSelect) => ({
  status: w.status,
  amountFen: w.amountFen,
  reason: w.reason,
  payoutRef: w.payoutRef,
});

/**
 * Approves or rejects pending withdrawals one by one, each in its own transaction with its audit
 * record; one already handled by someone else is reported, not fatal to the rest.
 */
export async function reviewWithdrawals(
  db: Db,
  op: OperatorCaller,
  input: { ids: number[]; approve: boolean; reason?: string },
): Promise<BatchResult> {
  const result: BatchResult = { done: [], failed: [] };
  for (const id of [...new Set(input.ids)]) {
    try {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, id))
          .for('update');
        if (!before) throw notFound('提现不存在');
        if (before.status !== 0) throw badRequest('该提现已处理', 'ids');
        const [after] = await tx
          .update(withdrawals)
          .set(
            input.approve
              ? {
                  status: 1,
                  reviewedAt: sql`now()`,
                  reviewedBy: op.operatorId,
                  updatedAt: sql`now()`,
                }
              : {
                  status: 3,
                  reason: input.reason,
                  reviewedAt: sql`now()`,
                  finishedAt: sql`now()`,
                  reviewedBy: op.operatorId,
                  updatedAt: sql`now()`,
                },
          )
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 0)))
          .returning();
        if (!input.approve) await returnFrozen(tx, after!);
        await notifyWithdrawal(tx, after!, input.approve ? 'approved' : 'rejected');
        await audit(tx, op, {
          action: input.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
      });
      result.done.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, msg: err.message });
    }
  }
  return result;
}

/** Pays approved withdrawals through the payout adapter; each outcome is audited with it. */
export async function payWithdrawals(
  deps: { db: Db; bank: PayoutBank; cipher: Cipher },
  op: OperatorCaller,
  ids: number[],
): Promise<BatchResult> {
  const result: BatchResult = { done: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    const [w] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!w) {
      result.failed.push({ id, msg: '提现不存在' });
      continue;
    }
    if (w.status !== 1) {
      result.failed.push({ id, msg: '只有已审核的提现可以打款' });
      continue;
    }
    let outcome: PayoutOutcome | null = null;
    await payOutWithdrawals(deps, id, async (tx, wid, o) => {
      outcome = o;
      await audit(tx, op, {
        action: o.ok
          ? 'withdrawal.pay'
          : o.pending
            ? 'withdrawal.pay_pending'
            : 'withdrawal.pay_failed',
        targetType: 'withdrawal',
        targetId: wid,
        before: { status: 1 },
        after: o.ok
          ? { status: 2, payoutRef: o.ref }
          : o.pending
            ? { status: 1, payoutRef: o.ref, reason: o.reason }
            : { status: 4, reason: o.reason },
      });
    });
    const o = outcome as PayoutOutcome | null;
    if (o?.ok) result.done.push(id);
    else result.failed.push({ id, msg: o?.reason ?? '该提现正在打款' });
  }
  return result;
}

/**
 * A failed payout (its money back in the wallet) goes round again: the amount is frozen anew
 * and the withdrawal returns to approved, ready to pay. Refused if the wallet no longer holds it.
 */
export async function retryWithdrawals(
  db: Db,
  op: OperatorCaller,
  ids: number[],
): Promise<BatchResult> {
  const result: BatchResult = { done: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await db.transaction(async (tx) => {
        const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
        if (!w) throw notFound('提现不存在');
        if (w.status !== 4) throw badRequest('只有打款失败的提现可以重试', 'ids');
        const walletId = await agentAccountId(tx, w.agentId, w.walletType as 'profit');
        const frozenId = await agentAccountId(tx, w.agentId, 'frozen');
        const clearingId = await platformAccountId(tx, PLATFORM_ACCOUNTS.withdrawalClearing);
        const posted = await postEntry(tx, {
          idemKey: `withdraw-retry:${w.id}:${w.freezeEntryId}`,
          reason: 'withdrawal',
          memo: `提现重试 ${w.cardMasked}`,
          // The parts and channel frozen at request, whatever the channel says today.
          lines: freezeLines(w, { walletId, frozenId, clearingId }),
        });
        await tx
          .update(withdrawals)
          .set({
            status: 1,
            freezeEntryId: posted.entryId,
            reason: null,
            finishedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(withdrawals.id, id));
        await audit(tx, op, {
          action: 'withdrawal.retry',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: 4, reason: w.reason },
          after: { status: 1 },
        });
      });
      result.done.push(id);
    } catch (err) {
      if (err instanceof InsufficientBalanceError) {
        result.failed.push({ id, msg: '钱包余额不足，无法重新冻结' });
        continue;
      }
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, msg: err.message });
    }
  }
  return result;
}

/**
 * The unmasked bank card or ID number of a withdrawal's agent, for roles allowed to see it; the
 * reveal itself is audited (who saw what, when, from where).
 */
export async function revealWithdrawal(
  db: Db,
  cipher: Cipher,
  op: OperatorCaller,
  input: { id: number; what: 'card' | 'idCard' },
): Promise<{ value: string }> {
  if (!hasPermission(op.role, 'pii:reveal'))
    throw new AppError('FORBIDDEN', '没有权限查看完整信息');
  const r = await selectOne(
    db,
    { cardEnc: orNull(s.cardEnc), idCardEnc: a.idCardEnc },
    sql`FROM withdrawals w
          JOIN agents a ON ${a.id} = ${w.agentId}
          LEFT JOIN settle_accounts s ON ${s.id} = ${w.accountId}
         WHERE ${w.id} = ${input.id}`,
  );
  if (!r) throw notFound('提现不存在');
  const enc = input.what === 'card' ? r.cardEnc : r.idCardEnc;
  if (!enc) throw badRequest('没有可查看的信息', 'what');
  const value = cipher.decrypt(enc);
  await db.transaction(async (tx) => {
    await audit(tx, op, {
      action: 'pii.reveal',
      targetType: 'withdrawal',
      targetId: input.id,
      after: { what: input.what },
    });
  });
  return { value };
}
