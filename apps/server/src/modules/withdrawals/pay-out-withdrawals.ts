import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { settleAccounts, withdrawals } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { PLATFORM_ACCOUNTS, agentAccountId, platformAccountId } from '../../db/ledger-accounts';
import { postEntry } from '../ledger/post-entry';
import { notifyWithdrawal } from '../message/send-product-events';
import type { PayoutBank, PayoutRequest, PayoutResult } from '../../providers/payout/payout-bank';
import { returnFrozen } from './review-withdrawal';
import { frozenFenOf } from '../../db/withdrawal-row';

/** What a payout run reports of one withdrawal (the console audits it). */
export interface PayoutOutcome {
  ok: boolean;
  /**
   * Still approved: sent with its outcome not final yet (ref set; asked about again), or not
   * sent at all (the reason says why).
   */
  pending?: boolean;
  ref?: string;
  reason?: string;
}

/**
 * Operator: pays approved withdrawals (one, or every approved one) through the payout adapter.
 * Paid: the frozen amount leaves to the platform's withdrawal clearing account (net, fee and tax
 * on their own lines). Failed: the frozen money returns to the wallet. Pending (a transfer the
 * provider has not finished): the withdrawal stays approved with the provider's reference, and
 * the next run (the payout-status job, or the operator) asks for its outcome instead of sending
 * it again. Refused (not sent): it stays approved. Each withdrawal is taken with SKIP LOCKED, so
 * two payout runs never pay the same one.
 */
export async function payOutWithdrawals(
  deps: { db: Db; bank: PayoutBank; cipher: Cipher },
  id?: number,
  /** Called inside each withdrawal's transaction with its outcome (the console audits it). */
  onEach?: (tx: Tx, id: number, outcome: PayoutOutcome) => Promise<void>,
  /** Only the withdrawals already sent whose outcome is not final (the payout-status job). */
  opts: { inFlightOnly?: boolean } = {},
): Promise<{ paid: number; failed: number; pending: number }> {
  const { db } = deps;
  const where = and(
    eq(withdrawals.status, 1),
    id === undefined ? undefined : eq(withdrawals.id, id),
    opts.inFlightOnly ? isNotNull(withdrawals.payoutRef) : undefined,
  );
  const ids = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(where)
    .orderBy(asc(withdrawals.id))
    .limit(500);
  let paid = 0;
  let failed = 0;
  let pending = 0;
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
      const request: PayoutRequest = {
        withdrawalId: w.id,
        payoutNo: `W${w.id}F${w.freezeEntryId}`,
        netFen: w.netFen,
        holderName: w.holderName,
        accountType: acct?.accountType ?? 'bank',
        account: acct ? deps.cipher.decrypt(acct.cardEnc) : '',
      };
      let result: PayoutResult | { state: 'unsent' } =
        w.payoutRef !== null && deps.bank.status
          ? await deps.bank.status(request)
          : { state: 'unsent' };
      if (result.state === 'unsent') result = await deps.bank.pay(request);
      if (result.state === 'paid') {
        const frozenId = await agentAccountId(tx, w.agentId, 'frozen');
        const clearing = await platformAccountId(tx, PLATFORM_ACCOUNTS.withdrawalClearing);
        // Taxed at request, the taxes left with the freezing entry; otherwise they leave now.
        const lines = [
          { accountId: frozenId, amountFen: -frozenFenOf(w), infoType: 'withdrawal' },
          { accountId: clearing, amountFen: w.netFen, infoType: 'withdrawal' },
          { accountId: clearing, amountFen: w.feeFen, infoType: 'withdrawal_fee' },
          {
            accountId: clearing,
            amountFen: frozenFenOf(w) - w.netFen - w.feeFen,
            infoType: 'withdrawal_tax',
          },
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
            reason: null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(withdrawals.id, w.id));
        await notifyWithdrawal(tx, w, 'paid');
        await onEach?.(tx, w.id, { ok: true, ref: result.ref });
        paid += 1;
      } else if (result.state === 'failed') {
        await returnFrozen(tx, w);
        await tx
          .update(withdrawals)
          .set({
            status: 4,
            reason: result.reason,
            payoutRef: null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(withdrawals.id, w.id));
        await notifyWithdrawal(tx, { ...w, reason: result.reason }, 'failed');
        await onEach?.(tx, w.id, { ok: false, reason: result.reason });
        failed += 1;
      } else {
        // Pending keeps the provider's reference (the mark of a payout in flight); refused
        // leaves whatever was there. Either way the money stays frozen and nothing is posted.
        await tx
          .update(withdrawals)
          .set({
            reason: result.reason,
            ...(result.state === 'pending' ? { payoutRef: result.ref } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(withdrawals.id, w.id));
        await onEach?.(tx, w.id, {
          ok: false,
          pending: true,
          ...(result.state === 'pending' ? { ref: result.ref } : {}),
          reason: result.reason,
        });
        pending += 1;
      }
    });
  }
  return { paid, failed, pending };
}
