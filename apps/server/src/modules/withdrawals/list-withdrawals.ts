import type { Withdrawal, WithdrawPage } from '@pos/core';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { toWithdrawal } from '../../db/withdrawal-row';

/** The caller's own rows, in its tree (the shard key, decision 020). */
const own = (caller: Caller): SQL[] => [
  eq(withdrawals.agentId, caller.agentId),
  ...(caller.topId === null ? [] : [eq(withdrawals.topId, caller.topId)]),
];

/** The caller's own withdrawals newest first (operators: everyone's), keyset pages by id. */
export async function listWithdrawals(
  db: DbOrTx,
  caller: Caller,
  q: { status?: number; cursor?: string; pageSize: number },
): Promise<WithdrawPage> {
  const where: SQL[] = [];
  if (caller.role !== 'operator') where.push(...own(caller));
  if (q.status !== undefined) where.push(eq(withdrawals.status, q.status));
  if (q.cursor) where.push(lt(withdrawals.id, Number(q.cursor)));
  const found = await db
    .select()
    .from(withdrawals)
    .where(and(...where))
    .orderBy(desc(withdrawals.id))
    .limit(q.pageSize + 1);
  const page = found.slice(0, q.pageSize);
  return {
    rows: page.map(toWithdrawal),
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}

/** One withdrawal of the caller's own; anyone else's (a child's included) answers as missing. */
export async function getWithdrawal(db: DbOrTx, caller: Caller, id: number): Promise<Withdrawal> {
  const where = [eq(withdrawals.id, id)];
  if (caller.role !== 'operator') where.push(...own(caller));
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(...where));
  if (!row) throw notFound();
  return toWithdrawal(row);
}
