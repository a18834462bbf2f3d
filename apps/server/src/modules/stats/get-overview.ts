import { STATS_TREND_DAYS, type StatsOverview, type StatsOverviewQuery } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { addDays, dayStartInstant, monthDays, shanghaiMonth, shanghaiToday } from './dates';
import {
  dailyEarnings,
  dailyFigures,
  own,
  rangeFigures,
  team,
  terminalCounts,
} from './figures-sql';
import { inPathCopy, num, resolveStatsAgent, shownName } from './scope';

/**
 * The data tab (/pages/data/index): the caller's month, own against team, its earnings, new and
 * activated terminals, the terminals it and its team hold, and the volume of the last days.
 *
 * Figures come from the rollups: the month's own and team figures from agent_monthly_stats (one
 * row, and one index range over the subtree), earnings from agent_daily_earnings, terminal counts
 * from terminal_stock_counts, the trend from agent_daily_stats over seven days. The one read that
 * is not a rollup is "new terminals": no rollup records bindings, so it counts the subtree's bound
 * terminals whose binding falls in the month, a range of the (bind status, holder path) index —
 * bounded by the subtree's bound terminals, never by transactions.
 */
export async function getOverview(
  db: DbOrTx,
  caller: Caller,
  query: StatsOverviewQuery,
  now: Date = new Date(),
): Promise<StatsOverview> {
  const agent = await resolveStatsAgent(db, caller);
  const today = shanghaiToday(now);
  const month = query.month ?? shanghaiMonth(now);
  if (month > today.slice(0, 7)) throw badRequest('不能查询未来的月份', 'month');
  const { first, last } = monthDays(month);
  const end = last < today ? last : today;

  const trendFrom = addDays(end, -(STATS_TREND_DAYS - 1));
  const [ownFigures, teamFigures, earnings, counts, ownDaily, teamDaily, bound] = await Promise.all(
    [
      rangeFigures(db, own(agent.id, caller.topId), first, last),
      rangeFigures(db, team(agent.path, agent.topId, caller.topId), first, last),
      dailyEarnings(db, agent.id, first, last, caller.topId),
      terminalCounts(db, agent.path),
      dailyFigures(db, own(agent.id, caller.topId), trendFrom, end),
      dailyFigures(db, team(agent.path, agent.topId, caller.topId), trendFrom, end),
      rows<{ own: unknown; team: unknown }>(
        db,
        sql`SELECT count(*) FILTER (WHERE t.holder_path = (${agent.path} COLLATE "C")) AS own, count(*) AS team
          FROM terminals t
          WHERE t.bind_status IN (1, 3) AND t.deleted_at IS NULL
            AND ${inPathCopy(sql`t.holder_path`, agent.path)}
            AND t.bound_at >= ${dayStartInstant(first).toISOString()}::timestamptz
            AND t.bound_at < ${dayStartInstant(addDays(last, 1)).toISOString()}::timestamptz`,
      ),
    ],
  );

  const trend = [];
  for (let day = trendFrom; day <= end; day = addDays(day, 1)) {
    const t = teamDaily.get(day);
    trend.push({
      day,
      ownAmountFen: ownDaily.get(day)?.tradeAmountFen ?? 0,
      teamAmountFen: t?.tradeAmountFen ?? 0,
      teamCount: t?.tradeCount ?? 0,
    });
  }

  return {
    agent: { id: agent.id, name: shownName(agent), isSelf: agent.isSelf },
    month,
    today,
    own: ownFigures,
    team: teamFigures,
    earningsFen: [...earnings.values()].reduce((s, v) => s + v, 0),
    newTerminals: { own: num(bound[0]?.own), team: num(bound[0]?.team) },
    terminals: counts,
    trend,
  };
}
