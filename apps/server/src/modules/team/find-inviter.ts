import { maskName, type InviterInfo } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { hitLimits } from '../../lib/rate-limit';

/**
 * Who invites the holder of a code, for the page an invitation link opens. Anyone may ask, so
 * the answer is only the masked name, and asking is limited per address against guessing codes.
 * An unknown code, an operator's or a stopped agent's answers the same message registration gives.
 */
export async function findInviter(
  db: DbOrTx,
  inviteCode: string,
  ip: string,
): Promise<InviterInfo> {
  await hitLimits(db, [
    { key: `invite:ip:${ip}`, max: 60, windowMs: 60_000, msg: '请求过于频繁，请稍后再试' },
  ]);
  const [row] = await db
    .select({ name: agents.name, inviteCode: agents.inviteCode })
    .from(agents)
    .where(and(eq(agents.inviteCode, inviteCode), eq(agents.role, 'agent'), eq(agents.status, 0)))
    .limit(1);
  if (!row) throw badRequest('邀请码不存在', 'inviteCode');
  return { inviteCode: row.inviteCode, name: maskName(row.name) };
}
