import type { AdminFreeQuota, SaveFreeQuotaRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../admin/audit';
import { num } from '../ledger/accounts';
import { isoOrEpoch } from '../../db/convert';

/** Agents with a free-claim quota, by agent; filter by mobile. */
export function freeQuotaList(q: { mobile?: string }): KeysetSpec<AdminFreeQuota> {
  return {
    select: sql`q.agent_id, a.name, a.mobile, q.granted, q.used, q.updated_at`,
    from: sql`FROM mall_free_quotas q JOIN agents a ON a.id = q.agent_id`,
    where: [q.mobile ? sql`a.mobile = ${q.mobile}` : undefined],
    sorts: { agentId: { expr: sql`q.agent_id`, type: 'bigint' } },
    defaultSort: 'agentId',
    id: sql`q.agent_id`,
    map: (r) => ({
      agentId: num(r.agent_id),
      agentName: String(r.name),
      agentMobile: String(r.mobile),
      granted: num(r.granted),
      used: num(r.used),
      updatedAt: isoOrEpoch(r.updated_at),
    }),
  };
}

/**
 * Sets how many terminals an agent may claim free in total (claimed ones included). The quota
 * cannot go below what the agent has already claimed; audited with the figure before.
 */
export async function saveFreeQuota(db: Db, op: OperatorCaller, input: SaveFreeQuotaRequest) {
  return db.transaction(async (tx) => {
    const [agent] = await rows<{ id: unknown; top_id: unknown }>(
      tx,
      sql`SELECT id, top_id FROM agents WHERE mobile = ${input.mobile} AND role = 'agent'`,
    );
    if (!agent) throw badRequest('没有这个手机号的代理', 'mobile');
    const agentId = num(agent.id);
    const [before] = await rows<{ granted: unknown; used: unknown }>(
      tx,
      sql`SELECT granted, used FROM mall_free_quotas WHERE agent_id = ${agentId} FOR UPDATE`,
    );
    const used = num(before?.used);
    if (input.granted < used)
      throw badRequest(`该代理已领取 ${used} 台，额度不能低于已领取数`, 'granted');
    await tx.execute(
      sql`INSERT INTO mall_free_quotas (agent_id, top_id, granted, used, updated_at)
          VALUES (${agentId}, ${agent.top_id == null ? null : num(agent.top_id)}, ${input.granted}, 0, now())
          ON CONFLICT (agent_id) DO UPDATE SET granted = EXCLUDED.granted, updated_at = now()`,
    );
    await audit(tx, op, {
      action: 'mall_quota.save',
      targetType: 'agent',
      targetId: agentId,
      before: before ? { granted: num(before.granted), used } : null,
      after: { granted: input.granted, used },
    });
    return { agentId, granted: input.granted, used };
  });
}
