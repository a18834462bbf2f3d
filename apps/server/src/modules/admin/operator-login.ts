import { randomUUID } from 'node:crypto';
import {
  ROLE_PERMISSIONS,
  type AdminLoginRequest,
  type AdminLoginResult,
  type AdminOperator,
  type AdminTotpRequest,
  type Role,
} from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { operators, operatorSessions, type OperatorRow } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/app-error';
import { clockTime, forgetTries, minutesUntil, takeTry, type TryGuard } from '../../lib/attempts';
import { verifyPassword } from '../../lib/crypto';
import { hitLimits } from '../../lib/rate-limit';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp';
import { audit } from './audit';

export const OPERATOR_MAX_FAILED = 5;
export const OPERATOR_LOCK_MINUTES = 15;
const CHALLENGE_SECONDS = 300;
const TOTP_ISSUER = 'POS Console';
const WRONG = '账号或密码错误';

const PASSWORD_GUARD: TryGuard = {
  table: 'operators',
  keyColumn: 'id',
  failedColumn: 'failed_logins',
  lockedColumn: 'locked_until',
  maxTries: OPERATOR_MAX_FAILED,
  lockMinutes: OPERATOR_LOCK_MINUTES,
};

export const toAdminOperator = (o: OperatorRow): AdminOperator => ({
  id: o.id,
  username: o.username,
  name: o.name,
  role: o.role as Role,
  permissions: [...(ROLE_PERMISSIONS[o.role as Role] ?? [])],
});

interface ChallengeClaims {
  sub: string;
  sid: string;
  typ: 'op-totp';
}

/**
 * First step of an operator's sign-in: the password, counted against the account (locked after
 * five wrong in a row, like the agent app) and the address. With TOTP on (the default) it answers
 * with a five-minute challenge for the second step, and, until the operator has enrolled an
 * authenticator, the secret to enrol (shown as a QR code).
 */
export async function operatorLogin(
  app: FastifyInstance,
  input: AdminLoginRequest,
  ip: string,
): Promise<AdminLoginResult> {
  const { db } = app;
  await hitLimits(db, [
    {
      key: `admin-login:ip:${ip}`,
      max: app.config.loginIpMax,
      windowMs: 10 * 60_000,
      msg: '登录尝试过于频繁，请稍后再试',
    },
  ]);
  const [op] = await db.select().from(operators).where(eq(operators.username, input.username));
  if (!op) throw badRequest(WRONG, 'password');
  const ticket = await takeTry(db, PASSWORD_GUARD, op.id);
  if (!ticket.ok) throw locked(ticket.lockedUntil);
  if (!(await verifyPassword(input.password, op.passwordHash))) {
    if (ticket.lockedUntil) throw locked(ticket.lockedUntil);
    throw badRequest(`${WRONG}，还可尝试${OPERATOR_MAX_FAILED - ticket.tryNo}次`, 'password');
  }
  if (op.status !== 0) throw badRequest('账号已停用', 'username');
  if (!app.config.adminTotp) {
    await forgetTries(db, PASSWORD_GUARD, op.id, ticket.tryNo);
    return { stage: 'done', ...(await openOperatorSession(app, op, ip)) };
  }
  // The password's tries are forgotten only once the second factor is right too, so guessing
  // codes behind a known password still locks the account.
  let enrol: AdminLoginResult['enrol'] = null;
  if (!op.totpEnrolledAt) {
    let secret = op.totpSecretEnc ? app.cipher.decrypt(op.totpSecretEnc) : null;
    if (!secret) {
      secret = newTotpSecret();
      await db
        .update(operators)
        .set({ totpSecretEnc: app.cipher.encrypt(secret), updatedAt: sql`now()` })
        .where(eq(operators.id, op.id));
    }
    enrol = { secret, otpauthUri: otpauthUri(secret, op.username, TOTP_ISSUER) };
  }
  const claims: ChallengeClaims = { sub: String(op.id), sid: '', typ: 'op-totp' };
  const challenge = app.jwt.sign(claims as never, { expiresIn: CHALLENGE_SECONDS });
  return { stage: 'totp', challenge, enrol };
}

/** Second step: a code from the authenticator; the first right code also completes enrolment. */
export async function operatorTotp(
  app: FastifyInstance,
  input: AdminTotpRequest,
  ip: string,
): Promise<{ token: string; operator: AdminOperator }> {
  const { db } = app;
  let claims: ChallengeClaims;
  try {
    claims = app.jwt.verify<ChallengeClaims>(input.challenge);
  } catch {
    throw badRequest('登录已过期，请重新登录', 'challenge');
  }
  if (claims.typ !== 'op-totp') throw badRequest('登录已过期，请重新登录', 'challenge');
  const opId = Number(claims.sub);
  const ticket = await takeTry(db, PASSWORD_GUARD, opId);
  if (!ticket.ok) throw locked(ticket.lockedUntil);
  const [op] = await db.select().from(operators).where(eq(operators.id, opId));
  if (!op || !op.totpSecretEnc) throw badRequest('登录已过期，请重新登录', 'challenge');
  const step = verifyTotp(app.cipher.decrypt(op.totpSecretEnc), input.code);
  // A code is good once: a step at or before the last accepted one is refused.
  if (step === null || (op.totpLastStep !== null && step <= op.totpLastStep)) {
    if (ticket.lockedUntil) throw locked(ticket.lockedUntil);
    throw badRequest(
      `动态验证码错误，还可尝试${OPERATOR_MAX_FAILED - ticket.tryNo}次`,
      'code',
      'WRONG_TOTP',
    );
  }
  await forgetTries(db, PASSWORD_GUARD, op.id, ticket.tryNo);
  const enrolling = !op.totpEnrolledAt;
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({
        totpLastStep: step,
        totpEnrolledAt: op.totpEnrolledAt ?? sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(operators.id, op.id));
    if (enrolling) {
      await audit(
        tx,
        { operatorId: op.id, name: op.name, role: op.role as Role, ip },
        { action: 'operator.totp_enrol', targetType: 'operator', targetId: op.id },
      );
    }
  });
  return openOperatorSession(app, op, ip);
}

export async function openOperatorSession(app: FastifyInstance, op: OperatorRow, ip: string) {
  const sid = randomUUID();
  const expiresAt = new Date(Date.now() + app.config.adminSessionHours * 3600_000);
  await app.db.insert(operatorSessions).values({ id: sid, operatorId: op.id, ip, expiresAt });
  await app.db
    .update(operators)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(operators.id, op.id));
  const token = app.jwt.sign({ sub: String(op.id), sid, typ: 'op' } as never, {
    expiresIn: app.config.adminSessionHours * 3600,
  });
  return { token, operator: toAdminOperator(op) };
}

export async function operatorLogout(db: Db, sessionId: string) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(operatorSessions.id, sessionId));
}

export async function getOperator(db: Db, id: number): Promise<OperatorRow> {
  const [op] = await db.select().from(operators).where(eq(operators.id, id));
  if (!op) throw unauthorized();
  return op;
}

function locked(until: Date) {
  return badRequest(
    `错误次数过多，账号已锁定，请${minutesUntil(until)}分钟后再试（${clockTime(until)}解锁）`,
    'password',
    'ACCOUNT_LOCKED',
  );
}
