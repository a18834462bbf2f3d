import { PAY_PASSWORD_LENGTH, type PayPasswordStatus, type SetPayPasswordRequest } from '@pos/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { agents, payPasswordGuards } from './schema';
import { badRequest, unauthorized } from '../lib/app-error';
import { checkGuarded, clockTime, inLine, minutesUntil, type TryGuard } from '../lib/attempts';
import { hashPassword, verifyPassword } from '../lib/crypto';
import { markSmsCodeUsed, verifySmsCode } from './sms-codes';

/** Wrong pay passwords count like wrong logins: this many in a row lock payments for a while. */
export const MAX_PAY_PASSWORD_FAILURES = 5;
export const PAY_LOCK_MINUTES = 15;

const lockedMessage = (until: Date) =>
  `支付密码错误次数过多，已锁定，请${minutesUntil(until)}分钟后再试（${clockTime(until)}解锁）`;

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

/**
 * Whether a pay password is set and how long payments stay locked. Given the caller's tree
 * (top_id, decision 020), the agent and its guard are read there in one statement (the guard
 * joined to the agent row); without one (an operator) by the agent's id alone.
 */
export async function getPayPasswordStatus(
  db: DbOrTx,
  agentId: number,
  topId?: number | null,
): Promise<PayPasswordStatus> {
  let hash: string | null | undefined;
  let lockedUntil: Date | null | undefined;
  if (topId === null || topId === undefined) {
    const [agent] = await db
      .select({ hash: agents.payPasswordHash })
      .from(agents)
      .where(eq(agents.id, agentId));
    const [guard] = await db
      .select()
      .from(payPasswordGuards)
      .where(eq(payPasswordGuards.agentId, agentId));
    hash = agent?.hash;
    lockedUntil = guard?.lockedUntil;
  } else {
    const [row] = await db
      .select({ hash: agents.payPasswordHash, lockedUntil: payPasswordGuards.lockedUntil })
      .from(agents)
      .leftJoin(payPasswordGuards, eq(payPasswordGuards.agentId, agents.id))
      .where(and(eq(agents.id, agentId), eq(agents.topId, topId)));
    hash = row?.hash;
    lockedUntil = row?.lockedUntil;
  }
  const locked = lockedUntil && lockedUntil.getTime() > Date.now();
  return {
    hasPayPassword: Boolean(hash),
    lockedMinutes: locked ? minutesUntil(lockedUntil!) : 0,
    lockedUntil: locked ? lockedUntil!.toISOString() : null,
  };
}

const PAY_GUARD: TryGuard = {
  table: 'pay_password_guards',
  keyColumn: 'agent_id',
  failedColumn: 'failed',
  lockedColumn: 'locked_until',
  maxTries: MAX_PAY_PASSWORD_FAILURES,
  lockMinutes: PAY_LOCK_MINUTES,
};

const locked = (until: Date) =>
  badRequest(lockedMessage(until), 'payPassword', 'PAY_PASSWORD_LOCKED');

/**
 * Checks a pay password before a payment (withdrawal, transfer to the capital pool, mall
 * payments), serialised per agent (lib/attempts): at most five wrong passwords are compared in a
 * window however many arrive at once, a right one is never refused because of other right ones,
 * and every one is refused while payments are locked. `then` runs in line after a right password,
 * so a request repeated with its idempotency key (`replay` finds the first answer) is answered
 * with the first result without its password being compared again.
 */
export async function withPayPassword<T>(
  db: Db,
  agentId: number,
  payPassword: string,
  then: () => Promise<T>,
  replay?: () => Promise<T | null>,
): Promise<T> {
  const [agent] = await db
    .select({ hash: agents.payPasswordHash })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent?.hash) throw badRequest('请先设置支付密码', 'payPassword', 'PAY_PASSWORD_NOT_SET');
  await db.insert(payPasswordGuards).values({ agentId, failed: 0 }).onConflictDoNothing();
  return inLine(`pay:${agentId}`, async () => {
    const earlier = await replay?.();
    if (earlier != null) return earlier;
    const check = await checkGuarded(db, PAY_GUARD, agentId, () =>
      verifyPassword(payPassword, agent.hash!),
    );
    if (check.ok) return then();
    if (check.locked || check.lockedUntil) throw locked(check.lockedUntil!);
    throw badRequest(`支付密码错误，还可尝试${check.left}次`, 'payPassword', 'PAY_PASSWORD_WRONG');
  });
}

/** Checks a pay password for a payment that follows at once (see withPayPassword). */
export const checkPayPassword = (db: Db, agentId: number, payPassword: string) =>
  withPayPassword(db, agentId, payPassword, async () => undefined);
