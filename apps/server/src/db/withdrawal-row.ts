import type { Withdrawal } from '@pos/core';
import type { withdrawals } from './schema';

export const toWithdrawal = (r: typeof withdrawals.$inferSelect): Withdrawal => ({
  id: r.id,
  walletType: r.walletType,
  amountFen: r.amountFen,
  feeFen: r.feeFen,
  taxFen: r.taxFen,
  netFen: r.netFen,
  vatFen: r.vatFen,
  pitFen: r.pitFen,
  taxChannelName: r.taxChannelName,
  taxAt: r.taxAt,
  vatPpm: r.vatPpm,
  pitPpm: r.pitPpm,
  holderName: r.holderName,
  bankName: r.bankName,
  cardMasked: r.cardMasked,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** Money a withdrawal holds in the agent's frozen wallet: all of it, less taxes already taken. */
export const frozenFenOf = (w: { amountFen: number; taxFen: number; taxAt: string }) =>
  w.taxAt === 'request' ? w.amountFen - w.taxFen : w.amountFen;

/**
 * The lines that freeze a withdrawal (at request, and again when a failed payout is retried):
 * the amount leaves the wallet; taxed at payout, all of it is frozen; taxed at request, the
 * taxes go to the withdrawal clearing account at once and the rest is frozen. Reversing the
 * entry (rejection, failed payout) gives all of it back, taxes included.
 */
export function freezeLines(
  w: { amountFen: number; taxFen: number; taxAt: string },
  ids: { walletId: number; frozenId: number; clearingId: number },
) {
  return [
    { accountId: ids.walletId, amountFen: -w.amountFen, infoType: 'withdrawal' },
    { accountId: ids.frozenId, amountFen: frozenFenOf(w), infoType: 'withdrawal' },
    {
      accountId: ids.clearingId,
      amountFen: w.amountFen - frozenFenOf(w),
      infoType: 'withdrawal_tax',
    },
  ].filter((l) => l.amountFen !== 0);
}
