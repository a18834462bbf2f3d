import type { AgentInfo } from '@pos/core';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { unauthorized } from '../../lib/app-error';
import { getAgentLevels, levelName } from '../system/agent-levels';

const parent = alias(agents, 'parent');

/**
 * The signed-in agent's own profile. The ID card only ever leaves masked; the pay password only
 * as whether one is set.
 */
export async function getAgentInfo(db: Db, agentId: number): Promise<AgentInfo> {
  const [row] = await db
    .select({ agent: agents, parentName: parent.name })
    .from(agents)
    .leftJoin(parent, eq(parent.id, agents.parentId))
    .where(eq(agents.id, agentId))
    .limit(1);
  if (!row) throw unauthorized();
  const { agent } = row;
  const levels = await getAgentLevels(db);
  return {
    id: agent.id,
    mobile: agent.mobile,
    name: agent.name,
    level: agent.level,
    levelName: levelName(levels, agent.level),
    inviteCode: agent.inviteCode,
    parentId: agent.parentId,
    parentName: row.parentName ?? null,
    realNameVerified: agent.realNameVerified,
    idCardMasked: agent.idCardMasked,
    isSpecificAccount: agent.isSpecificAccount,
    mustChangePassword: agent.mustChangePassword,
    hasPayPassword: agent.payPasswordHash !== null,
    createdAt: agent.createdAt.toISOString(),
  };
}
