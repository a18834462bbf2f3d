import { PAY_PASSWORD_LENGTH, type PayPasswordStatus, type SetPayPasswordRequest } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, payPasswordGuards } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { markSmsCodeUsed, verifySmsCode } from '../sms/sms-codes';

/** Wrong pay passwords count like wrong logins: this many in a row lock payments for a while. */
export const MAX_PAY_PASSWORD_FAILURES = 5;
export const PAY_LOCK_MINUTES = 15;

const lockedMessage = (minutes: number) => `支付密码错误次数过多，已锁定，请${minutes}分钟后再试`;

/** Sets or resets the pay password with a payPwd SMS code sent to the agent's own mobile. */
export async function setPayPassword(
  db: Db,
  agentId: number,
  input: SetPayPasswordRequest,
  opts: { scryptCost: number },
): Promise<void> {
  if (input.payPassword.length !== PAY_PASSWORD_LENGTH)
    throw badRequest('支付密码须为6位数字', 'payPassword');
  const [agent] = await db
    .select({ mobile: agents.mobile })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) throw unauthorized();
  // Counted outside the transaction, so a wrong code's try is not rolled back.
  const codeId = await verifySmsCode(db, {
    mobile: agent.mobile,
    scene: 'payPwd',
    code: input.smsCode,
  });
  const hash = await hashPassword(input.payPassword, opts.scryptCost);
  await db.transaction(async (tx) => {
    await markSmsCodeUsed(tx, codeId);
    await tx
      .update(agents)
      .set({ payPasswordHash: hash, updatedAt: sql`now()` })
      .where(eq(agents.id, agentId));
    await tx
      .insert(payPasswordGuards)
      .values({ agentId, failed: 0, lockedUntil: null })
      .onConflictDoUpdate({
        target: payPasswordGuards.agentId,
        set: { failed: 0, lockedUntil: null, updatedAt: sql`now()` },
      });
  });
}

export async function getPayPasswordStatus(
  db: DbOrTx,
  agentId: number,
): Promise<PayPasswordStatus> {
  const [agent] = await db
    .select({ hash: agents.payPasswordHash })
    .from(agents)
    .where(eq(agents.id, agentId));
  const [guard] = await db
    .select()
    .from(payPasswordGuards)
    .where(eq(payPasswordGuards.agentId, agentId));
  const now = Date.now();
  const lockedMinutes =
    guard?.lockedUntil && guard.lockedUntil.getTime() > now
      ? Math.ceil((guard.lockedUntil.getTime() - now) / 60000)
      : 0;
  return { hasPayPassword: Boolean(agent?.hash), lockedMinutes };
}

/**
 * Checks a pay password before a payment. Every failure is counted at once (not inside the
 * payment's transaction); the fifth in a row locks payments for 15 minutes.
 */
export async function checkPayPassword(
  db: Db,
  agentId: number,
  payPassword: string,
): Promise<void> {
  const [agent] = await db
    .select({ hash: agents.payPasswordHash })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent?.hash) throw badRequest('请先设置支付密码', 'payPassword', 'PAY_PASSWORD_NOT_SET');
  const now = new Date();
  const [guard] = await db
    .select()
    .from(payPasswordGuards)
    .where(eq(payPasswordGuards.agentId, agentId));
  if (guard?.lockedUntil && guard.lockedUntil > now) {
    const minutes = Math.ceil((guard.lockedUntil.getTime() - now.getTime()) / 60000);
    throw badRequest(lockedMessage(minutes), 'payPassword', 'PAY_PASSWORD_LOCKED');
  }
  if (await verifyPassword(payPassword, agent.hash)) {
    if (guard && guard.failed > 0)
      await db
        .update(payPasswordGuards)
        .set({ failed: 0, updatedAt: sql`now()` })
        .where(eq(payPasswordGuards.agentId, agentId));
    return;
  }
  // One conditional upsert, so parallel wrong guesses all count.
  const [row] = await db
    .insert(payPasswordGuards)
    .values({ agentId, failed: 1 })
    .onConflictDoUpdate({
      target: payPasswordGuards.agentId,
      set: { failed: sql`${payPasswordGuards.failed} + 1`, updatedAt: sql`now()` },
    })
    .returning({ failed: payPasswordGuards.failed });
  const failed = row?.failed ?? 1;
  if (failed >= MAX_PAY_PASSWORD_FAILURES) {
    await db
      .update(payPasswordGuards)
      .set({ failed: 0, lockedUntil: new Date(now.getTime() + PAY_LOCK_MINUTES * 60000) })
      .where(eq(payPasswordGuards.agentId, agentId));
    throw badRequest(lockedMessage(PAY_LOCK_MINUTES), 'payPassword', 'PAY_PASSWORD_LOCKED');
  }
  throw badRequest(
    `支付密码错误，还可尝试${MAX_PAY_PASSWORD_FAILURES - failed}次`,
    'payPassword',
    'PAY_PASSWORD_WRONG',
  );
}
