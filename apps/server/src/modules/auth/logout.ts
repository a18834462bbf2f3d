import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { forgetSessions } from '../../plugins/session-cache';

export async function logout(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  forgetSessions({ sessionId });
}
