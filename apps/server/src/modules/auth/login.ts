import type { LoginRequest } from '@pos/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agents, rememberTokens, unknownLoginGuards } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { checkGuarded, clockTime, minutesUntil, type TryGuard } from '../../lib/attempts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { hitLimits } from '../../lib/rate-limit';
import { consumeCaptcha } from './captcha';
import { openSession } from '../../db/sessions';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
export const LOGIN_IP_WINDOW_MS = 10 * 60 * 1000;
const REMEMBER_DAYS = 30;
const WRONG_CREDENTIALS = '账号或密码错误';

const LOGIN_GUARD: TryGuard = {
  table: 'agents',
  keyColumn: 'id',
  failedColumn: 'failed_logins',
  lockedColumn: 'locked_until',
  maxTries: MAX_FAILED_LOGINS,
  lockMinutes: LOCK_MINUTES,
};

/** The same count and lock for a mobile no account has, so the lock says nothing either. */
const UNKNOWN_GUARD: TryGuard = {
  ...LOGIN_GUARD,
  table: 'unknown_login_guards',
  keyColumn: 'mobile',
};

/**
 * A hash of a secret nobody knows, at the configured cost: a password tried on a mobile no
 * account has is checked against it, so that answer takes as long as one for a real account.
 */
const dummyHashes = new Map<number, Promise<string>>();
export function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomToken(24), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** Makes the dummy hash ahead of the first login, so that login is not the slower one. */
export const prepareLogin = (cost: number) => dummyHash(cost).then(() => undefined);

export interface LoginResult {
  token: string;
  passwordCheck: boolean;
  rememberToken?: string;
  mustChangePassword: boolean;
}

/**
 * Signs an agent in with a password or a remembered-login credential. Failures count against the
 * account (locked for a while after too many) and against the address. Whether the mobile is
 * registered shows nowhere: a mobile without an account is counted and locked the same way, its
 * password is checked against a dummy hash of the same cost, and every wrong answer is the same
 * words, without the tries left.
 */
export async function login(
  app: FastifyInstance,
  input: LoginRequest,
  ip: string,
): Promise<LoginResult> {
  const { db } = app;
  await hitLimits(db, [
    {
      key: `login:ip:${ip}`,
      max: app.config.loginIpMax,
      windowMs: LOGIN_IP_WINDOW_MS,
      msg: '登录尝试过于频繁，请稍后再试',
    },
  ]);
  if (app.config.captchaEnabled) await consumeCaptcha(db, input.uuid, input.code);

  const [agent] = await db.select().from(agents).where(eq(agents.mobile, input.username)).limit(1);
  // Checked one at a time per account (or unknown mobile), only wrong secrets counted, so
  // concurrent guesses cannot outrun the lock and right ones never cause it (lib/attempts); a
  // locked account refuses even the right password.
  if (!agent) {
    await db.insert(unknownLoginGuards).values({ mobile: input.username }).onConflictDoNothing();
  }
  const now = new Date();
  const compare = async () => {
    if (input.password) {
      const hash = agent ? agent.passwordHash : await dummyHash(app.config.scryptCost);
      return (await verifyPassword(input.password, hash)) && Boolean(agent);
    }
    if (!input.rememberToken || !agent) return false;
    // One use: the update that revokes it is what accepts it, so two logins cannot share it.
    const [remembered] = await db
      .update(rememberTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(rememberTokens.tokenHash, sha256(input.rememberToken)),
          eq(rememberTokens.agentId, agent.id),
          isNull(rememberTokens.revokedAt),
          gt(rememberTokens.expiresAt, now),
        ),
      )
      .returning({ id: rememberTokens.id });
    return Boolean(remembered);
  };
  const check = agent
    ? await checkGuarded(db, LOGIN_GUARD, agent.id, compare)
    : await checkGuarded(db, UNKNOWN_GUARD, input.username, compare);
  if (!check.ok || !agent) {
    if (!check.ok && (check.locked || check.lockedUntil)) throw accountLocked(check.lockedUntil!);
    throw badRequest(WRONG_CREDENTIALS, 'password', 'WRONG_CREDENTIALS');
  }
  if (agent.status !== 0) throw badRequest('账号已停用，请联系上级', 'username');

  const token = await openSession(app, agent.id);

  // A remembered login is renewed at every use, so a stolen copy stops working after one login.
  const wantsRemember = Boolean(input.remember) || Boolean(input.rememberToken);
  let rememberToken: string | undefined;
  if (wantsRemember && !agent.mustChangePassword) {
    rememberToken = randomToken(32);
    await db.insert(rememberTokens).values({
      agentId: agent.id,
      tokenHash: sha256(rememberToken),
      expiresAt: new Date(now.getTime() + REMEMBER_DAYS * 86400000),
    });
  }
  return {
    token,
    passwordCheck: Boolean(rememberToken),
    rememberToken,
    mustChangePassword: agent.mustChangePassword,
  };
}

// A locked account answers with code 400 so the app shows the message, not the
// login-expired modal that 401/403 bring.
function accountLocked(until: Date) {
  return badRequest(
    `密码错误次数过多，账号已锁定，请${minutesUntil(until)}分钟后再试（${clockTime(until)}解锁）`,
    'password',
    'ACCOUNT_LOCKED',
  );
}
