import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settleAccounts } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/** Removes one of the caller's other accounts; anyone else's answers as missing. */
export async function delOtherAccount(db: Db, agentId: number, id: number): Promise<void> {
  const [gone] = await db
    .update(settleAccounts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(settleAccounts.id, id),
        eq(settleAccounts.agentId, agentId),
        eq(settleAccounts.kind, 'other'),
        isNull(settleAccounts.deletedAt),
      ),
    )
    .returning({ id: settleAccounts.id });
  if (!gone) throw notFound();
}
