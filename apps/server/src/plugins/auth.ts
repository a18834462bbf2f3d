import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agents, sessions } from '../db/schema';
import { forbidden, unauthorized } from '../lib/app-error';

/** Who is calling, and the subtree every query of theirs is scoped to. */
export interface Caller {
  agentId: number;
  role: 'agent' | 'operator';
  /** Materialised path of the caller; its subtree is every path starting with it. */
  path: string;
  topId: number | null;
  sessionId: string;
  mustChangePassword: boolean;
}

export interface TokenClaims {
  sub: string;
  sid: string;
  /** Set on operators' tokens (the console); an agent's token has none. */
  typ?: string;
  /** Expiry, seconds since the epoch (set when the token is signed). */
  exp?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/**
 * Tokens whose signature an app has verified with its own secret, with their claims, kept until
 * they expire (at most MAX_VERIFIED per app, the oldest forgotten first). Only the exact same
 * token string skips the signature check; whether its session is still live is checked on every
 * request regardless.
 */
const verifiedByApp = new WeakMap<FastifyInstance, Map<string, TokenClaims & { exp: number }>>();
const MAX_VERIFIED = 10_000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token, extra] = header.split(' ');
  return scheme && /^bearer$/i.test(scheme) && token && extra === undefined ? token : undefined;
}

function verifiedMemo(app: FastifyInstance) {
  let verified = verifiedByApp.get(app);
  if (!verified) verifiedByApp.set(app, (verified = new Map()));
  return verified;
}

/** The claims of a token this app verified before and that has not expired, if it is one. */
function rememberedClaims(
  app: FastifyInstance,
  token: string | undefined,
): TokenClaims | undefined {
  if (!token) return undefined;
  const verified = verifiedMemo(app);
  const known = verified.get(token);
  if (!known) return undefined;
  if (known.exp > Date.now() / 1000) return known;
  verified.delete(token);
  return undefined;
}

async function verifiedClaims(app: FastifyInstance, request: FastifyRequest): Promise<TokenClaims> {
  const token = bearerToken(request);
  const known = rememberedClaims(app, token);
  if (known) return known;
  const verified = verifiedMemo(app);
  const claims = await request.jwtVerify<TokenClaims>();
  if (token && typeof claims.exp === 'number') {
    if (verified.size >= MAX_VERIFIED) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { ...claims, exp: claims.exp });
  }
  return claims;
}

/**
 * The caller, answered from memory alone: a token this app verified before, of a session this
 * process remembers as live (plugins/session-cache.ts). Undefined when either is not known, and
 * authenticate() must look; an operator's token is refused here as there.
 */
export function rememberedCaller(
  app: FastifyInstance,
  request: FastifyRequest,
): Caller | undefined {
  const claims = rememberedClaims(app, bearerToken(request));
  if (!claims) return undefined;
  if (claims.typ !== undefined) throw unauthorized();
  const cached = app.sessionCache.get(claims.sid, claims.sub);
  if (cached) request.caller = cached;
  return cached;
}

/**
 * Reads the bearer token, checks the session is live (logout and password changes end it) and
 * puts the caller on the request: one indexed read, or none while the session is remembered
 * (plugins/session-cache.ts: evicted at once by whatever ends it or changes the caller).
 */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  let claims: TokenClaims;
  try {
    claims = await verifiedClaims(app, request);
  } catch {
    throw unauthorized();
  }
  // An operator's token is no agent's: it never opens the agent API.
  if (claims.typ !== undefined) throw unauthorized();
  const cached = app.sessionCache.get(claims.sid, claims.sub);
  if (cached) {
    request.caller = cached;
    return cached;
  }
  const [row] = await app.db
    .select({
      id: agents.id,
      role: agents.role,
      path: agents.path,
      topId: agents.topId,
      status: agents.status,
      mustChangePassword: agents.mustChangePassword,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.agentId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || String(row.id) !== claims.sub) throw unauthorized();
  if (row.status !== 0) throw forbidden('账号已停用');
  const caller: Caller = {
    agentId: row.id,
    role: row.role,
    path: row.path,
    topId: row.topId,
    sessionId: claims.sid,
    mustChangePassword: row.mustChangePassword,
  };
  app.sessionCache.set(claims.sid, claims.sub, caller, row.expiresAt.getTime());
  request.caller = caller;
  return caller;
}

/** The caller of a route registered inside the authenticated scope. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

export function requireOperator(request: FastifyRequest): Caller {
  const caller = callerOf(request);
  if (caller.role !== 'operator') throw forbidden('仅平台运营人员可操作');
  return caller;
}
