import { STATS_TREND_DAYS, type StatsOverview, type StatsOverviewQuery } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bound, decode, prepareVariants } from '../../db/typed';
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
  boundOwn,
  boundRangeFiguresSql,
  boundTeam,
  dailyRows,
  earningTypesLiteral,
  figureFields,
  rangeValues,
  type RangeCut,
  type Who,
} from './figures-sql';
import { resolveStatsAgent, shownName } from './scope';

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
 * (issue 35); app-reads-pinned.test.ts pins its result against the seven. The statement is
 * compiled once per variant and each call binds its values: building and rendering it per call
 * was 11–18 % of the server's time on the route (issue 35).
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
  const inTree = caller.topId !== null;
  const range = rangeValues('r', first, last);
  const values: Record<string, unknown> = {
    ...range.values,
    agentId: agent.id,
    path: agent.path,
    pathEnd: `${agent.path}~`,
    topId: agent.topId,
    first,
    last,
    trendFrom,
    end,
    boundFrom: dayStartInstant(first).toISOString(),
    boundTo: dayStartInstant(addDays(last, 1)).toISOString(),
  };
  if (inTree) values.tree = caller.topId;
  const r = await overviewOf(`${inTree ? 'tree' : 'all'}.${range.cut}`).one(db, values);
  if (!r) throw new Error('the overview read no row');
  const ownDaily = dailyOf(r.ownDaily);
  const teamDaily = dailyOf(r.teamDaily);

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

  return {
    agent: { id: agent.id, name: shownName(agent), isSelf: agent.isSelf },
    month,
    today,
    own: {
      tradeAmountFen: r.oTradeAmountFen,
      tradeCount: r.oTradeCount,
      newMerchants: r.oNewMerchants,
      activatedTerminals: r.oActivatedTerminals,
    },
    team: {
      tradeAmountFen: r.tTradeAmountFen,
      tradeCount: r.tTradeCount,
      newMerchants: r.tNewMerchants,
      activatedTerminals: r.tActivatedTerminals,
    },
    earningsFen: r.earnings,
    newTerminals: { own: r.newOwn, team: r.newTeam },
    terminals: {
      own: { unbound: r.ownUnbound, bound: r.ownBound, activated: r.ownActivated },
      team: { unbound: r.teamUnbound, bound: r.teamBound, activated: r.teamActivated },
    },
    trend,
  };
}

type DayJson = { d: string; a: number | string; c: number | string };

/** Per-day figures as the overview statement returns them: [{ d, a, c }] or null. */
function dailyOf(list: DayJson[] | null): Map<string, { a: number; c: number }> {
  return new Map((list ?? []).map((x) => [x.d.slice(0, 10), { a: Number(x.a), c: Number(x.c) }]));
}

/** A day's summed figures of `who` between two days, as a JSON array. */
const dailyJson = (who: Who, from: SQL, to: SQL): SQL =>
  sql`(SELECT json_agg(json_build_object('d', x.day::text, 'a', x.a, 'c', x.c))
         FROM (SELECT y.day, sum(y.a) AS a, sum(y.c) AS c FROM (${dailyRows(who, from, to)}) y
               GROUP BY y.day) x)`;

/** A number read from a subquery's column. */
const n = (column: string) => sql.raw(column).mapWith(decode.number);

/** What decides the overview's text: whether the caller has a tree, and how its month is cut. */
type Variant = `${'tree' | 'all'}.${RangeCut}`;

/**
 * Every figure of the overview in one row (one round trip), one statement per variant compiled
 * once with every value bound at each call (issue 35): the shape it selects and the statement
 * after its SELECT list. The values: agentId, path, pathEnd (path + '~'), topId, tree (with a
 * tree), first and last (the month), trendFrom and end (the trend's days), boundFrom and boundTo
 * (the month's instants), and the month's cut as rangeValues('r', …) names it.
 */
function overviewSql(variant: Variant) {
  const [tree, cut] = variant.split('.') as ['tree' | 'all', RangeCut];
  const inTree = tree === 'tree';
  const mine = boundOwn(inTree);
  const all = boundTeam(inTree);
  const path = bound('path');
  const o = figureFields('o');
  const f = figureFields('f');
  const shape = {
    oTradeAmountFen: o.tradeAmountFen,
    oTradeCount: o.tradeCount,
    oNewMerchants: o.newMerchants,
    oActivatedTerminals: o.activatedTerminals,
    tTradeAmountFen: f.tradeAmountFen,
    tTradeCount: f.tradeCount,
    tNewMerchants: f.newMerchants,
    tActivatedTerminals: f.activatedTerminals,
    earnings: sql`(SELECT coalesce(sum(e.amount_fen), 0) FROM agent_daily_earnings e
        WHERE e.agent_id = ${bound('agentId')}::bigint${inTree ? sql` AND e.top_id = ${bound('tree')}::bigint` : sql``}
          AND e.day BETWEEN ${bound('first')}::date AND ${bound('last')}::date
          AND e.info_type = ANY(${earningTypesLiteral()}))`.mapWith(decode.number),
    newOwn: n('nt.own'),
    newTeam: n('nt.team'),
    ownUnbound: n('tc.own_unbound'),
    ownBound: n('tc.own_bound'),
    ownActivated: n('tc.own_activated'),
    teamUnbound: n('tc.team_unbound'),
    teamBound: n('tc.team_bound'),
    teamActivated: n('tc.team_activated'),
    ownDaily: dailyJson(mine, bound('trendFrom'), bound('end')).mapWith(
      decode.json<DayJson[] | null>(),
    ),
    teamDaily: dailyJson(all, bound('trendFrom'), bound('end')).mapWith(
      decode.json<DayJson[] | null>(),
    ),
  };
  const rest = sql`FROM (${boundRangeFiguresSql(mine, cut, 'r')}) o
    CROSS JOIN (${boundRangeFiguresSql(all, cut, 'r')}) f
    CROSS JOIN (SELECT count(*) FILTER (WHERE t.holder_path = (${path} COLLATE "C")) AS own, count(*) AS team
          FROM terminals t
          WHERE t.bind_status IN (1, 3) AND t.deleted_at IS NULL
            AND (t.holder_path >= (${path} COLLATE "C") AND t.holder_path < (${bound('pathEnd')} COLLATE "C"))
            AND t.bound_at >= ${bound('boundFrom')}::timestamptz
            AND t.bound_at < ${bound('boundTo')}::timestamptz) nt
    CROSS JOIN (SELECT
          coalesce(sum(c.n) FILTER (WHERE c.mine AND c.bind_status = 0), 0) AS own_unbound,
          coalesce(sum(c.n) FILTER (WHERE c.mine AND c.bind_status = 1), 0) AS own_bound,
          coalesce(sum(c.n) FILTER (WHERE c.mine AND c.bind_status NOT IN (0, 1)), 0) AS own_activated,
          coalesce(sum(c.n) FILTER (WHERE c.bind_status = 0), 0) AS team_unbound,
          coalesce(sum(c.n) FILTER (WHERE c.bind_status = 1), 0) AS team_bound,
          coalesce(sum(c.n) FILTER (WHERE c.bind_status NOT IN (0, 1)), 0) AS team_activated
        FROM (SELECT (s.holder_path = (${path} COLLATE "C")) AS mine, s.bind_status, s.n
                FROM terminal_stock_counts s
               WHERE s.holder_path >= (${path} COLLATE "C") AND s.holder_path < (${bound('pathEnd')} COLLATE "C")) c) tc`;
  return { shape, rest };
}

const overviewOf = prepareVariants('stats_overview', (variant: Variant) => overviewSql(variant));
