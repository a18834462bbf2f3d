import type { AdminFreeQuota, SaveFreeQuotaRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, mallFreeQuotas } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';

const q = alias(mallFreeQuotas, 'q');
const a = alias(agents, 'a');
const QUOTA = {
  agentId: q.agentId,
  agentName: a.name,
  agentMobile: a.mobile,
  granted: q.granted,
  used: q.used,
  updatedAt: q.updatedAt,
};

/** Agents with a free-claim quota, by agent; filter by mobile. */
export function freeQuotaList(q: { mobile?: string }): KeysetSpec<AdminFreeQuota> {
  return typedKeyset({
    shape: QUOTA,
    from: sql`FROM mall_free_quotas q JOIN agents a ON a.id = q.agent_id`,
    where: [q.mobile ? sql`a.mobile = ${q.mobile}` : undefined],
    sorts: { agentId: { expr: sql`q.agent_id`, type: 'bigint' } },
    defaultSort: 'agentId',
    id: sql`q.agent_id`,
    map: (r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }),
  });
}

/**
 * Sets how many terminals an agent may claim free in total (claimed ones included). The quota
 * cannot go below what the agent has already claimed; audited with the figure before.
 */
export async function saveFreeQuota(db: Db, op: OperatorCaller, input: SaveFreeQuotaRequest) {
  return db.transaction(async (tx) => {
    const agent = await selectOne(
      tx,
      { id: agents.id, topId: agents.topId },
      sql`FROM agents WHERE ${agents.mobile} = ${input.mobile} AND ${agents.role} = 'agent'`,
    );
    if (!agent) throw badRequest('没有这个手机号的代理', 'mobile');
    const agentId = agent.id;
    const fq = mallFreeQuotas;
    const before = await selectOne(
      tx,
      { granted: fq.granted, used: fq.used },
      sql`FROM mall_free_quotas WHERE ${fq.agentId} = ${agentId} FOR UPDATE`,
    );
    // No quota yet: none used.
    const used = before?.used ?? 0;
    if (input.granted < used)
      throw badRequest(`该代理已领取 ${used} 台，额度不能低于已领取数`, 'granted');
    await tx.execute(
      sql`INSERT INTO mall_free_quotas (agent_id, top_id, granted, used, updated_at)
          VALUES (${agentId}, ${agent.topId}, ${input.granted}, 0, now())
          ON CONFLICT (agent_id) DO UPDATE SET granted = EXCLUDED.granted, updated_at = now()`,
    );
    await audit(tx, op, {
      action: 'mall_quota.save',
      targetType: 'agent',
      targetId: agentId,
      before: before ? { granted: before.granted, used } : null,
      after: { granted: input.granted, used },
    });
    return { agentId, granted: input.granted, used };
  });
}
