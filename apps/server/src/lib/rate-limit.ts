import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateEvents } from '../db/schema';
import { tooMany } from './app-error';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  msg: string;
}

/**
 * Counts events per key in the database, so limits hold across any number of server processes.
 * Checks every limit first and records an event for each only when all pass.
 */
export async function hitLimits(db: DbOrTx, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowMs);
    const [row] = await db
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, limit.key), gt(rateEvents.createdAt, since)));
    if ((row?.n ?? 0) >= limit.max) throw tooMany(limit.msg);
  }
  if (limits.length)
    await db.insert(rateEvents).values(limits.map((l) => ({ key: l.key, createdAt: now })));
}

/** Old events are only history; a job prunes them. */
export async function pruneRateEvents(db: DbOrTx, olderThan: Date) {
  await db.delete(rateEvents).where(lt(rateEvents.createdAt, olderThan));
}
