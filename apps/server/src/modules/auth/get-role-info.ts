import type { RoleInfo } from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { unauthorized } from '../../lib/app-error';

/**
 * Permission strings in RuoYi's form. An agent may do everything an agent does (within its own
 * subtree, which every query enforces); an operator holds the all-permission.
 */
const PERMISSIONS = { agent: ['agent:*'], operator: ['*:*:*'] } as const;

/** The role info the app stores after login (userAdminInfo). */
export async function getRoleInfo(db: Db, agentId: number): Promise<RoleInfo> {
  const [agent] = await db
    .select({
      id: agents.id,
      mobile: agents.mobile,
      name: agents.name,
      role: agents.role,
      isSpecificAccount: agents.isSpecificAccount,
    })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  if (!agent) throw unauthorized();
  return {
    user: { userId: agent.id, userName: agent.mobile, nickName: agent.name },
    roles: [agent.role],
    permissions: [...PERMISSIONS[agent.role]],
    isSpecificAccount: agent.isSpecificAccount,
  };
}
