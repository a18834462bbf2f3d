import type { InvitationInfo } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { levelName, loadLevels } from './levels';

/** The caller's own invitation: its code (the web app builds the link and QR code from it). */
export async function getInvitation(db: DbOrTx, caller: Caller): Promise<InvitationInfo> {
  // Operators stand outside the trees: nobody registers under them.
  const [self] = await db
    .select({ inviteCode: agents.inviteCode, name: agents.name, level: agents.level })
    .from(agents)
    .where(
      and(
        eq(agents.id, caller.agentId),
        // In the caller's tree (decision 020).
        caller.topId === null ? undefined : eq(agents.topId, caller.topId),
        eq(agents.role, 'agent'),
      ),
    )
    .limit(1);
  if (!self) throw notFound();
  const levels = await loadLevels(db);
  return { inviteCode: self.inviteCode, name: self.name, levelName: levelName(levels, self.level) };
}
