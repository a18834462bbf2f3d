import type { StatsDayRow, StatsReport, StatsReportParams } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { addDays } from './dates';
import { dailyEarnings, dailyFigures, own, rangeFigures, team, type Who } from './figures-sql';
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

  // The range's earnings per day (at most 366 rows per info type) serve both the totals and the
  // page's rows.
  const [totals, totalEarnings, days] = await Promise.all([
    rangeFigures(db, who, from, to),
    dailyEarnings(db, agent.id, from, to, caller.topId),
    dailyFigures(db, who, lo, hi),
  ]);

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
