import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, sessions } from '../../db/schema';
import { decode, selectOne } from '../../db/typed';
import { AppError } from '../../lib/app-error';
import { ensureSecret } from '../../lib/secrets';

/**
 * The merchant token of the scan calls (spec section 6: calls under /app/api/scan send it in a
 * header named `token`). It is issued to a signed-in agent for binding terminals, lives 30
 * minutes, and is signed with its own secret, so it can never stand in for the agent's bearer
 * token, nor a bearer token for it.
 *
 * It names the session it was issued in and the agent's credentials as they were then (the time
 * of the last password change, to the microsecond), and works only while both still hold: a
 * logout, a password change or reset (which also ends the sessions) or an operator's password
 * reset ends it at once, not 30 minutes later.
 *
 * Form: base64url(JSON {a: agentId, s: session id, c: credentials version, e: expiry seconds})
 * '.' base64url(HMAC-SHA256).
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

/** The agent's credentials version: when its password last changed, in microseconds. */
const credentialsVersion = sql`(extract(epoch FROM ${agents.credentialsChangedAt}) * 1000000)::bigint::text`;

export async function issueMerchantToken(
  db: Db,
  caller: { agentId: number; sessionId: string },
  now: Date = new Date(),
) {
  const agent = await selectOne(
    db,
    { c: credentialsVersion.mapWith(decode.text) },
    sql`FROM ${agents} WHERE ${agents.id} = ${caller.agentId}`,
  );
  if (!agent) throw invalid();
  const body = Buffer.from(
    JSON.stringify({
      a: caller.agentId,
      s: caller.sessionId,
      c: agent.c,
      e: Math.floor(now.getTime() / 1000) + MERCHANT_TOKEN_TTL_SECONDS,
    }),
  ).toString('base64url');
  return {
    token: `${body}.${sign(await secretOf(db), body)}`,
    expiresInSeconds: MERCHANT_TOKEN_TTL_SECONDS,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = () =>
  new AppError('PRECONDITION_REQUIRED', '扫码凭证无效或已过期，请重新进入扫码页', {
    reason: MERCHANT_TOKEN_INVALID,
  });

/**
 * The agent a merchant token was issued to; refuses anything not signed by us, expired, or whose
 * session or password has ended since.
 */
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
  let claims: { a?: unknown; s?: unknown; c?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalid();
  }
  const { a, s, c, e } = claims;
  if (typeof a !== 'number' || typeof e !== 'number') throw invalid();
  if (typeof s !== 'string' || !UUID.test(s) || typeof c !== 'string' || !/^\d{1,20}$/.test(c))
    throw invalid();
  if (e * 1000 <= now.getTime()) throw invalid();
  const live = await selectOne(
    db,
    { live: sql`1`.mapWith(decode.number) },
    sql`FROM ${sessions} JOIN ${agents} ON ${agents.id} = ${sessions.agentId}
         WHERE ${sessions.id} = ${s}::uuid AND ${sessions.agentId} = ${a} AND ${sessions.revokedAt} IS NULL
           AND ${sessions.expiresAt} > now() AND ${credentialsVersion} = ${c}`,
  );
  if (!live) throw invalid();
  return a;
}
