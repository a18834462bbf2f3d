import {
  BRAND_CHANGE_OPERATE_TYPE,
  type TerminalBatchResult,
  type TerminalBrandModifyRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { checkProduct } from './import-terminals';
import {
  BatchShortfall,
  changedBy,
  explainStock,
  firstIneligible,
  recordPerHolder,
} from '../../db/terminals/platform-batch';
import { readSelection } from '../../db/terminals/selection';

/**
 * Brand modification: a platform correction of the brand and model recorded on unbound stock,
 * wherever it is held. All or nothing; `dryRun` checks and counts without changing anything.
 */
export async function modifyBrand(
  db: Db,
  caller: Caller,
  input: TerminalBrandModifyRequest,
  now: Date = new Date(),
): Promise<TerminalBatchResult> {
  const selection = readSelection(input);
  const brand = await checkProduct(db, input.brandId, input.model);
  const bad = sql`(t.bind_status <> 0)`;
  const refuse = async () =>
    (await firstIneligible(db, selection, bad, explainStock('修改品牌'))) ??
    conflict('终端状态已变化，请刷新后重试');
  if (input.dryRun) {
    const offence = await firstIneligible(db, selection, bad, explainStock('修改品牌'));
    if (offence) throw offence;
    return { count: selection.count, operationId: null };
  }
  try {
    const operationId = await db.transaction(async (tx) => {
      const moved = await changedBy(
        tx,
        sql`UPDATE terminals t SET brand_id = ${input.brandId}, model = ${input.model}, updated_at = ${now}
            WHERE ${selection.where(sql`t`)} AND t.deleted_at IS NULL AND t.bind_status = 0
            RETURNING t.id, t.sn, NULL::bigint AS from_id, NULL::bigint AS top_id`,
      );
      if (moved.length !== selection.count) throw new BatchShortfall();
      return recordPerHolder(tx, moved, {
        type: BRAND_CHANGE_OPERATE_TYPE,
        operatorId: caller.agentId,
        reason: `品牌修改为 ${brand.name} ${input.model}`,
        now,
      });
    });
    return { count: selection.count, operationId };
  } catch (err) {
    if (!(err instanceof BatchShortfall)) throw err;
    throw await refuse();
  }
}
