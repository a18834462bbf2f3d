import { EARNING_INFO_TYPES, type EarningsStats } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { num } from '../ledger/accounts';
import { inTree } from '../policies/scope';
import { shanghaiMonth } from '../settlement/periods';

/** The caller's earnings of a month by info type and by day, from the daily earnings rollup. */
export async function getEarningsStats(
  db: DbOrTx,
  caller: Caller,
  month?: string,
  now = new Date(),
): Promise<EarningsStats> {
  const m = month ?? shanghaiMonth(now);
  const found = await rows<{
    day: unknown;
    info_type: string;
    amount_fen: unknown;
    line_count: unknown;
  }>(
    db,
    sql`SELECT day::text AS day, info_type, amount_fen, line_count FROM agent_daily_earnings
         WHERE agent_id = ${caller.agentId} AND ${inTree(sql`top_id`, caller)}
           AND day >= ${`${m}-01`}::date AND day < (${`${m}-01`}::date + interval '1 month')
           AND info_type = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])
         ORDER BY day`,
  );
  const byType = new Map<string, { amountFen: number; count: number }>();
  const byDay = new Map<string, number>();
  let totalFen = 0;
  for (const r of found) {
    const t = byType.get(r.info_type) ?? { amountFen: 0, count: 0 };
    t.amountFen += num(r.amount_fen);
    t.count += num(r.line_count);
    byType.set(r.info_type, t);
    const day = String(r.day).slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + num(r.amount_fen));
    totalFen += num(r.amount_fen);
  }
  return {
    month: m,
    totalFen,
    byType: EARNING_INFO_TYPES.filter((t) => byType.has(t)).map((t) => ({
      infoType: t,
      ...byType.get(t)!,
    })),
    byDay: [...byDay.entries()].map(([day, amountFen]) => ({ day, amountFen })),
  };
}
