import type { TradeStats } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { shanghaiMonth } from '../../lib/shanghai-dates';

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
  const own = sql`d.agent_id = ${caller.agentId}`;
  const days = await select(
    db,
    {
      day: sql`d.day::text`.mapWith(decode.text),
      amount: sql`sum(d.trade_amount_fen)`.mapWith(decode.number),
      count: sql`sum(d.trade_count)`.mapWith(decode.number),
      ownAmount: sql`coalesce(sum(d.trade_amount_fen) FILTER (WHERE ${own}), 0)`.mapWith(
        decode.number,
      ),
      ownCount: sql`coalesce(sum(d.trade_count) FILTER (WHERE ${own}), 0)`.mapWith(decode.number),
    },
    sql`FROM agent_daily_stats d JOIN agents a ON a.id = d.agent_id
         WHERE ${subtree} ${caller.topId ? sql`AND d.top_id = ${caller.topId}` : sql``}
           AND d.day >= ${start}::date AND d.day < (${start}::date + interval '1 month')
         GROUP BY d.day ORDER BY d.day`,
  );
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + pick(d), 0);
  const ownAmount = sum((d) => d.ownAmount);
  const ownCount = sum((d) => d.ownCount);
  const teamAmount = sum((d) => d.amount);
  const teamCount = sum((d) => d.count);
  return {
    month: m,
    own: { amountFen: ownAmount, count: ownCount },
    team: { amountFen: teamAmount, count: teamCount },
    byDay: days.map((d) => ({
      day: d.day.slice(0, 10),
      amountFen: d.amount,
      count: d.count,
    })),
  };
}
