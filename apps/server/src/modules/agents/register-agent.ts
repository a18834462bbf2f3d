import type { RegisterRequest, RegisterResponse } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import { hitLimits } from '../../lib/rate-limit';
import { markSmsCodeUsed, verifySmsCode } from '../../db/sms-codes';
import { createAgent } from './create-agent';

export const REGISTER_PER_ADDRESS_PER_HOUR = 20;
export const REGISTER_PER_MOBILE_PER_HOUR = 10;
const TOO_OFTEN = '注册尝试过于频繁，请稍后再试';

/**
 * Registers an agent through its parent's invitation code, proven by an SMS code to the mobile.
 * The new agent sits under the inviter with no policy until the parent opens one.
 *
 * Tries are limited per address and per mobile, and the SMS code is checked before anything is
 * said about the mobile: a registered mobile never gets a register code, so asking here answers
 * the code's error, not whether the mobile is registered.
 */
export async function registerAgent(
  db: Db,
  input: RegisterRequest,
  opts: { scryptCost: number; ip: string },
): Promise<RegisterResponse> {
  await hitLimits(db, [
    {
      key: `register:ip:${opts.ip}`,
      max: REGISTER_PER_ADDRESS_PER_HOUR,
      windowMs: 3600 * 1000,
      msg: TOO_OFTEN,
    },
    {
      key: `register:mobile:${input.mobile}`,
      max: REGISTER_PER_MOBILE_PER_HOUR,
      windowMs: 3600 * 1000,
      msg: TOO_OFTEN,
    },
  ]);

  // Only a working agent can take members: operators stand outside the trees, and a stopped
  // account's code answers like an unknown one rather than saying why.
  const [inviter] = await db
    .select()
    .from(agents)
    .where(
      and(eq(agents.inviteCode, input.inviteCode), eq(agents.role, 'agent'), eq(agents.status, 0)),
    )
    .limit(1);
  if (!inviter) throw badRequest('邀请码不存在', 'inviteCode');

  const codeId = await verifySmsCode(db, {
    mobile: input.mobile,
    scene: 'register',
    code: input.smsCode,
  });
  // Only whoever holds the phone gets here: a code can have been sent before the mobile was
  // registered by someone else meanwhile.
  const [taken] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.mobile, input.mobile))
    .limit(1);
  if (taken) throw conflict('该手机号已注册', 'mobile');

  const passwordHash = await hashPassword(input.password, opts.scryptCost);
  try {
    const agent = await db.transaction(async (tx) => {
      await markSmsCodeUsed(tx, codeId);
      return createAgent(tx, {
        mobile: input.mobile,
        passwordHash,
        name: input.name ?? `代理${input.mobile.slice(-4)}`,
        parent: inviter,
      });
    });
    return { id: agent.id };
  } catch (err) {
    // Two registrations of one mobile at the same moment: the unique index decides the loser.
    if (isUniqueViolation(err)) throw conflict('该手机号已注册', 'mobile');
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
