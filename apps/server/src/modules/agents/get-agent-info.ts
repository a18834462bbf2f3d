import { AGENT_LEVEL_PARAM, type AgentInfo } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, systemParams } from '../../db/schema';
import { decode, orNull, prepareSelect } from '../../db/typed';
import { unauthorized } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { agentLevelsFrom, levelName } from '../../lib/agent-levels';

const a = alias(agents, 'a');
const p = alias(agents, 'p');
const INFO = {
  id: a.id,
  mobile: a.mobile,
  name: a.name,
  level: a.level,
  inviteCode: a.inviteCode,
  parentId: a.parentId,
  parentName: orNull(p.name),
  realNameVerified: a.realNameVerified,
  idCardMasked: a.idCardMasked,
  isSpecificAccount: a.isSpecificAccount,
  mustChangePassword: a.mustChangePassword,
  hasPayPassword: sql`${a.payPasswordHash} IS NOT NULL`.mapWith(decode.bool),
  createdAt: a.createdAt,
  levels:
    sql`(SELECT ${systemParams.value} FROM ${systemParams} WHERE ${systemParams.key} = ${sql.placeholder('levelsKey')})`.mapWith(
      decode.text,
    ),
};
const agentId: SQL = sql`${sql.placeholder('agentId')}`;
const topId: SQL = sql`${sql.placeholder('topId')}`;
/** An operator's profile, by id alone. */
const info = prepareSelect<typeof INFO, 'levelsKey' | 'agentId'>(
  'agent-info-v5',
  INFO,
  sql`FROM agents a LEFT JOIN agents p ON ${p.id} = ${a.parentId} WHERE ${a.id} = ${agentId}`,
);
/** An agent's profile, read in its tree. */
const infoInTree = prepareSelect<typeof INFO, 'levelsKey' | 'agentId' | 'topId'>(
  'agent-info-v6',
  INFO,
  sql`FROM agents a LEFT JOIN agents p ON ${p.id} = ${a.parentId} AND ${p.topId} = ${topId}
      WHERE ${a.id} = ${agentId} AND ${a.topId} = ${topId}`,
);

/**
 * The signed-in agent's own profile, in one statement (the agent, its parent's name and the level
 * names). The ID card only ever leaves masked; the pay password only as whether one is set.
 * An agent's rows are read in its tree (top_id, decision 020), an operator's by its id alone;
 * each text has its own prepared statement name. Compiled once when the module loads: this is the
 * hottest authenticated read, and no query builder runs per call (issue 12, decision 040).
 */
export async function getAgentInfo(
  db: Db,
  caller: Pick<Caller, 'agentId' | 'topId'>,
): Promise<AgentInfo> {
  const { agentId, topId } = caller;
  const row =
    topId === null
      ? await info.one(db, { levelsKey: AGENT_LEVEL_PARAM, agentId })
      : await infoInTree.one(db, { levelsKey: AGENT_LEVEL_PARAM, agentId, topId });
  if (!row) throw unauthorized();
  const levels = agentLevelsFrom(row.levels);
  return {
    id: row.id,
    mobile: row.mobile,
    name: row.name,
    level: row.level,
    levelName: levelName(levels, row.level),
    inviteCode: row.inviteCode,
    parentId: row.parentId,
    parentName: row.parentName,
    realNameVerified: row.realNameVerified,
    idCardMasked: row.idCardMasked,
    isSpecificAccount: row.isSpecificAccount,
    mustChangePassword: row.mustChangePassword,
    hasPayPassword: row.hasPayPassword,
    createdAt: row.createdAt.toISOString(),
  };
}
