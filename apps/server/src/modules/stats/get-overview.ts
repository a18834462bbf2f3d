import {
  STATS_TREND_DAYS,
  type StatsOverview,
  type StatsOverviewQuery,
  type StatsTerminalCounts,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { nameByText, preparedRows, type DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import {
  addDays,
  dayStartInstant,
  monthDays,
  shanghaiMonth,
  shanghaiToday,
} from '../../lib/shanghai-dates';
import {
  dailyRows,
  earningTypes,
  own,
  rangeFiguresSql,
  team,
  toFigures,
  type Who,
} from './figures-sql';
import { resolveStatsAgent, shownName, type StatsAgentRow } from './scope';
import { num } from '../../db/convert';
import { inPathCopy } from '../../db/tree';

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
 *
 * After the agent, every figure is one statement (overviewSql), one round trip: it was seven
 * statements in parallel, which cost more in round trips and per-statement work than in reading
 * (issue 35); app-reads-pinned.test.ts pins its result against the seven.
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
  const [r] = await preparedRows<Record<string, unknown>>(
    db,
    nameByText('stats_overview'),
    overviewSql(agent, caller.topId, { first, last, trendFrom, end }),
  );
  if (!r) throw new Error('the overview read no row');
  const ownDaily = dailyOf(r.own_daily);
  const teamDaily = dailyOf(r.team_daily);

  const trend = [];
  for (let day = trendFrom; day <= end; day = addDays(day, 1)) {
    const t = teamDaily.get(day);
    trend.push({
      day,
      ownAmountFen: ownDaily.get(day)?.a ?? 0,
      teamAmountFen: t?.a ?? 0,
      teamCount: t?.c ?? 0,
    });
  }
  const counts = (prefix: string): StatsTerminalCounts => ({
    unbound: num(r[`${prefix}_unbound`]),
    bound: num(r[`${prefix}_bound`]),
    activated: num(r[`${prefix}_activated`]),
  });

  return {
    agent: { id: agent.id, name: shownName(agent), isSelf: agent.isSelf },
    month,
    today,
    own: toFigures(r, 'o_'),
    team: toFigures(r, 't_'),
    earningsFen: num(r.earnings),
    newTerminals: { own: num(r.new_own), team: num(r.new_team) },
    terminals: { own: counts('own'), team: counts('team') },
    trend,
  };
}

/** Per-day figures as the overview statement returns them: [{ d, a, c }] or null. */
function dailyOf(v: unknown): Map<string, { a: number; c: number }> {
  const list = (typeof v === 'string' ? JSON.parse(v) : v) as
    { d: string; a: unknown; c: unknown }[] | null;
  return new Map((list ?? []).map((x) => [x.d.slice(0, 10), { a: num(x.a), c: num(x.c) }]));
}

/** A day's summed figures of `who` between two days, as a JSON array. */
const dailyJson = (who: Who, from: string, to: string): SQL =>
  sql`(SELECT json_agg(json_build_object('d', x.day::text, 'a', x.a, 'c', x.c))
         FROM (SELECT y.day, sum(y.a) AS a, sum(y.c) AS c FROM (${dailyRows(who, from, to)}) y
               GROUP BY y.day) x)`;

/** Every figure of the overview in one row (one round trip); the same reads as before. */
export function overviewSql(
  agent: Pick<StatsAgentRow, 'id' | 'path' | 'topId'>,
  tree: number | null,
  days: { first: string; last: string; trendFrom: string; end: string },
): SQL {
  const { first, last, trendFrom, end } = days;
  const mine = own(agent.id, tree);
  const all = team(agent.path, agent.topId, tree);
  const path = agent.path;
  return sql`SELECT o.trade_amount_fen AS o_trade_amount_fen, o.trade_count AS o_trade_count,
      o.new_merchants AS o_new_merchants, o.activated_terminals AS o_activated_terminals,
      f.trade_amount_fen AS t_trade_amount_fen, f.trade_count AS t_trade_count,
      f.new_merchants AS t_new_merchants, f.activated_terminals AS t_activated_terminals,
      (SELECT coalesce(sum(e.amount_fen), 0) FROM agent_daily_earnings e
        WHERE e.agent_id = ${agent.id}::bigint${tree === null ? sql`` : sql` AND e.top_id = ${tree}::bigint`}
          AND e.day BETWEEN ${first}::date AND ${last}::date
          AND e.info_type = ANY(${earningTypes()})) AS earnings,
      nt.own AS new_own, nt.team AS new_team,
      tc.own_unbound, tc.own_bound, tc.own_activated,
      tc.team_unbound, tc.team_bound, tc.team_activated,
      ${dailyJson(mine, trendFrom, end)} AS own_daily,
      ${dailyJson(all, trendFrom, end)} AS team_daily
    FROM (${rangeFiguresSql(mine, first, last)}) o
    CROSS JOIN (${rangeFiguresSql(all, first, last)}) f
    CROSS JOIN (SELECT count(*) FILTER (WHERE t.holder_path = (${path} COLLATE "C")) AS own, count(*) AS team
          FROM terminals t
          WHERE t.bind_status IN (1, 3) AND t.deleted_at IS NULL
            AND ${inPathCopy(sql`t.holder_path`, path)}
            AND t.bound_at >= ${dayStartInstant(first).toISOString()}::timestamptz
            AND t.bound_at < ${dayStartInstant(addDays(last, 1)).toISOString()}::timestamptz) nt
    CROSS JOIN (SELECT
          coalesce(sum(c.n) FILTER (WHERE c.mine AND c.bind_status = 0), 0) AS own_unbound,
          coalesce(sum(c.n) FILTER (WHERE c.mine AND c.bind_status = 1), 0) AS own_bound,
          coalesce(sum(c.n) FILTER (WHERE c.mine AND c.bind_status NOT IN (0, 1)), 0) AS own_activated,
          coalesce(sum(c.n) FILTER (WHERE c.bind_status = 0), 0) AS team_unbound,
          coalesce(sum(c.n) FILTER (WHERE c.bind_status = 1), 0) AS team_bound,
          coalesce(sum(c.n) FILTER (WHERE c.bind_status NOT IN (0, 1)), 0) AS team_activated
        FROM (SELECT (s.holder_path = (${path} COLLATE "C")) AS mine, s.bind_status, s.n
                FROM terminal_stock_counts s
               WHERE s.holder_path >= (${path} COLLATE "C") AND s.holder_path < (${path + '~'} COLLATE "C")) c) tc`;
}
