import { snFromScan, type ScanTerminal } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findTerminalInScope } from './get-terminal-info';
import { verifyMerchantToken } from './merchant-token';
import { num, numOrNull } from './scope';

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
  const [agent] = await rows<{
    id: unknown;
    path: string;
    top_id: unknown;
    role: string;
    status: unknown;
  }>(db, sql`SELECT id, path, top_id, role, status FROM agents WHERE id = ${agentId}`);
  if (!agent || num(agent.status) !== 0 || agent.role !== 'agent') throw notFound('终端不存在');
  const sn = snFromScan(code);
  if (!sn) throw badRequest('未识别到终端SN，请对准终端背面的条码或手动输入', 'sn');
  const caller: Caller = {
    agentId,
    role: 'agent',
    path: agent.path,
    topId: numOrNull(agent.top_id),
    sessionId: '',
    mustChangePassword: false,
  };
  const t = await findTerminalInScope(db, caller, { sn });
  const bindStatus = num(t.bind_status);
  return {
    sn: String(t.sn),
    brandName: String(t.brand_name),
    model: String(t.model),
    bindStatus,
    canBind:
      numOrNull(t.holder_agent_id) === agentId &&
      bindStatus === 0 &&
      t.pending_operation_id == null,
  };
}
