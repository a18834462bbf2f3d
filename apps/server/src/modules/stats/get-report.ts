import type { StatsDayRow, StatsReport, StatsReportParams } from '@pos/core';
import { sql } from 'drizzle-orm';
import { nameByText, type DbOrTx } from '../../db/client';
import { decode, preparedSelect, selection } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { addDays } from '../../lib/shanghai-dates';
import {
  dailyRows,
  earningTypes,
  own,
  figureFields,
  rangeFiguresSql,
  team,
  toFigures,
  type Who,
} from './figures-sql';
import { readRange } from './range';
import { resolveStatsAgent, shownName } from './scope';

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
  const who: Who =
    query.scope === 'own'
      ? own(agent.id, caller.topId)
      : team(agent.path, agent.topId, caller.topId);

  const hi = query.cursor ? addDays(query.cursor, -1) : to;
  const lowest = addDays(hi, -(query.pageSize - 1));
  const lo = lowest < from ? from : lowest;

  // The range's totals, its earnings per day (at most 366 rows per info type; they serve both the
  // totals and the page's rows) and the page's days: one statement, one round trip (issue 35).
  type Earned = { d: string; a: number | string };
  type Day = { d: string } & Record<'a' | 'c' | 'n' | 't', number | string>;
  const [r] = await preparedSelect(
    db,
    nameByText('stats_report'),
    selection({
      ...figureFields('tot'),
      earnings: sql`(SELECT json_agg(json_build_object('d', e.day::text, 'a', e.amount))
           FROM (SELECT day, sum(amount_fen) AS amount FROM agent_daily_earnings
                  WHERE agent_id = ${agent.id}${caller.topId == null ? sql`` : sql` AND top_id = ${caller.topId}::bigint`}
                    AND day BETWEEN ${from}::date AND ${to}::date
                    AND info_type = ANY(${earningTypes()})
                  GROUP BY day) e)`.mapWith(decode.json<Earned[] | null>()),
      days: sql`(SELECT json_agg(json_build_object('d', x.day::text, 'a', x.a, 'c', x.c, 'n', x.n, 't', x.t))
           FROM (SELECT y.day, sum(y.a) AS a, sum(y.c) AS c, sum(y.n) AS n, sum(y.t) AS t
                   FROM (${dailyRows(who, lo, hi)}) y GROUP BY y.day) x)`.mapWith(
        decode.json<Day[] | null>(),
      ),
    }),
    sql`FROM (${rangeFiguresSql(who, from, to)}) tot`,
  );
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
