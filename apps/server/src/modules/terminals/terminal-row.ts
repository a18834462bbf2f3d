import { activationDeadline, PLATFORM_PARTY_NAME, type TerminalListItem } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agents, brands, merchants, terminals } from '../../db/schema';
import { orNull, type RowOf } from '../../db/typed';
import { andInTree } from '../../db/tree';
import { shownName } from '../../lib/people';
import type { Caller } from '../../plugins/auth';

/** `terminals t` with its brand `b`, holder `h` and merchant `m` (terminalJoins). */
export const t = alias(terminals, 't');
const b = alias(brands, 'b');
const h = alias(agents, 'h');
const m = alias(merchants, 'm');

/** A terminal as lists show it, over `terminals t` with its brand, holder and merchant. */
export const terminalFields = {
  id: t.id,
  sn: t.sn,
  brandId: t.brandId,
  brandName: b.name,
  model: t.model,
  bindStatus: t.bindStatus,
  holderAgentId: t.holderAgentId,
  holderPath: t.holderPath,
  holderName: orNull(h.name),
  holderMobile: orNull(h.mobile),
  merchantId: t.merchantId,
  merchantName: orNull(m.name),
  merchantNo: orNull(m.merchantNo),
  boundAt: t.boundAt,
  activatedAt: t.activatedAt,
  pendingOperationId: t.pendingOperationId,
  policyId: t.policyId,
  serviceFeeFen: t.serviceFeeFen,
  commFeeFen: t.commFeeFen,
  createdAt: t.createdAt,
};
export type TerminalFieldsRow = RowOf<typeof terminalFields>;

/**
 * The brand, holder and merchant of `terminals t`. An agent's holder and merchant rows are read
 * in its tree (decision 020): a terminal of its subtree is held and bound in that tree.
 */
export function terminalJoins(topId: number | SQL | null): SQL {
  const tree = (column: SQL) => andInTree(column, { topId });
  return sql`JOIN brands b ON ${b.id} = ${t.brandId}
  LEFT JOIN agents h ON ${h.id} = ${t.holderAgentId}${tree(sql`${h.topId}`)}
  LEFT JOIN merchants m ON ${m.id} = ${t.merchantId}${tree(sql`${m.topId}`)}`;
}

export function toTerminalItem(r: TerminalFieldsRow, caller: Caller): TerminalListItem {
  const holderId = r.holderAgentId;
  const own = holderId === null ? caller.role === 'operator' : holderId === caller.agentId;
  const boundAt = r.boundAt;
  let holderName = PLATFORM_PARTY_NAME;
  if (holderId !== null)
    holderName = shownName(caller, { id: holderId, path: r.holderPath }, r.holderName ?? '');
  return {
    id: r.id,
    sn: r.sn,
    brandId: r.brandId,
    brandName: r.brandName,
    model: r.model,
    bindStatus: r.bindStatus,
    holderAgentId: holderId,
    holderName,
    own,
    merchantId: r.merchantId,
    merchantName: r.merchantName,
    boundAt: boundAt?.toISOString() ?? null,
    activatedAt: r.activatedAt?.toISOString() ?? null,
    activationDeadline:
      r.bindStatus === 1 && boundAt ? activationDeadline(boundAt).toISOString() : null,
    pending: r.pendingOperationId !== null,
  };
}
