import type { TradeStats } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { shanghaiMonth } from '../settlement/periods';

const n = (v: unknown) => Number(v);

/**
 * Trading figures of a month (Asia/Shanghai) from the daily rollups that settlement fills: the
 * caller's own merchants, its whole subtree (own included), and the subtree's days. The cost grows
 * with the days and agents shown, not with the transactions.
 */
export async function getTradeStats(
  db: DbOrTx,
  caller: Caller,
  month?: string,
  now = new Date(),
): Promise<TradeStats> {
  const m = month ?? shanghaiMonth(now);
  const start = `${m}-01`;
  const subtree = caller.role === 'operator' ? sql`TRUE` : sql`a.path LIKE ${`${caller.path}%`}`;
  const days = await rows<{
    day: unknown;
    amount: unknown;
    count: unknown;
    own_amount: unknown;
    own_count: unknown;
  }>(
    db,
    sql`SELECT d.day::text AS day, sum(d.trade_amount_fen) AS amount, sum(d.trade_count) AS count,
               coalesce(sum(d.trade_amount_fen) FILTER (WHERE d.agent_id = ${caller.agentId}), 0) AS own_amount,
               coalesce(sum(d.trade_count) FILTER (WHERE d.agent_id = ${caller.agentId}), 0) AS own_count
          FROM agent_daily_stats d JOIN agents a ON a.id = d.agent_id
         WHERE ${subtree} ${caller.topId ? sql`AND d.top_id = ${caller.topId}` : sql``}
           AND d.day >= ${start}::date AND d.day < (${start}::date + interval '1 month')
         GROUP BY d.day ORDER BY d.day`,
  );
  const sum = (pick: (d: (typeof days)[number]) => unknown) =>
    days.reduce((s, d) => s + n(pick(d)), 0);
  const ownAmount = sum((d) => d.own_amount);
  const ownCount = sum((d) => d.own_count);
  const teamAmount = sum((d) => d.amount);
  const teamCount = sum((d) => d.count);
  return {
    month: m,
    own: { amountFen: ownAmount, count: ownCount },
    team: { amountFen: teamAmount, count: teamCount },
    byDay: days.map((d) => ({
      day: String(d.day).slice(0, 10),
      amountFen: n(d.amount),
      count: n(d.count),
    })),
  };
}
