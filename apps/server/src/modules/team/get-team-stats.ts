import { TEAM_TREND_MONTHS, type TeamStatsQuery, type TeamStatsResponse } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bound, decode, prepareSelect, prepareVariants } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import {
  figureFields,
  figuresOf,
  NO_FIGURES,
  ownFiguresSql,
  teamFiguresSql,
  terminalFields,
  terminalsOf,
} from './figures';
import { levelName } from './levels';
import { currentMonth, monthKey, monthStartInstant, shiftMonth } from './month';
import { displayName } from './names';
import { shownMobile } from '../../lib/people';
import { inSubtree, resolveTeamAgent } from './scope';
import { teamTerminalCountsSql } from './terminal-counts';

/**
 * The month's figures, one statement per variant (whether the caller has a tree), compiled on
 * first use and run as a named prepared statement: planning and building it cost more than
 * running it (issue 35).
 */
const monthStats = prepareVariants('team_stats', (variant: 'tree' | 'all') => {
  const topId = variant === 'tree' ? bound('topId') : null;
  return {
    shape: {
      directCount: sql`(SELECT count(*) FROM agents k
        WHERE k.parent_id = ${bound('agentId')}${topId ? sql` AND k.top_id = ${topId}` : sql``})`.mapWith(
        decode.number,
      ),
      teamSize:
        sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, bound('path'))}) - 1`.mapWith(
          decode.number,
        ),
      newAgents: sql`(SELECT count(*) FROM agents d
        WHERE ${inSubtree(sql`d.path`, bound('path'))} AND d.id <> ${bound('agentId')}
          AND d.created_at >= ${bound('monthStart')}::timestamptz
          AND d.created_at < ${bound('monthEnd')}::timestamptz)`.mapWith(decode.number),
      ...figureFields('o', 'own'),
      ...figureFields('f', 'team'),
      ...terminalFields('t', 'team'),
    },
    rest: sql`FROM (${ownFiguresSql(sql`${bound('agentId')}::bigint`, bound('month'), topId)}) o
      CROSS JOIN (${teamFiguresSql(bound('path'), bound('month'))}) f
      CROSS JOIN (${teamTerminalCountsSql(bound('path'))}) t`,
  };
});

/** The team's figures for the months before it: one equality probe of the (month, path) index per month. */
const trendOf = prepareSelect(
  'team_stats_trend_v2',
  { month: sql`to_char(s.month, 'YYYY-MM')`.mapWith(decode.text), ...figureFields('s', 'month') },
  sql`FROM (SELECT m.month,
      sum(m.trade_amount_fen) AS trade_amount_fen, sum(m.trade_count) AS trade_count,
      sum(m.new_merchants) AS new_merchants, sum(m.activated_terminals) AS activated_terminals
    FROM agent_monthly_stats m
    WHERE m.month = ANY(${bound('months')}::date[]) AND ${inSubtree(sql`m.path`, bound('path'))}
    GROUP BY m.month) s`,
);

/**
 * A month of an agent's team (the caller's, or an agent's of its subtree): own and team figures,
 * team size, new agents, terminals, and the team's figures for the months before it. Everything
 * is read from the monthly rollup by path range, so the cost grows with the months shown and the
 * subtree's agents, never with transactions.
 */
export async function getTeamStats(
  db: DbOrTx,
  caller: Caller,
  query: TeamStatsQuery,
): Promise<TeamStatsResponse> {
  const agent = await resolveTeamAgent(db, caller, query.id);
  const month = query.month ?? currentMonth();
  const months = Array.from({ length: TEAM_TREND_MONTHS }, (_, i) =>
    shiftMonth(month, i - TEAM_TREND_MONTHS + 1),
  );
  const path = agent.path;
  const inTree = caller.topId !== null;
  const values: Record<string, unknown> = {
    agentId: agent.id,
    path,
    month: monthKey(month),
    monthStart: monthStartInstant(month).toISOString(),
    monthEnd: monthStartInstant(shiftMonth(month, 1)).toISOString(),
  };
  if (inTree) values.topId = caller.topId;
  // The month's figures and the trend are read side by side.
  const [[r], trendRows] = await Promise.all([
    monthStats(inTree ? 'tree' : 'all').all(db, values),
    trendOf.all(db, { path, months: `{${months.map(monthKey).join(',')}}` }),
  ]);
  const levels = agent.levels;
  // Sums without GROUP BY: always one row.
  if (!r) throw new Error('the team stats read no row');
  const byMonth = new Map(trendRows.map((t) => [t.month, figuresOf(t, 'month')]));

  const isSelf = agent.id === caller.agentId;
  return {
    agent: {
      id: agent.id,
      name: displayName(caller, agent),
      mobile: shownMobile(caller, agent, agent.mobile),
      level: agent.level,
      levelName: levelName(levels, agent.level),
      isSelf,
    },
    month,
    own: figuresOf(r, 'own'),
    team: figuresOf(r, 'team'),
    teamSize: r.teamSize,
    directCount: r.directCount,
    newAgents: r.newAgents,
    terminals: terminalsOf(r, 'team'),
    // A month without a rollup row had no figures: zeros.
    trend: months.map((m) => ({ month: m, ...(byMonth.get(m) ?? NO_FIGURES) })),
  };
}
