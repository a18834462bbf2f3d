import type { SmsScene } from '@pos/core';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { smsCodes } from './schema';
import { badRequest } from '../lib/app-error';
import { sha256 } from '../lib/crypto';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong tries a code survives; after that it is dead and a new one must be sent. */
export const MAX_SMS_CODE_ATTEMPTS = 5;

const EXPIRED = '验证码已失效，请重新获取';
const TOO_MANY = '验证码错误次数过多，请重新获取';

/**
 * Only a hash is stored, bound to the mobile and scene, so a code read from a backup or a log of
 * the table is useless elsewhere. Six digits are no secret against an offline search; the short
 * life and the attempt limit are what protect a code.
 */
export const hashSmsCode = (mobile: string, scene: SmsScene, code: string) =>
  sha256(`sms:${mobile}:${scene}:${code}`);

export interface SmsCodeCheck {
  mobile: string;
  scene: SmsScene;
  code: string;
}

/**
 * Checks a code against the latest unexpired one sent to (mobile, scene) and returns its
 * id; the caller marks it used with markSmsCodeUsed inside the transaction that acts on it.
 *
 * Tries of one code are serialised on its row (held while comparing) and only a wrong code is
 * counted, so parallel guesses cannot get past the limit and a right code is never refused
 * because other right ones arrived with it (one of those then uses it; the rest find it used).
 * Call this with the database, not inside a transaction that a wrong code rolls back, or the
 * count would be undone with it.
 */
export async function verifySmsCode(
  db: DbOrTx,
  input: SmsCodeCheck,
  now = new Date(),
): Promise<number> {
  const outcome = await db.transaction(async (tx) => {
    const [latest] = await tx
      .select({
        id: smsCodes.id,
        attempts: smsCodes.attempts,
        codeHash: smsCodes.codeHash,
        usedAt: smsCodes.usedAt,
      })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.mobile, input.mobile),
          eq(smsCodes.scene, input.scene),
          gt(smsCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1)
      .for('update');
    // Only the latest code sent for (mobile, scene) counts: once it is used, an older one does
    // not come back (nor its count of wrong tries).
    if (!latest || latest.usedAt) {
      return { error: badRequest(EXPIRED, 'smsCode', 'SMS_CODE_EXPIRED') };
    }
    if (latest.attempts >= MAX_SMS_CODE_ATTEMPTS)
      return { error: badRequest(TOO_MANY, 'smsCode', 'SMS_CODE_DEAD') };
    if (latest.codeHash === hashSmsCode(input.mobile, input.scene, input.code))
      return { id: latest.id };
    const [counted] = await tx
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, latest.id))
      .returning({ attempts: smsCodes.attempts });
    const left = MAX_SMS_CODE_ATTEMPTS - counted!.attempts;
    if (left <= 0) return { error: badRequest(TOO_MANY, 'smsCode', 'SMS_CODE_DEAD') };
    return {
      error: badRequest(`验证码错误，还可尝试${left}次`, 'smsCode', 'SMS_CODE_WRONG'),
    };
  });
  // Thrown after the transaction, so the count of a wrong code is kept.
  if ('error' in outcome) throw outcome.error;
  return outcome.id;
}

/** A code works once: the update only succeeds for a code nobody has used yet. */
export async function markSmsCodeUsed(db: DbOrTx, id: number, now = new Date()): Promise<void> {
  const [used] = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used) throw badRequest(EXPIRED, 'smsCode', 'SMS_CODE_EXPIRED');
}

/** Verifies and uses a code in one call, for use cases that act outside a transaction. */
export async function consumeSmsCode(db: DbOrTx, input: SmsCodeCheck): Promise<void> {
  await markSmsCodeUsed(db, await verifySmsCode(db, input));
}
