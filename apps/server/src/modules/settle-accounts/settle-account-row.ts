import { maskPhone, type SettleAccount } from '@pos/core';
import type { settleAccounts } from '../../db/schema';

export const toSettleAccount = (r: typeof settleAccounts.$inferSelect): SettleAccount => ({
  id: r.id,
  kind: r.kind,
  accountType: r.accountType,
  holderName: r.holderName,
  bankName: r.bankName,
  cardMasked: r.cardMasked,
  mobileMasked: r.mobile ? maskPhone(r.mobile) : null,
  createdAt: r.createdAt.toISOString(),
});
