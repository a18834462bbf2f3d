import type { ImportTerminalsRequest, TerminalBatchResult } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import { findBrand } from './list-brands';
import { num } from './scope';
import { readSelection, type Selection } from './selection';

class Duplicate extends Error {}

/**
 * Operators import terminals into the platform's stock by SN list or SN range, with brand, model
 * and policy. All or nothing: an SN that already exists (even deleted) fails the batch, named.
 */
export async function importTerminals(
  db: Db,
  input: ImportTerminalsRequest,
  now: Date = new Date(),
): Promise<TerminalBatchResult> {
  const selection = readSelection(input);
  await checkProduct(db, input.brandId, input.model, input.policyId);
  try {
    await db.transaction(async (tx) => {
      const [inserted] = await rows<{ n: unknown }>(
        tx,
        sql`WITH ins AS (
              INSERT INTO terminals (sn, brand_id, model, policy_id, service_fee_fen, comm_fee_fen, created_at, updated_at)
              SELECT req.sn, ${input.brandId}, ${input.model}, ${input.policyId ?? null}, ${input.serviceFeeFen ?? 0},
                ${input.commFeeFen ?? 0}, ${now}, ${now}
              FROM ${selection.requested()} ORDER BY req.ord
              ON CONFLICT (sn) DO NOTHING RETURNING 1)
            SELECT count(*) AS n FROM ins`,
      );
      if (num(inserted?.n) !== selection.count) throw new Duplicate();
    });
  } catch (err) {
    if (err instanceof Duplicate) throw await firstExisting(db, selection);
    throw err;
  }
  return { count: selection.count, operationId: null };
}

/** The brand exists, the model is one of its models, the policy (if any) belongs to the brand. */
export async function checkProduct(db: DbOrTx, brandId: number, model: string, policyId?: number) {
  const brand = await findBrand(db, brandId);
  if (!brand) throw badRequest('品牌不存在', 'brandId');
  if (!brand.models.includes(model))
    throw badRequest(`型号 ${model} 不属于品牌 ${brand.name}`, 'model');
  if (policyId !== undefined) {
    const [p] = await rows<{ brand_id: unknown }>(
      db,
      sql`SELECT brand_id FROM policies WHERE id = ${policyId}`,
    );
    if (!p) throw badRequest('政策不存在', 'policyId');
    if (num(p.brand_id) !== brandId) throw badRequest('政策不属于该品牌', 'policyId');
  }
  return brand;
}

async function firstExisting(db: Db, selection: Selection) {
  const [row] = await rows<{ sn: string }>(
    db,
    sql`SELECT req.sn FROM ${selection.requested()} JOIN terminals t ON t.sn = req.sn ORDER BY req.ord LIMIT 1`,
  );
  return row
    ? badRequest(`SN ${row.sn} 已存在`, selection.kind === 'range' ? 'startSn' : 'sns')
    : conflict('导入失败，请重试');
}
