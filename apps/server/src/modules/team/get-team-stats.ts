import { TEAM_TREND_MONTHS, type TeamStatsQuery, type TeamStatsResponse } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { num, ownFiguresSql, teamFiguresSql, toFigures, toTerminals } from './figures';
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

  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT
        (SELECT count(*) FROM agents k
          WHERE k.parent_id = ${agent.id}${andInTree('k.top_id', caller)}) AS direct_count,
        (SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)}) - 1 AS team_size,
        (SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)} AND d.id <> ${agent.id}
            AND d.created_at >= ${monthStart.toISOString()}::timestamptz
            AND d.created_at < ${monthEnd.toISOString()}::timestamptz) AS new_agents,
        o.trade_amount_fen AS own_trade_amount_fen, o.trade_count AS own_trade_count,
        o.new_merchants AS own_new_merchants, o.activated_terminals AS own_activated_terminals,
        f.trade_amount_fen AS team_trade_amount_fen, f.trade_count AS team_trade_count,
        f.new_merchants AS team_new_merchants, f.activated_terminals AS team_activated_terminals,
        t.stock, t.bound, t.activated
      FROM (${ownFiguresSql(sql`${agent.id}::bigint`, key, caller)}) o
      CROSS JOIN (${teamFiguresSql(path, key)}) f
      CROSS JOIN (${teamTerminalCountsSql(path)}) t`,
  );

  const months = Array.from({ length: TEAM_TREND_MONTHS }, (_, i) =>
    shiftMonth(month, i - TEAM_TREND_MONTHS + 1),
  );
  // One equality probe of the (month, path) index per month, not a scan across all months.
  const trendRows = await rows<Record<string, unknown>>(
    db,
    sql`SELECT to_char(m.month, 'YYYY-MM') AS month,
        sum(m.trade_amount_fen) AS trade_amount_fen, sum(m.trade_count) AS trade_count,
        sum(m.new_merchants) AS new_merchants, sum(m.activated_terminals) AS activated_terminals
      FROM agent_monthly_stats m
      WHERE m.month = ANY(${`{${months.map(monthKey).join(',')}}`}::date[]) AND ${inSubtree(sql`m.path`, path)}
      GROUP BY m.month`,
  );
  const byMonth = new Map(trendRows.map((t) => [String(t.month), t]));

  const levels = await loadLevels(db);
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
    own: toFigures(r ?? {}, 'own_'),
    team: toFigures(r ?? {}, 'team_'),
    teamSize: num(r?.team_size),
    directCount: num(r?.direct_count),
    newAgents: num(r?.new_agents),
    terminals: toTerminals(r ?? {}),
    trend: months.map((m) => ({ month: m, ...toFigures(byMonth.get(m) ?? {}) })),
  };
}
