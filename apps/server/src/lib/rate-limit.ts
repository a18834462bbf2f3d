import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
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
 *
 * Count-then-insert would let concurrent requests all count before any of them inserts, so each
 * key is serialised with a transaction-scoped advisory lock (taken in key order, so two calls
 * sharing keys cannot deadlock): N concurrent requests against a limit of M get exactly
 * min(N, M) passes, and the refused ones record nothing.
 */
export async function hitLimits(db: DbOrTx, limits: Limit[], now = new Date()): Promise<void> {
  if (limits.length === 0) return;
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await db.transaction(async (tx) => {
    for (const limit of ordered)
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${limit.key}, 0))`);
    for (const limit of limits) {
      const since = new Date(now.getTime() - limit.windowMs);
      const [row] = await tx
        .select({ n: count() })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, limit.key), gt(rateEvents.createdAt, since)));
      if ((row?.n ?? 0) >= limit.max) throw tooMany(limit.msg);
    }
    await tx.insert(rateEvents).values(limits.map((l) => ({ key: l.key, createdAt: now })));
  });
}

/** Old events are only history; a job prunes them. */
export async function pruneRateEvents(db: DbOrTx, olderThan: Date) {
  await db.delete(rateEvents).where(lt(rateEvents.createdAt, olderThan));
}
