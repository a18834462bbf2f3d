import type { Withdrawal } from '@pos/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { reverseEntry } from '../ledger/post-entry';
import { notifyWithdrawal } from '../message/send-product-events';
import { toWithdrawal } from '../../db/withdrawal-row';

async function current(db: DbOrTx, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Returns a withdrawal's frozen money to its wallet (rejection or failed payout). The key names
 * the freezing entry, since a failed payout retried from the console freezes the money anew.
 */
export async function returnFrozen(tx: DbOrTx, w: { id: number; freezeEntryId: number }) {
  await reverseEntry(tx, w.freezeEntryId, {
    idemKey: `withdraw-return:${w.id}:${w.freezeEntryId}`,
    reason: 'withdrawal_returned',
    infoType: 'withdrawal_returned',
  });
}

/** Operator: approves a pending withdrawal (0 -> 1). Nothing moves until the payout. */
export async function approveWithdrawal(db: Db, operator: Caller, id: number): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: 1,
        reviewedAt: sql`now()`,
        reviewedBy: operator.agentId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 0)))
      .returning();
    if (!row) {
      await current(tx, id);
      throw conflict('该提现已处理');
    }
    await notifyWithdrawal(tx, row, 'approved');
    return toWithdrawal(row);
  });
}

/** Operator: rejects a pending withdrawal (0 -> 3); the frozen money goes back to the wallet. */
export async function rejectWithdrawal(
  db: Db,
  operator: Caller,
  input: { id: number; reason: string },
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: 3,
        reason: input.reason,
        reviewedAt: sql`now()`,
        finishedAt: sql`now()`,
        reviewedBy: operator.agentId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0)))
      .returning();
    if (!row) {
      await current(tx, input.id);
      throw conflict('该提现已处理');
    }
    await returnFrozen(tx, row);
    await notifyWithdrawal(tx, row, 'rejected');
    return toWithdrawal(row);
  });
}
