import { EARNING_INFO_TYPES, type EarningsStats } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentDailyEarnings as e } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { shanghaiMonth } from '../../lib/shanghai-dates';
import { inCallerTree } from './tree';

/** The caller's earnings of a month by info type and by day, from the daily earnings rollup. */
export async function getEarningsStats(
  db: DbOrTx,
  caller: Caller,
  month?: string,
  now = new Date(),
): Promise<EarningsStats> {
  const m = month ?? shanghaiMonth(now);
  const found = await select(
    db,
    {
      day: sql`${e.day}::text`.mapWith(decode.text),
      infoType: e.infoType,
      amountFen: e.amountFen,
      lineCount: e.lineCount,
    },
    sql`FROM ${e}
         WHERE ${e.agentId} = ${caller.agentId} AND ${inCallerTree(sql`${e.topId}`, caller)}
           AND ${e.day} >= ${`${m}-01`}::date AND ${e.day} < (${`${m}-01`}::date + interval '1 month')
           AND ${e.infoType} = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])
         ORDER BY ${e.day}`,
  );
  const byType = new Map<string, { amountFen: number; count: number }>();
  const byDay = new Map<string, number>();
  let totalFen = 0;
  for (const r of found) {
    const t = byType.get(r.infoType) ?? { amountFen: 0, count: 0 };
    t.amountFen += r.amountFen;
    t.count += r.lineCount;
    byType.set(r.infoType, t);
    const day = r.day.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + r.amountFen);
    totalFen += r.amountFen;
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
