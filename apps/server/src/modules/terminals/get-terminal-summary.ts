import { OPERATE_STATUS, type TerminalCountsByStatus, type TerminalSummary } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { holderPath } from './list-terminals';
import { andInTree } from '../../db/tree';
import { inScope, num, ownStockPath } from './scope';

export const emptyCounts = (): TerminalCountsByStatus => ({
  total: 0,
  unbound: 0,
  bound: 0,
  activated: 0,
});

export function addCount(c: TerminalCountsByStatus, bindStatus: number, n: number) {
  c.total += n;
  if (bindStatus === 0) c.unbound += n;
  else if (bindStatus === 1) c.bound += n;
  else if (bindStatus === 3) c.activated += n;
}

/**
 * Counts of the caller's subtree (or of one holder) by bind status and brand, read from the
 * per-holder counts the database keeps: a few rows per agent, not one per terminal.
 */
export async function getTerminalSummary(
  db: Db,
  caller: Caller,
  params: { holderAgentId?: number | undefined },
): Promise<TerminalSummary> {
  const ownPath = ownStockPath(caller);
  const scope: SQL =
    params.holderAgentId !== undefined
      ? sql`c.holder_path = ${await holderPath(db, caller, params.holderAgentId)}`
      : inScope(sql`c.holder_path`, caller);
  const found = await rows<{
    brand_id: unknown;
    brand_name: string;
    bind_status: unknown;
    n: unknown;
    own: unknown;
  }>(
    db,
    sql`SELECT c.brand_id, b.name AS brand_name, c.bind_status, sum(c.n) AS n,
          coalesce(sum(c.n) FILTER (WHERE c.holder_path = ${ownPath}), 0) AS own
        FROM terminal_stock_counts c JOIN brands b ON b.id = c.brand_id
        WHERE ${scope} AND c.n <> 0
        GROUP BY c.brand_id, b.name, c.bind_status ORDER BY c.brand_id`,
  );
  const all = emptyCounts();
  const own = emptyCounts();
  const brands = new Map<number, TerminalSummary['byBrand'][number]>();
  for (const r of found) {
    const brandId = num(r.brand_id);
    const status = num(r.bind_status);
    addCount(all, status, num(r.n));
    addCount(own, status, num(r.own));
    let b = brands.get(brandId);
    if (!b) {
      b = { brandId, brandName: r.brand_name, ...emptyCounts() };
      brands.set(brandId, b);
    }
    addCount(b, status, num(r.n));
  }
  const [pending] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM terminal_operations
        WHERE from_agent_id = ${caller.agentId}${andInTree(sql`top_id`, caller)}
          AND type = 2 AND status = ${OPERATE_STATUS.PENDING}`,
  );
  return { all, own, byBrand: [...brands.values()], pendingRecalls: num(pending?.n) };
}
