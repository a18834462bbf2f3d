import { randomUUID } from 'node:crypto';
import {
  ROLE_PERMISSIONS,
  type AdminLoginRequest,
  type AdminLoginResult,
  type AdminNewPasswordRequest,
  type AdminOperator,
  type AdminTotpRequest,
  type Role,
} from '@pos/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { operatorChallenges, operators, operatorSessions, type OperatorRow } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/app-error';
import {
  checkGuarded,
  clockTime,
  countWrong,
  forgetWrong,
  isLocked,
  minutesUntil,
  type TryGuard,
} from '../../lib/attempts';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { dummyHash } from '../auth/login';
import { hitLimits } from '../../lib/rate-limit';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp';
import { audit } from '../../db/audit';

export const OPERATOR_MAX_FAILED = 5;
export const OPERATOR_LOCK_MINUTES = 15;
const CHALLENGE_SECONDS = 300;
/** Wrong answers one challenge allows before it ends and the password is asked again. */
export const CHALLENGE_TRIES = 3;
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

type ChallengeType = 'op-totp' | 'op-pwd';
interface ChallengeClaims {
  sub: string;
  /** The challenge's row in operator_challenges. */
  sid: string;
  typ: ChallengeType;
}
const STAGE_OF: Record<ChallengeType, 'totp' | 'password'> = {
  'op-totp': 'totp',
  'op-pwd': 'password',
};

/**
 * Opens the step after a right password: one row that a single use ends (success, or the last of
 * its tries), and that a newer password step of the same operator ends too.
 */
async function openChallenge(app: FastifyInstance, opId: number, typ: ChallengeType) {
  const sid = randomUUID();
  await app.db.transaction(async (tx) => {
    await tx
      .update(operatorChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(operatorChallenges.operatorId, opId), isNull(operatorChallenges.usedAt)));
    await tx.insert(operatorChallenges).values({
      id: sid,
      operatorId: opId,
      stage: STAGE_OF[typ],
      expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    });
  });
  const claims: ChallengeClaims = { sub: String(opId), sid, typ };
  return app.jwt.sign(claims as never, { expiresIn: CHALLENGE_SECONDS });
}

/** Ends every open challenge of an operator (disabled, reset, password changed). */
export async function endOperatorChallenges(tx: DbOrTx, opId: number) {
  await tx
    .update(operatorChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(operatorChallenges.operatorId, opId), isNull(operatorChallenges.usedAt)));
}

function readChallenge(app: FastifyInstance, token: string, typ: ChallengeType) {
  let claims: ChallengeClaims;
  try {
    claims = app.jwt.verify<ChallengeClaims>(token);
  } catch {
    throw expired();
  }
  if (claims.typ !== typ || !/^[0-9a-f-]{36}$/.test(claims.sid ?? '')) throw expired();
  return { opId: Number(claims.sub), sid: claims.sid };
}

/**
 * Locks a challenge and its operator for one try. Null when the challenge is gone (used, ended,
 * expired) or the operator cannot sign in (disabled): the challenge is ended then too.
 */
async function claimChallenge(tx: Tx, sid: string, opId: number, stage: 'totp' | 'password') {
  const [ch] = await tx
    .select()
    .from(operatorChallenges)
    .where(
      and(
        eq(operatorChallenges.id, sid),
        eq(operatorChallenges.operatorId, opId),
        eq(operatorChallenges.stage, stage),
      ),
    )
    .for('update');
  if (!ch || ch.usedAt || ch.expiresAt.getTime() <= Date.now()) return null;
  const [op] = await tx.select().from(operators).where(eq(operators.id, opId)).for('update');
  if (!op || op.status !== 0) {
    await useChallenge(tx, sid);
    return null;
  }
  return { ch, op };
}

const useChallenge = (tx: DbOrTx, sid: string) =>
  tx
    .update(operatorChallenges)
    .set({ usedAt: sql`now()` })
    .where(eq(operatorChallenges.id, sid));

/** A wrong answer counts against the challenge; its last allowed try ends it. */
async function failChallenge(tx: DbOrTx, sid: string, tries: number) {
  const used = tries + 1 >= CHALLENGE_TRIES;
  await tx
    .update(operatorChallenges)
    .set({ tries: tries + 1, ...(used ? { usedAt: sql`now()` } : {}) })
    .where(eq(operatorChallenges.id, sid));
  return used;
}

/**
 * First step of an operator's sign-in: the password, counted against the account (locked after
 * five wrong in a row, like the agent app) and the address. A password someone else issued (a new
 * operator, a TOTP reset) must be replaced first (stage 'password'). With TOTP on (the default)
 * it answers with a five-minute, single-use challenge for the second step, and, until the
 * operator has enrolled an authenticator, the secret to enrol (shown as a QR code).
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
  // An unknown username takes as long as a known one and gets the same words (a dummy hash of
  // the same cost), so the console's sign-in does not tell which usernames exist.
  if (!op) {
    await verifyPassword(input.password, await dummyHash(app.config.scryptCost));
    throw badRequest(WRONG, 'password');
  }
  // Serialised per operator, only wrong passwords counted (lib/attempts); a right one leaves the
  // count for the second factor to clear.
  const check = await checkGuarded(
    db,
    PASSWORD_GUARD,
    op.id,
    () => verifyPassword(input.password, op.passwordHash),
    { forget: false },
  );
  if (!check.ok) {
    if (check.locked || check.lockedUntil) throw locked(check.lockedUntil!);
    throw badRequest(WRONG, 'password');
  }
  if (op.status !== 0) throw badRequest('账号已停用', 'username');
  // Nothing more (no session, no enrolment secret) until the issued password is replaced.
  if (op.mustChangePassword) {
    return { stage: 'password', challenge: await openChallenge(app, op.id, 'op-pwd'), enrol: null };
  }
  if (!app.config.adminTotp) {
    await forgetWrong(db, PASSWORD_GUARD, op.id);
    await endOperatorChallenges(db, op.id);
    return { stage: 'done', ...(await openOperatorSession(app, op, ip)) };
  }
  return totpStage(app, op);
}

/**
 * The password's tries are forgotten only once the second factor is right too, so guessing codes
 * behind a known password still locks the account.
 */
async function totpStage(app: FastifyInstance, op: OperatorRow): Promise<AdminLoginResult> {
  let enrol: AdminLoginResult['enrol'] = null;
  if (!op.totpEnrolledAt) {
    let secret = op.totpSecretEnc ? app.cipher.decrypt(op.totpSecretEnc) : null;
    if (!secret) {
      secret = newTotpSecret();
      await app.db
        .update(operators)
        .set({ totpSecretEnc: app.cipher.encrypt(secret), updatedAt: sql`now()` })
        .where(eq(operators.id, op.id));
    }
    enrol = { secret, otpauthUri: otpauthUri(secret, op.username, TOTP_ISSUER) };
  }
  const challenge = await openChallenge(app, op.id, 'op-totp');
  return { stage: 'totp', challenge, enrol };
}

/**
 * The step after a password someone else issued: the operator's own password replaces it, and
 * the sign-in goes on (to the authenticator, or signed in with TOTP off). The challenge is used
 * once, and a disabled operator gets nothing.
 */
export async function operatorNewPassword(
  app: FastifyInstance,
  input: AdminNewPasswordRequest,
  ip: string,
): Promise<AdminLoginResult> {
  const { db } = app;
  const { opId, sid } = readChallenge(app, input.challenge, 'op-pwd');
  const [current] = await db.select().from(operators).where(eq(operators.id, opId));
  if (!current) throw expired();
  if (await verifyPassword(input.newPassword, current.passwordHash)) {
    throw badRequest('新密码不能与当前密码相同', 'newPassword');
  }
  const hash = await hashPassword(input.newPassword, app.config.scryptCost);
  const outcome = await db.transaction(async (tx) => {
    const claimed = await claimChallenge(tx, sid, opId, 'password');
    if (!claimed) return null;
    const { op } = claimed;
    await useChallenge(tx, sid);
    // Changed meanwhile (another reset, or the step already done): start again.
    if (!op.mustChangePassword || op.passwordHash !== current.passwordHash) return null;
    const [updated] = await tx
      .update(operators)
      .set({ passwordHash: hash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(operators.id, op.id))
      .returning();
    await audit(
      tx,
      { operatorId: op.id, name: op.name, role: op.role as Role, ip },
      { action: 'operator.password_change', targetType: 'operator', targetId: op.id },
    );
    if (app.config.adminTotp) return { op: updated!, session: null };
    return { op: updated!, session: await openOperatorSession(app, updated!, ip, tx) };
  });
  if (!outcome) throw expired();
  if (outcome.session) return { stage: 'done', ...outcome.session };
  return totpStage(app, outcome.op);
}

/**
 * Second step: a code from the authenticator; the first right code also completes enrolment. The
 * challenge is used once: the right code ends it, and so does the last wrong one it allows. The
 * operator must still be active.
 */
export async function operatorTotp(
  app: FastifyInstance,
  input: AdminTotpRequest,
  ip: string,
): Promise<{ token: string; operator: AdminOperator }> {
  const { db } = app;
  const { opId, sid } = readChallenge(app, input.challenge, 'op-totp');
  // The operator's row, held by the claim, serialises its codes: only wrong ones are counted
  // (against the same guard as the password), and every one is refused while locked.
  const outcome = await db.transaction(async (tx) => {
    const claimed = await claimChallenge(tx, sid, opId, 'totp');
    if (!claimed) return { kind: 'expired' as const };
    const { ch, op } = claimed;
    const guard = { failed: op.failedLogins, lockedUntil: op.lockedUntil };
    if (isLocked(guard)) {
      await useChallenge(tx, sid);
      return { kind: 'locked' as const, until: op.lockedUntil! };
    }
    if (!op.totpSecretEnc || op.mustChangePassword) {
      await useChallenge(tx, sid);
      return { kind: 'expired' as const };
    }
    const step = verifyTotp(app.cipher.decrypt(op.totpSecretEnc), input.code);
    // A code is good once: a step at or before the last accepted one is refused.
    if (step === null || (op.totpLastStep !== null && step <= op.totpLastStep)) {
      const ended = await failChallenge(tx, sid, ch.tries);
      return {
        kind: 'wrong' as const,
        ended,
        ...(await countWrong(tx, PASSWORD_GUARD, opId, guard)),
      };
    }
    await useChallenge(tx, sid);
    await forgetWrong(tx, PASSWORD_GUARD, opId, guard);
    const [updated] = await tx
      .update(operators)
      .set({
        totpLastStep: step,
        totpEnrolledAt: op.totpEnrolledAt ?? sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(operators.id, op.id))
      .returning();
    if (!op.totpEnrolledAt) {
      await audit(
        tx,
        { operatorId: op.id, name: op.name, role: op.role as Role, ip },
        { action: 'operator.totp_enrol', targetType: 'operator', targetId: op.id },
      );
    }
    return { kind: 'ok' as const, session: await openOperatorSession(app, updated!, ip, tx) };
  });
  if (outcome.kind === 'expired') throw expired();
  if (outcome.kind === 'locked') throw locked(outcome.until);
  if (outcome.kind === 'wrong') {
    if (outcome.lockedUntil) throw locked(outcome.lockedUntil);
    if (outcome.ended) {
      throw badRequest('动态验证码错误次数过多，请重新登录', 'challenge', 'WRONG_TOTP');
    }
    throw badRequest(`动态验证码错误，还可尝试${outcome.left}次`, 'code', 'WRONG_TOTP');
  }
  return outcome.session;
}

export async function openOperatorSession(
  app: FastifyInstance,
  op: OperatorRow,
  ip: string,
  tx: DbOrTx = app.db,
) {
  const sid = randomUUID();
  const expiresAt = new Date(Date.now() + app.config.adminSessionHours * 3600_000);
  await tx.insert(operatorSessions).values({ id: sid, operatorId: op.id, ip, expiresAt });
  await tx
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

const expired = () => badRequest('登录已过期，请重新登录', 'challenge');

function locked(until: Date) {
  return badRequest(
    `错误次数过多，账号已锁定，请${minutesUntil(until)}分钟后再试（${clockTime(until)}解锁）`,
    'password',
    'ACCOUNT_LOCKED',
  );
}
