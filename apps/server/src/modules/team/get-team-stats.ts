import { TEAM_TREND_MONTHS, type TeamStatsQuery, type TeamStatsResponse } from '@pos/core';
import { sql } from 'drizzle-orm';
import { nameByText, type DbOrTx } from '../../db/client';
import { decode, preparedSelect, selection } from '../../db/typed';
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
import { levelName, loadLevels } from './levels';
import { currentMonth, monthKey, monthStartInstant, shiftMonth } from './month';
import { displayName } from './names';
import { shownMobile } from '../../lib/people';
import { andInTree } from '../../db/tree';
import { inSubtree, resolveTeamAgent } from './scope';
import { teamTerminalCountsSql } from './terminal-counts';

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
  const key = monthKey(month);
  const path = sql`${agent.path}::text`;
  const monthStart = monthStartInstant(month);
  const monthEnd = monthStartInstant(shiftMonth(month, 1));

  const months = Array.from({ length: TEAM_TREND_MONTHS }, (_, i) =>
    shiftMonth(month, i - TEAM_TREND_MONTHS + 1),
  );
  // The month's figures, the trend and the level names are read side by side, the two statements
  // as named prepared statements: planning them cost more than running them (issue 35).
  const [[r], trendRows, levels] = await Promise.all([
    preparedSelect(
      db,
      nameByText('team_stats'),
      selection({
        directCount: sql`(SELECT count(*) FROM agents k
          WHERE k.parent_id = ${agent.id}${andInTree('k.top_id', caller)})`.mapWith(decode.number),
        teamSize:
          sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)}) - 1`.mapWith(
            decode.number,
          ),
        newAgents:
          sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)} AND d.id <> ${agent.id}
            AND d.created_at >= ${monthStart.toISOString()}::timestamptz
            AND d.created_at < ${monthEnd.toISOString()}::timestamptz)`.mapWith(decode.number),
        ...figureFields('o', 'own'),
        ...figureFields('f', 'team'),
        ...terminalFields('t', 'team'),
      }),
      sql`FROM (${ownFiguresSql(sql`${agent.id}::bigint`, key, caller)}) o
      CROSS JOIN (${teamFiguresSql(path, key)}) f
      CROSS JOIN (${teamTerminalCountsSql(path)}) t`,
    ),
    // One equality probe of the (month, path) index per month, not a scan across all months.
    preparedSelect(
      db,
      nameByText('team_stats_trend'),
      selection({
        month: sql`to_char(s.month, 'YYYY-MM')`.mapWith(decode.text),
        ...figureFields('s', 'month'),
      }),
      sql`FROM (SELECT m.month,
          sum(m.trade_amount_fen) AS trade_amount_fen, sum(m.trade_count) AS trade_count,
          sum(m.new_merchants) AS new_merchants, sum(m.activated_terminals) AS activated_terminals
        FROM agent_monthly_stats m
        WHERE m.month = ANY(${`{${months.map(monthKey).join(',')}}`}::date[]) AND ${inSubtree(sql`m.path`, path)}
        GROUP BY m.month) s`,
    ),
    loadLevels(db),
  ]);
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
