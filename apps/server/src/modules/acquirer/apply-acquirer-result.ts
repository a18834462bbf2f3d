import { CHANGE_SERVICE_STATUS, FEE_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { feeChanges, rateChanges } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { AcquirerResult } from '../../providers/acquirer/acquirer';

const { APPLYING, PROCESSING, DONE, FAILED } = CHANGE_SERVICE_STATUS;

/** What the acquirer's answer did: the status the change has now, and whether it changed. */
export interface AppliedResult {
  requestNo: string;
  status: number;
  changed: boolean;
}

/**
 * Applies the acquirer's answer to a rate change ('R' + id) or a fee change ('F' + id), whether
 * it came through the signed callback route or from the simulator. Allowed moves: applying ->
 * processing, applying or processing -> done or failed. A change already done or failed stays as
 * it is, so a repeated or late answer changes nothing. On done, the new rate or fee takes effect
 * in the same transaction.
 */
export async function applyAcquirerResult(db: Db, result: AcquirerResult): Promise<AppliedResult> {
  const match = /^([RF])(\d{1,15})$/.exec(result.requestNo);
  if (!match) throw notFound('请求单号不存在');
  const id = Number(match[2]);
  const table = match[1] === 'R' ? rateChanges : feeChanges;
  return db.transaction(async (tx) => {
    const row = await selectOne(
      tx,
      { status: table.status },
      sql`FROM ${table} WHERE ${table.id} = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound('请求单号不存在');
    const status = row.status;
    const unchanged = { requestNo: result.requestNo, status, changed: false };
    if (status === DONE || status === FAILED) return unchanged;
    if (result.status === 'processing') {
      if (status !== APPLYING) return unchanged;
      await tx.execute(
        sql`UPDATE ${table} SET status = ${PROCESSING}, updated_at = now() WHERE id = ${id}`,
      );
      return { requestNo: result.requestNo, status: PROCESSING, changed: true };
    }
    if (result.status === 'failed') {
      const reason = (result.reason ?? '').trim() || '收单机构处理失败';
      await tx.execute(
        sql`UPDATE ${table} SET status = ${FAILED}, reason = ${reason}, updated_at = now(), finished_at = now() WHERE id = ${id}`,
      );
      return { requestNo: result.requestNo, status: FAILED, changed: true };
    }
    await tx.execute(
      sql`UPDATE ${table} SET status = ${DONE}, updated_at = now(), finished_at = now() WHERE id = ${id}`,
    );
    if (match[1] === 'R') await applyRate(tx, id);
    else await applyFee(tx, id);
    return { requestNo: result.requestNo, status: DONE, changed: true };
  });
}

/** The merchant's rate on file becomes the new one. */
async function applyRate(tx: DbOrTx, id: number) {
  await tx.execute(sql`
    INSERT INTO merchant_rates AS m (merchant_id, rate_type, rate_ppm, policy_id, agent_id, top_id, updated_at)
    SELECT merchant_id, rate_type, new_rate, policy_id, agent_id, top_id, now() FROM rate_changes WHERE id = ${id}
    ON CONFLICT (merchant_id, rate_type) DO UPDATE
      SET rate_ppm = EXCLUDED.rate_ppm, policy_id = EXCLUDED.policy_id, agent_id = EXCLUDED.agent_id,
          top_id = EXCLUDED.top_id, updated_at = now()`);
}

/** Every terminal of the batch carries the new fee option. */
async function applyFee(tx: DbOrTx, id: number) {
  const change = await selectOne(
    tx,
    { kind: feeChanges.kind, newFeeFen: feeChanges.newFeeFen },
    sql`FROM ${feeChanges} WHERE ${feeChanges.id} = ${id}`,
  );
  const column = change!.kind === FEE_KIND.SERVICE ? sql`service_fee_fen` : sql`comm_fee_fen`;
  await tx.execute(sql`
    UPDATE terminals t SET ${column} = ${change!.newFeeFen}, updated_at = now()
    FROM fee_change_items i WHERE i.fee_change_id = ${id} AND t.id = i.terminal_id`);
}
