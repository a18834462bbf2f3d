import { snFromScan, type ScanTerminal } from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findTerminalInScope } from './get-terminal-info';
import { verifyMerchantToken } from './merchant-token';

/**
 * What a scanned code names, for the agent the merchant token was issued to: the terminal if it
 * lies in that agent's subtree, and whether it can be bound now.
 */
export async function scanTerminal(
  db: Db,
  token: string | undefined,
  code: string,
): Promise<ScanTerminal> {
  const agentId = await verifyMerchantToken(db, token);
  const [agent] = await db
    .select({ path: agents.path, topId: agents.topId, role: agents.role, status: agents.status })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent || agent.status !== 0 || agent.role !== 'agent') throw notFound('终端不存在');
  const sn = snFromScan(code);
  if (!sn) throw badRequest('未识别到终端SN，请对准终端背面的条码或手动输入', 'sn');
  const caller: Caller = {
    agentId,
    role: 'agent',
    path: agent.path,
    topId: agent.topId,
    sessionId: '',
    mustChangePassword: false,
  };
  const t = await findTerminalInScope(db, caller, { sn });
  return {
    sn: t.sn,
    brandName: t.brandName,
    model: t.model,
    bindStatus: t.bindStatus,
    canBind: t.holderAgentId === agentId && t.bindStatus === 0 && t.pendingOperationId === null,
  };
}
