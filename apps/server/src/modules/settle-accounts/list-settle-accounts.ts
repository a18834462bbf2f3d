import type { SettleAccountList } from '@pos/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settleAccounts } from '../../db/schema';
import { toSettleAccount } from './settle-account-row';

/** The caller's own card and other accounts (masked). */
export async function listSettleAccounts(db: DbOrTx, agentId: number): Promise<SettleAccountList> {
  const found = await db
    .select()
    .from(settleAccounts)
    .where(and(eq(settleAccounts.agentId, agentId), isNull(settleAccounts.deletedAt)))
    .orderBy(asc(settleAccounts.id));
  const own = found.find((r) => r.kind === 'own');
  return {
    own: own ? toSettleAccount(own) : null,
    others: found.filter((r) => r.kind === 'other').map(toSettleAccount),
  };
}
