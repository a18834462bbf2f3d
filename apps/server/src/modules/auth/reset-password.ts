import type { ResetPasswordRequest } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import { markSmsCodeUsed, verifySmsCode } from '../../db/sms-codes';
import { endAllSessions } from '../../db/sessions';

/**
 * Sets a new password for whoever proves the mobile with a 'resetPwd' code, and ends every
 * session and remembered login, since whoever knew the old password may be the reason for this.
 */
export async function resetPassword(
  db: Db,
  input: ResetPasswordRequest,
  opts: { scryptCost: number },
): Promise<void> {
  const codeId = await verifySmsCode(db, {
    mobile: input.mobile,
    scene: 'resetPwd',
    code: input.smsCode,
  });
  const [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.mobile, input.mobile))
    .limit(1);
  // Sending a resetPwd code already refused unknown mobiles, so this only happens if the account
  // went away in between; the code's message is enough.
  if (!agent) throw badRequest('验证码错误', 'smsCode');

  const passwordHash = await hashPassword(input.password, opts.scryptCost);
  await db.transaction(async (tx) => {
    await markSmsCodeUsed(tx, codeId);
    // Owning the mobile is the proof a locked-out agent needs, so a reset also lifts the lock.
    await tx
      .update(agents)
      .set({
        passwordHash,
        mustChangePassword: false,
        failedLogins: 0,
        lockedUntil: null,
        credentialsChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(agents.id, agent.id));
    await endAllSessions(tx, agent.id);
  });
}
