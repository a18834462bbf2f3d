import type { TerminalOperatePreview, TerminalOperateRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { firstOffence, planMove } from './move-plan';
import { brief } from './parties';
import { andInTree } from '../../db/tree';
import { num } from './scope';

const PREVIEW_ROWS = 200;

/**
 * Exactly what an operation would move and to whom, checked by the same rules, changing
 * nothing: the first ineligible SN is refused here with the message the operation would give.
 */
export async function previewOperation(
  db: Db,
  caller: Caller,
  input: TerminalOperateRequest,
): Promise<TerminalOperatePreview> {
  const plan = await planMove(db, caller, input);
  const offence = await firstOffence(db, caller, plan);
  if (offence) throw offence;
  // The stock of one holder of the caller's tree (decision 020).
  const where = sql`${plan.selection.where(sql`t`)} AND t.deleted_at IS NULL AND t.holder_path = ${plan.from.path}${andInTree(sql`t.top_id`, caller)}`;
  const first = await rows<{ sn: string; brand_name: string; model: string }>(
    db,
    sql`SELECT t.sn, b.name AS brand_name, t.model FROM terminals t JOIN brands b ON b.id = t.brand_id
        WHERE ${where} ORDER BY t.sn LIMIT ${PREVIEW_ROWS}`,
  );
  const byBrand = await rows<{ brand_name: string; n: unknown }>(
    db,
    sql`SELECT b.name AS brand_name, count(*) AS n FROM terminals t JOIN brands b ON b.id = t.brand_id
        WHERE ${where} GROUP BY b.name ORDER BY b.name`,
  );
  return {
    type: plan.type,
    count: plan.selection.count,
    from: brief(plan.from.id, plan.from.name, plan.from.mobile, caller, plan.from.path),
    to: brief(plan.to.id, plan.to.name, plan.to.mobile, caller, plan.to.path),
    terminals: first.map((r) => ({ sn: r.sn, brandName: r.brand_name, model: r.model })),
    byBrand: byBrand.map((r) => ({ brandName: r.brand_name, count: num(r.n) })),
  };
}
