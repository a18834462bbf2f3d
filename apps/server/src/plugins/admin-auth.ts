import { hasPermission, ROLE_PERMISSIONS, type Permission, type Role } from '@pos/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operators, operatorSessions } from '../db/schema';
import { forbidden, unauthorized } from '../lib/app-error';

/** The operator behind an admin call, with what the audit log records of them. */
export interface OperatorCaller {
  operatorId: number;
  username: string;
  name: string;
  role: Role;
  permissions: readonly Permission[];
  sessionId: string;
  expiresAt: Date;
  ip: string;
}

/** Claims of an operator's session token; `typ` keeps it apart from agents' tokens. */
export interface OperatorClaims {
  sub: string;
  sid: string;
  typ: 'op';
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorCaller;
  }
  interface FastifyContextConfig {
    /** The permission an admin route requires; every admin route must name one. */
    permission?: Permission | 'session';
  }
}

/**
 * Reads an operator's bearer token and checks its session: not revoked, not past its absolute end,
 * used within the idle timeout. The call moves the idle clock on (at most once a minute, so a busy
 * console does not write on every request).
 */
export async function authenticateOperator(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<OperatorCaller> {
  let claims: OperatorClaims;
  try {
    claims = (await request.jwtVerify()) as unknown as OperatorClaims;
  } catch {
    throw unauthorized();
  }
  if (claims.typ !== 'op' || !/^[0-9a-f-]{36}$/.test(claims.sid)) throw unauthorized();
  const idleMs = app.config.adminIdleMinutes * 60_000;
  const now = new Date();
  const [row] = await app.db
    .select({
      id: operators.id,
      username: operators.username,
      name: operators.name,
      role: operators.role,
      status: operators.status,
      expiresAt: operatorSessions.expiresAt,
      lastSeenAt: operatorSessions.lastSeenAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.id, claims.sid),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .limit(1);
  if (!row || String(row.id) !== claims.sub) throw unauthorized();
  if (row.status !== 0) throw unauthorized('账号已停用');
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await app.db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(operatorSessions.id, claims.sid));
  }
  const role = row.role as Role;
  const caller: OperatorCaller = {
    operatorId: row.id,
    username: row.username,
    name: row.name,
    role,
    permissions: ROLE_PERMISSIONS[role] ?? [],
    sessionId: claims.sid,
    expiresAt: row.expiresAt,
    ip: request.ip,
  };
  request.operator = caller;
  return caller;
}

export function operatorOf(request: FastifyRequest): OperatorCaller {
  if (!request.operator) throw unauthorized();
  return request.operator;
}

export function requirePermission(caller: OperatorCaller, permission: Permission) {
  if (!hasPermission(caller.role, permission)) throw forbidden('没有权限执行此操作');
}
