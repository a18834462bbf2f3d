import { activationDeadline, type TerminalListItem } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { shownName } from '../../lib/people';
import { iso, num, numOrNull, PLATFORM_NAME } from './scope';

/** Columns of a terminal as lists show it, over `terminals t` with its brand, holder and merchant. */
export const TERMINAL_COLUMNS = sql`t.id, t.sn, t.brand_id, b.name AS brand_name, t.model, t.bind_status,
  t.holder_agent_id, t.holder_path, h.name AS holder_name, h.mobile AS holder_mobile, t.merchant_id,
  m.name AS merchant_name, m.merchant_no, t.bound_at, t.activated_at, t.pending_operation_id,
  t.policy_id, t.service_fee_fen, t.comm_fee_fen, t.created_at`;

/**
 * The brand, holder and merchant of `terminals t`. An agent's holder and merchant rows are read
 * in its tree (decision 020): a terminal of its subtree is held and bound in that tree.
 */
export const terminalJoins = (
  caller: Pick<Caller, 'topId'>,
) => sql`JOIN brands b ON b.id = t.brand_id
  LEFT JOIN agents h ON h.id = t.holder_agent_id${andInTree(sql`h.top_id`, caller)}
  LEFT JOIN merchants m ON m.id = t.merchant_id${andInTree(sql`m.top_id`, caller)}`;

export function toTerminalItem(r: Record<string, unknown>, caller: Caller): TerminalListItem {
  const holderId = numOrNull(r.holder_agent_id);
  const own = holderId === null ? caller.role === 'operator' : holderId === caller.agentId;
  const bindStatus = num(r.bind_status);
  const boundAt = iso(r.bound_at);
  let holderName = PLATFORM_NAME;
  if (holderId !== null)
    holderName = shownName(
      caller,
      { id: holderId, path: String(r.holder_path ?? '') },
      String(r.holder_name ?? ''),
    );
  return {
    id: num(r.id),
    sn: String(r.sn),
    brandId: num(r.brand_id),
    brandName: String(r.brand_name),
    model: String(r.model),
    bindStatus,
    holderAgentId: holderId,
    holderName,
    own,
    merchantId: numOrNull(r.merchant_id),
    merchantName: r.merchant_name == null ? null : String(r.merchant_name),
    boundAt,
    activatedAt: iso(r.activated_at),
    activationDeadline:
      bindStatus === 1 && boundAt ? activationDeadline(new Date(boundAt)).toISOString() : null,
    pending: r.pending_operation_id !== null && r.pending_operation_id !== undefined,
  };
}
