import type { SettleAccountList } from '@pos/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settleAccounts } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { toSettleAccount } from './settle-account-row';

/** The caller's own card and other accounts (masked), read in the caller's tree (decision 020). */
export async function listSettleAccounts(
  db: DbOrTx,
  caller: Pick<Caller, 'agentId' | 'topId'>,
): Promise<SettleAccountList> {
  const found = await db
    .select()
    .from(settleAccounts)
    .where(
      and(
        eq(settleAccounts.agentId, caller.agentId),
        caller.topId === null ? undefined : eq(settleAccounts.topId, caller.topId),
        isNull(settleAccounts.deletedAt),
      ),
    )
    .orderBy(asc(settleAccounts.id));
  const own = found.find((r) => r.kind === 'own');
  return {
    own: own ? toSettleAccount(own) : null,
    others: found.filter((r) => r.kind === 'other').map(toSettleAccount),
  };
}
