import { OPERATE_STATUS, type TerminalCountsByStatus, type TerminalSummary } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, terminalOperations as o, terminalStockCounts as c } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { holderPath } from './list-terminals';
import { andInTree } from '../../db/tree';
import { inScope, ownStockPath } from '../../db/terminals/scope';

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
      ? sql`${c.holderPath} = ${await holderPath(db, caller, params.holderAgentId)}`
      : inScope(sql`${c.holderPath}`, caller);
  const found = await select(
    db,
    {
      brandId: c.brandId,
      brandName: brands.name,
      bindStatus: c.bindStatus,
      n: sql`sum(${c.n})`.mapWith(decode.number),
      own: sql`coalesce(sum(${c.n}) FILTER (WHERE ${c.holderPath} = ${ownPath}), 0)`.mapWith(
        decode.number,
      ),
    },
    sql`FROM ${c} JOIN ${brands} ON ${brands.id} = ${c.brandId}
        WHERE ${scope} AND ${c.n} <> 0
        GROUP BY ${c.brandId}, ${brands.name}, ${c.bindStatus} ORDER BY ${c.brandId}`,
  );
  const all = emptyCounts();
  const own = emptyCounts();
  const byBrand = new Map<number, TerminalSummary['byBrand'][number]>();
  for (const r of found) {
    const { brandId, bindStatus: status } = r;
    addCount(all, status, r.n);
    addCount(own, status, r.own);
    let b = byBrand.get(brandId);
    if (!b) {
      b = { brandId, brandName: r.brandName, ...emptyCounts() };
      byBrand.set(brandId, b);
    }
    addCount(b, status, r.n);
  }
  // A count without GROUP BY: always one row.
  const pending = await selectOne(
    db,
    { n: sql`count(*)`.mapWith(decode.number) },
    sql`FROM ${o}
        WHERE ${o.fromAgentId} = ${caller.agentId}${andInTree(sql`${o.topId}`, caller)}
          AND ${o.type} = 2 AND ${o.status} = ${OPERATE_STATUS.PENDING}`,
  );
  if (!pending) throw new Error('count(*) returned no row');
  return { all, own, byBrand: [...byBrand.values()], pendingRecalls: pending.n };
}
