import { TOTAL_TYPE } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { terminals } from '../db/schema';
import { decode, select } from '../db/typed';
import { shanghaiToday } from '../lib/shanghai-dates';
import { runJob, type JobOutcome } from '../db/job-runs';
import { ingestNotification } from '../modules/transactions/ingest-notification';

/**
 * Yearly communication-fee (SIM fee) collection: on each anniversary of its activation, an
 * activated terminal with a communication-fee option is charged that fee once for the year. The
 * collection goes through the same ingestion as the acquirer's notifications (id CF-<terminal>-<n>,
 * recorded once per terminal and year in fee_collections), and settlement shares it up the chain
 * by each agent's communication-fee share. Running it again collects nothing new. Once the
 * signal is aborted it stops before the next terminal and says the run is unfinished.
 */
export async function collectCommFees(
  db: Db,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<JobOutcome> {
  const t = alias(terminals, 't');
  const due = await select(
    db,
    {
      id: t.id,
      sn: t.sn,
      commFeeFen: t.commFeeFen,
      n: sql`y.n`.mapWith(decode.number),
      dueAt: sql`${t.activatedAt} + make_interval(years => y.n)`.mapWith(decode.isoTime),
    },
    sql`FROM terminals t
          CROSS JOIN LATERAL generate_series(1, GREATEST(0, extract(year FROM age(${now}::timestamptz, t.activated_at))::integer)) AS y(n)
         WHERE t.bind_status = 3 AND t.deleted_at IS NULL AND t.comm_fee_fen > 0 AND t.activated_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM fee_collections f WHERE f.terminal_id = t.id AND f.kind = 'comm_fee' AND f.period_index = y.n)
         ORDER BY t.id, y.n LIMIT 5000`,
  );
  let processed = 0;
  let postedFen = 0;
  for (const d of due) {
    if (signal?.aborted) return { processed, postedFen, unfinished: true };
    const result = await ingestNotification(db, {
      txnId: `CF-${d.id}-${d.n}`,
      kind: 1,
      sn: d.sn,
      amountFen: d.commFeeFen,
      payType: 1,
      totalType: TOTAL_TYPE.COMMUNICATION_FEE,
      cardType: 1,
      method: 1,
      status: 1,
      tradeTime: d.dueAt,
    });
    if (!result.duplicate && result.flag === null) {
      processed += 1;
      postedFen += d.commFeeFen;
    }
  }
  return { processed, postedFen };
}

/** Daily: collects what fell due by `now` (status per Asia/Shanghai day). */
export function runCommFeeJob(
  db: Db,
  now: Date = new Date(),
  day = shanghaiToday(now),
  signal?: AbortSignal,
) {
  return runJob(db, 'comm_fee', day, () => collectCommFees(db, now, signal));
}
