import type { TerminalOperatePreview, TerminalOperateRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { brands, terminals } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { firstOffence, planMove } from '../../db/terminals/move-plan';
import { brief } from '../../db/terminals/parties';
import { andInTree } from '../../db/tree';

const PREVIEW_ROWS = 200;

const t = alias(terminals, 't');
const b = alias(brands, 'b');

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
  const from = sql`FROM terminals t JOIN brands b ON ${b.id} = ${t.brandId}
    WHERE ${plan.selection.where(sql`t`)} AND ${t.deletedAt} IS NULL AND ${t.holderPath} = ${plan.from.path}${andInTree(sql`${t.topId}`, caller)}`;
  const first = await select(
    db,
    { sn: t.sn, brandName: b.name, model: t.model },
    sql`${from} ORDER BY ${t.sn} LIMIT ${PREVIEW_ROWS}`,
  );
  const byBrand = await select(
    db,
    { brandName: b.name, count: sql`count(*)`.mapWith(decode.number) },
    sql`${from} GROUP BY ${b.name} ORDER BY ${b.name}`,
  );
  return {
    type: plan.type,
    count: plan.selection.count,
    from: brief(plan.from.id, plan.from.name, plan.from.mobile, caller, plan.from.path),
    to: brief(plan.to.id, plan.to.name, plan.to.mobile, caller, plan.to.path),
    terminals: first,
    byBrand,
  };
}
