import { type TeamAgentDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { decode, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import {
  figureFields,
  figuresOf,
  ownFiguresSql,
  teamFiguresSql,
  terminalFields,
  terminalsOf,
} from './figures';
import { levelName } from './levels';
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
  const r = await selectOne(
    db,
    {
      parentName: sql`(SELECT name FROM agents
          WHERE id = ${agent.parentId}${andInTree('top_id', caller)})`.mapWith(decode.textOrNull),
      childCount: sql`(SELECT count(*) FROM agents k
          WHERE k.parent_id = ${agent.id}${andInTree('k.top_id', caller)})`.mapWith(decode.number),
      teamSize:
        sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)}) - 1`.mapWith(
          decode.number,
        ),
      ...figureFields('o', 'own'),
      ...figureFields('f', 'team'),
      ...terminalFields('ot', 'own'),
      ...terminalFields('tt', 'team'),
    },
    sql`FROM (${ownFiguresSql(sql`${agent.id}::bigint`, key, caller.topId)}) o
      CROSS JOIN (${teamFiguresSql(path, key)}) f
      CROSS JOIN (${ownTerminalCountsSql(path)}) ot
      CROSS JOIN (${teamTerminalCountsSql(path)}) tt`,
  );
  // Sums without GROUP BY: always one row.
  if (!r) throw new Error('the agent detail read no row');
  const levels = agent.levels;
  const parentName = r.parentName;
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
      agent.parentId === null || parentName === null
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
    childCount: r.childCount,
    teamSize: r.teamSize,
    month,
    own: figuresOf(r, 'own'),
    team: figuresOf(r, 'team'),
    ownTerminals: terminalsOf(r, 'own'),
    teamTerminals: terminalsOf(r, 'team'),
    policies: await listOpenedPolicies(db, agent.id, caller),
  };
}
