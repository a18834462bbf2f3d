import type { RoleInfo } from '@pos/core';
import { sql } from 'drizzle-orm';
import { preparedRows, type Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';

/**
 * Permission strings in RuoYi's form. An agent may do everything an agent does (within its own
 * subtree, which every query enforces); an operator holds the all-permission.
 */
const PERMISSIONS = { agent: ['agent:*'], operator: ['*:*:*'] } as const;

/** The role info the app stores after login (userAdminInfo). */
export async function getRoleInfo(db: Db, agentId: number): Promise<RoleInfo> {
  const [agent] = await preparedRows<{
    id: string;
    mobile: string;
    name: string;
    role: keyof typeof PERMISSIONS;
    is_specific_account: boolean;
  }>(
    db,
    'role-info-v1',
    sql`SELECT id, mobile, name, role, is_specific_account FROM agents WHERE id = ${agentId}`,
  );
  if (!agent) throw unauthorized();
  return {
    user: { userId: Number(agent.id), userName: agent.mobile, nickName: agent.name },
    roles: [agent.role],
    permissions: [...PERMISSIONS[agent.role]],
    isSpecificAccount: agent.is_specific_account,
  };
}
