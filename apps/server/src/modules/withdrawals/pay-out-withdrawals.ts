import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { settleAccounts, withdrawals } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { PLATFORM_ACCOUNTS, agentAccountId, platformAccountId } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import type { PayoutBank } from './payout-bank';
import { returnFrozen } from './review-withdrawal';

/**
 * Operator: pays approved withdrawals (one, or every approved one) through the payout bank.
 * Paid: the frozen amount leaves to the platform's withdrawal clearing account (net, fee and tax
 * on their own lines). Failed: the frozen money returns to the wallet. Each withdrawal is taken
 * with SKIP LOCKED, so two payout runs never pay the same one.
 */
export async function payOutWithdrawals(
  deps: { db: Db; bank: PayoutBank; cipher: Cipher },
  id?: number,
  /** Called inside each withdrawal's transaction with its outcome (the console audits it). */
  onEach?: (
    tx: Tx,
    id: number,
    outcome: { ok: boolean; ref?: string; reason?: string },
  ) => Promise<void>,
): Promise<{ paid: number; failed: number }> {
  const { db } = deps;
  const where =
    id === undefined
      ? eq(withdrawals.status, 1)
      : and(eq(withdrawals.status, 1), eq(withdrawals.id, id));
  const ids = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(where)
    .orderBy(asc(withdrawals.id))
    .limit(500);
  let paid = 0;
  let failed = 0;
  for (const { id: wid } of ids) {
    await db.transaction(async (tx) => {
      const [w] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, wid), eq(withdrawals.status, 1)))
        .for('update', { skipLocked: true });
      if (!w) return;
      const [acct] = await tx
        .select()
        .from(settleAccounts)
        .where(eq(settleAccounts.id, w.accountId));
      const result = await deps.bank.pay({
        withdrawalId: w.id,
        netFen: w.netFen,
        holderName: w.holderName,
        cardNo: acct ? deps.cipher.decrypt(acct.cardEnc) : '',
      });
      if (result.ok) {
        const frozenId = await agentAccountId(tx, w.agentId, 'frozen');
        const clearing = await platformAccountId(tx, PLATFORM_ACCOUNTS.withdrawalClearing);
        const lines = [
          { accountId: frozenId, amountFen: -w.amountFen, infoType: 'withdrawal' },
          { accountId: clearing, amountFen: w.netFen, infoType: 'withdrawal' },
          { accountId: clearing, amountFen: w.feeFen, infoType: 'withdrawal_fee' },
          { accountId: clearing, amountFen: w.taxFen, infoType: 'withdrawal_tax' },
        ].filter((l) => l.amountFen !== 0);
        const posted = await postEntry(tx, {
          idemKey: `withdraw-paid:${w.id}`,
          reason: 'withdrawal',
          lines,
        });
        await tx
          .update(withdrawals)
          .set({
            status: 2,
            settleEntryId: posted.entryId,
            payoutRef: result.ref,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(withdrawals.id, w.id));
        await onEach?.(tx, w.id, { ok: true, ref: result.ref });
        paid += 1;
      } else {
        await returnFrozen(tx, w);
        await tx
          .update(withdrawals)
          .set({ status: 4, reason: result.reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(withdrawals.id, w.id));
        await onEach?.(tx, w.id, { ok: false, reason: result.reason });
        failed += 1;
      }
    });
  }
  return { paid, failed };
}
