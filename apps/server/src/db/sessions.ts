import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from './client';
import { rememberTokens, sessions } from './schema';
import { forgetSessions } from '../plugins/session-cache';

/** Opens a session and signs a token naming it; logout or a password change ends it. */
export async function openSession(app: FastifyInstance, agentId: number): Promise<string> {
  const sid = randomUUID();
  await app.db.insert(sessions).values({
    id: sid,
    agentId,
    expiresAt: new Date(Date.now() + app.config.tokenTtlSeconds * 1000),
  });
  return app.jwt.sign({ sub: String(agentId), sid });
}

/** Ends every session and remembered login of an agent (after a password change or reset). */
export async function endAllSessions(db: DbOrTx, agentId: number) {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.agentId, agentId), isNull(sessions.revokedAt)));
  await db
    .update(rememberTokens)
    .set({ revokedAt: now })
    .where(and(eq(rememberTokens.agentId, agentId), isNull(rememberTokens.revokedAt)));
  // Forgotten here too; should the caller's transaction not be committed yet, the database's
  // eviction message at its commit covers a request that remembered the session in between.
  forgetSessions({ agentId });
}
