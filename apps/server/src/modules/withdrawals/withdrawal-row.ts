import type { Withdrawal } from '@pos/core';
import type { withdrawals } from '../../db/schema';

export const toWithdrawal = (r: typeof withdrawals.$inferSelect): Withdrawal => ({
  id: r.id,
  walletType: r.walletType,
  amountFen: r.amountFen,
  feeFen: r.feeFen,
  taxFen: r.taxFen,
  netFen: r.netFen,
  holderName: r.holderName,
  bankName: r.bankName,
  cardMasked: r.cardMasked,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});
