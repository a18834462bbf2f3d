import { OPERATE_STATUS } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { terminalOperations as o } from '../db/schema';
import { select } from '../db/typed';
import { settleRecall } from '../modules/terminals/settle-recall';

const BATCH = 100;

/**
 * Passes every recall left unanswered for 72 hours (business rules section 4). Each recall is
 * settled in its own transaction, guarded on its pending status, so the job can run on several
 * processes at once, or meet the holder's own answer, and still settle each recall once.
 * It works in batches of 100 until none is due, or until the signal is aborted: then it
 * returns after the batch in hand, and the rest waits for the next run. Returns how many it
 * passed.
 */
export async function passDueRecalls(
  db: Db,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  let passed = 0;
  for (;;) {
    if (signal?.aborted) return passed;
    const due = await select(
      db,
      { id: o.id },
      sql`FROM ${o}
          WHERE ${o.status} = ${OPERATE_STATUS.PENDING} AND ${o.type} = 2 AND ${o.autoPassAt} <= ${now}
          ORDER BY ${o.autoPassAt} LIMIT ${BATCH}`,
    );
    for (const { id } of due) {
      const settled = await db.transaction((tx) =>
        settleRecall(tx, id, 'passed', now, '超过72小时未处理，自动通过'),
      );
      if (settled) passed += 1;
    }
    if (due.length < BATCH) return passed;
  }
}
