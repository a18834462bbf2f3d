import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ensureSecret } from '../../lib/secrets';

/**
 * The merchant token of the scan calls (spec section 6: calls under /app/api/scan send it in a
 * header named `token`). It is issued to a signed-in agent for binding terminals, lives 30
 * minutes, and is signed with its own secret, so it can never stand in for the agent's bearer
 * token, nor a bearer token for it.
 *
 * Form: base64url(JSON {a: agentId, e: expiry seconds}) '.' base64url(HMAC-SHA256).
 */
export const MERCHANT_TOKEN_TTL_SECONDS = 30 * 60;
/** Sent (code 428) when the merchant token is missing, forged or expired: the app fetches a new one. */
export const MERCHANT_TOKEN_INVALID = 'MERCHANT_TOKEN_INVALID';

const secrets = new WeakMap<Db, Promise<string>>();
function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = ensureSecret(db, 'merchant-token');
    secrets.set(db, s);
  }
  return s;
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

export async function issueMerchantToken(db: Db, agentId: number, now: Date = new Date()) {
  const body = Buffer.from(
    JSON.stringify({
      a: agentId,
      e: Math.floor(now.getTime() / 1000) + MERCHANT_TOKEN_TTL_SECONDS,
    }),
  ).toString('base64url');
  return {
    token: `${body}.${sign(await secretOf(db), body)}`,
    expiresInSeconds: MERCHANT_TOKEN_TTL_SECONDS,
  };
}

const invalid = () =>
  new AppError('PRECONDITION_REQUIRED', '扫码凭证无效或已过期，请重新进入扫码页', {
    reason: MERCHANT_TOKEN_INVALID,
  });

/** The agent a merchant token was issued to; refuses anything not signed by us or expired. */
export async function verifyMerchantToken(
  db: Db,
  token: string | undefined,
  now: Date = new Date(),
): Promise<number> {
  if (!token || token.length > 512) throw invalid();
  const [body, mac] = token.split('.');
  if (!body || !mac) throw invalid();
  const expected = Buffer.from(sign(await secretOf(db), body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let claims: { a?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalid();
  }
  if (typeof claims.a !== 'number' || typeof claims.e !== 'number') throw invalid();
  if (claims.e * 1000 <= now.getTime()) throw invalid();
  return claims.a;
}
