import { type TeamAgentDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { num, ownFiguresSql, teamFiguresSql, toFigures, toTerminals } from './figures';
import { levelName, loadLevels } from './levels';
import { currentMonth, monthKey } from './month';
import { ancestorPath, displayName } from './names';
import { shownMobile } from '../../lib/people';
import { listOpenedPolicies } from './opened-policies';
import { andInTree } from '../../db/tree';
import { findAgentInScope, inSubtree } from './scope';
import { ownTerminalCountsSql, teamTerminalCountsSql } from './terminal-counts';

/** One agent of the caller's subtree (or the caller itself): profile, level, policies, figures. */
export async function getAgentDetail(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<TeamAgentDetail> {
  const agent = await findAgentInScope(db, caller, id);
  const month = currentMonth();
  const key = monthKey(month);
  const path = sql`${agent.path}::text`;
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT
        (SELECT name FROM agents
          WHERE id = ${agent.parentId}${andInTree('top_id', caller)}) AS parent_name,
        (SELECT count(*) FROM agents k
          WHERE k.parent_id = ${agent.id}${andInTree('k.top_id', caller)}) AS child_count,
        (SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)}) - 1 AS team_size,
        o.trade_amount_fen AS own_trade_amount_fen, o.trade_count AS own_trade_count,
        o.new_merchants AS own_new_merchants, o.activated_terminals AS own_activated_terminals,
        f.trade_amount_fen AS team_trade_amount_fen, f.trade_count AS team_trade_count,
        f.new_merchants AS team_new_merchants, f.activated_terminals AS team_activated_terminals,
        ot.stock AS own_stock, ot.bound AS own_bound, ot.activated AS own_activated,
        tt.stock AS team_stock, tt.bound AS team_bound, tt.activated AS team_activated
      FROM (${ownFiguresSql(sql`${agent.id}::bigint`, key, caller)}) o
      CROSS JOIN (${teamFiguresSql(path, key)}) f
      CROSS JOIN (${ownTerminalCountsSql(path)}) ot
      CROSS JOIN (${teamTerminalCountsSql(path)}) tt`,
  );
  const levels = await loadLevels(db);
  const parentName = r?.parent_name;
  const isSelf = agent.id === caller.agentId;
  return {
    id: agent.id,
    name: displayName(caller, agent),
    mobile: shownMobile(caller, agent, agent.mobile),
    idCardMasked: agent.idCardMasked,
    realNameVerified: agent.realNameVerified,
    level: agent.level,
    levelName: levelName(levels, agent.level),
    parentId: agent.parentId,
    parentName:
      agent.parentId === null || typeof parentName !== 'string'
        ? null
        : displayName(caller, {
            id: agent.parentId,
            name: parentName,
            path: ancestorPath(agent.path, agent.parentId) ?? undefined,
          }),
    // Allocating terminals and opening policies go to direct sub-agents only; for the platform,
    // its direct "children" are the top-level agents.
    isDirect:
      caller.role === 'operator' ? agent.parentId === null : agent.parentId === caller.agentId,
    isSelf,
    status: agent.status,
    createdAt: agent.createdAt.toISOString(),
    childCount: num(r?.child_count),
    teamSize: num(r?.team_size),
    month,
    own: toFigures(r ?? {}, 'own_'),
    team: toFigures(r ?? {}, 'team_'),
    ownTerminals: toTerminals(r ?? {}, 'own_'),
    teamTerminals: toTerminals(r ?? {}, 'team_'),
    policies: await listOpenedPolicies(db, agent.id, caller),
  };
}
