import type { RoleInfo } from '@pos/core';
import { sql } from 'drizzle-orm';
import { preparedRows, type Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

/**
 * Permission strings in RuoYi's form. An agent may do everything an agent does (within its own
 * subtree, which every query enforces); an operator holds the all-permission.
 */
const PERMISSIONS = { agent: ['agent:*'], operator: ['*:*:*'] } as const;

/**
 * The role info the app stores after login (userAdminInfo). An agent's row is read in its tree
 * (top_id, decision 020); an operator's, which belongs to none, by its id alone. Each text has its
 * own prepared statement name.
 */
export async function getRoleInfo(
  db: Db,
  caller: Pick<Caller, 'agentId' | 'topId'>,
): Promise<RoleInfo> {
  const { agentId, topId } = caller;
  const [agent] = await preparedRows<{
    id: string;
    mobile: string;
    name: string;
    role: keyof typeof PERMISSIONS;
    is_specific_account: boolean;
  }>(
    db,
    topId === null ? 'role-info-v1' : 'role-info-v2',
    topId === null
      ? sql`SELECT id, mobile, name, role, is_specific_account FROM agents WHERE id = ${agentId}`
      : sql`SELECT id, mobile, name, role, is_specific_account FROM agents
             WHERE id = ${agentId} AND top_id = ${topId}`,
  );
  if (!agent) throw unauthorized();
  return {
    user: { userId: Number(agent.id), userName: agent.mobile, nickName: agent.name },
    roles: [agent.role],
    permissions: [...PERMISSIONS[agent.role]],
    isSpecificAccount: agent.is_specific_account,
  };
}
