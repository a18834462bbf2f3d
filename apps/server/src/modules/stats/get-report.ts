import type { StatsDayRow, StatsReport, StatsReportParams } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bound, decode, prepareVariants } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { addDays } from '../../lib/shanghai-dates';
import {
  boundOwn,
  boundRangeFiguresSql,
  boundTeam,
  dailyRows,
  earningTypesLiteral,
  figureFields,
  rangeValues,
  toFigures,
  type RangeCut,
} from './figures-sql';
import { readRange } from './range';
import { resolveStatsAgent, shownName } from './scope';

type Earned = { d: string; a: number | string };
type Day = { d: string } & Record<'a' | 'c' | 'n' | 't', number | string>;

/** What decides the report's text: its scope, whether the caller has a tree, the range's cut. */
type Variant = `${'own' | 'team'}.${'tree' | 'all'}.${RangeCut}`;

/**
 * The report's statement, one per variant, compiled once with every value bound at each call:
 * building and rendering it per call was 11–18 % of the server's time on the route (issue 35).
 * The values: agentId, from and to (the range), lo and hi (the page's days), path and topId (a
 * team), tree (with a tree), and the range's cut as rangeValues('r', …) names it.
 */
const reportOf = prepareVariants('stats_report', (variant: Variant) => {
  const [scope, tree, cut] = variant.split('.') as ['own' | 'team', 'tree' | 'all', RangeCut];
  const inTree = tree === 'tree';
  const who = scope === 'own' ? boundOwn(inTree) : boundTeam(inTree);
  return {
    shape: {
      ...figureFields('tot'),
      earnings: sql`(SELECT json_agg(json_build_object('d', e.day::text, 'a', e.amount))
           FROM (SELECT day, sum(amount_fen) AS amount FROM agent_daily_earnings
                  WHERE agent_id = ${bound('agentId')}${inTree ? sql` AND top_id = ${bound('tree')}::bigint` : sql``}
                    AND day BETWEEN ${bound('from')}::date AND ${bound('to')}::date
                    AND info_type = ANY(${earningTypesLiteral()})
                  GROUP BY day) e)`.mapWith(decode.json<Earned[] | null>()),
      days: sql`(SELECT json_agg(json_build_object('d', x.day::text, 'a', x.a, 'c', x.c, 'n', x.n, 't', x.t))
           FROM (SELECT y.day, sum(y.a) AS a, sum(y.c) AS c, sum(y.n) AS n, sum(y.t) AS t
                   FROM (${dailyRows(who, bound('lo'), bound('hi'))}) y GROUP BY y.day) x)`.mapWith(
        decode.json<Day[] | null>(),
      ),
    },
    rest: sql`FROM (${boundRangeFiguresSql(who, cut, 'r')}) tot`,
  };
});

/**
 * The statistics report (/pages/home/statistics/index): an agent's figures (its own, or its
 * team's) over a range of days, with the range's totals and one row per day, newest first, in
 * keyset pages of days (the cursor is the last day shown).
 *
 * A page reads the daily rollup for its own days only, and the totals read whole months from the
 * monthly rollup, so the cost grows with the days shown (and, for a team, the agents in it),
 * never with transactions. Earnings are the agent's own whichever scope is shown.
 */
export async function getReport(
  db: DbOrTx,
  caller: Caller,
  query: StatsReportParams,
  now: Date = new Date(),
): Promise<StatsReport> {
  const agent = await resolveStatsAgent(db, caller, query.agentId);
  const { from, to } = readRange(query, now);
  if (query.cursor !== undefined && (query.cursor <= from || query.cursor > addDays(to, 1))) {
    throw badRequest('分页游标格式错误', 'cursor');
  }
  const hi = query.cursor ? addDays(query.cursor, -1) : to;
  const lowest = addDays(hi, -(query.pageSize - 1));
  const lo = lowest < from ? from : lowest;

  // The range's totals, its earnings per day (at most 366 rows per info type; they serve both the
  // totals and the page's rows) and the page's days: one statement, one round trip (issue 35).
  const inTree = caller.topId !== null;
  const range = rangeValues('r', from, to);
  const values: Record<string, unknown> = {
    ...range.values,
    agentId: agent.id,
    from,
    to,
    lo,
    hi,
  };
  if (query.scope !== 'own') Object.assign(values, { path: agent.path, topId: agent.topId });
  if (inTree) values.tree = caller.topId;
  const variant: Variant = `${query.scope === 'own' ? 'own' : 'team'}.${inTree ? 'tree' : 'all'}.${range.cut}`;
  const r = await reportOf(variant).one(db, values);
  if (!r) throw new Error('the report read no row');
  const totals = toFigures(r);
  const totalEarnings = new Map((r.earnings ?? []).map((e) => [e.d.slice(0, 10), Number(e.a)]));
  const days = new Map(
    (r.days ?? []).map((d) => [
      d.d.slice(0, 10),
      {
        tradeAmountFen: Number(d.a),
        tradeCount: Number(d.c),
        newMerchants: Number(d.n),
        activatedTerminals: Number(d.t),
      },
    ]),
  );

  const rowsOut: StatsDayRow[] = [];
  for (let day = hi; day >= lo; day = addDays(day, -1)) {
    const f = days.get(day);
    rowsOut.push({
      day,
      tradeAmountFen: f?.tradeAmountFen ?? 0,
      tradeCount: f?.tradeCount ?? 0,
      newMerchants: f?.newMerchants ?? 0,
      activatedTerminals: f?.activatedTerminals ?? 0,
      earningsFen: totalEarnings.get(day) ?? 0,
    });
  }

  return {
    agent: { id: agent.id, name: shownName(agent), isSelf: agent.isSelf },
    from,
    to,
    scope: query.scope,
    totals: { ...totals, earningsFen: [...totalEarnings.values()].reduce((s, v) => s + v, 0) },
    rows: rowsOut,
    nextCursor: lo > from ? lo : null,
  };
}
