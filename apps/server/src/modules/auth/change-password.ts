import { forgetSessions } from '../../plugins/session-cache';
import { validators, type ChangePasswordRequest } from '@pos/core';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, rememberTokens, sessions } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import type { Caller } from '../../plugins/auth';

/**
 * Replaces the caller's password after checking the old one (the schema already refused a new
 * one equal to the old, or one the password rules refuse; the rule about the mobile is checked
 * here, against the caller's). Every other session and every remembered login ends, and with the
 * credentials every merchant scan token; the session making the change stays open so the agent
 * is not thrown out mid-task.
 */
export async function changePassword(
  db: Db,
  caller: Pick<Caller, 'agentId' | 'sessionId'>,
  input: ChangePasswordRequest,
  opts: { scryptCost: number },
): Promise<void> {
  const [agent] = await db
    .select({ passwordHash: agents.passwordHash, mobile: agents.mobile })
    .from(agents)
    .where(eq(agents.id, caller.agentId))
    .limit(1);
  if (!agent) throw unauthorized();
  const rule = validators.newPassword(input.newPassword, agent.mobile);
  if (rule) throw badRequest(rule, 'newPassword');
  if (!(await verifyPassword(input.oldPassword, agent.passwordHash))) {
    throw badRequest('原密码错误', 'oldPassword', 'WRONG_PASSWORD');
  }

  const passwordHash = await hashPassword(input.newPassword, opts.scryptCost);
  await db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({
        passwordHash,
        mustChangePassword: false,
        credentialsChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(agents.id, caller.agentId));
    const now = new Date();
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.agentId, caller.agentId),
          ne(sessions.id, caller.sessionId),
          isNull(sessions.revokedAt),
        ),
      );
    await tx
      .update(rememberTokens)
      .set({ revokedAt: now })
      .where(and(eq(rememberTokens.agentId, caller.agentId), isNull(rememberTokens.revokedAt)));
  });
  forgetSessions({ agentId: caller.agentId });
}
