import type { ImportTerminalsRequest, TerminalBatchResult } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { policies, terminals } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import { badRequest, conflict } from '../../lib/app-error';
import { findBrand } from './list-brands';
import { readSelection, type Selection } from '../../db/terminals/selection';

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
      const inserted = await selectOne(
        tx,
        { n: sql`count(*)`.mapWith(decode.number) },
        sql`FROM ins`,
        {
          with: sql`WITH ins AS (
              INSERT INTO terminals (sn, brand_id, model, policy_id, service_fee_fen, comm_fee_fen, created_at, updated_at)
              SELECT req.sn, ${input.brandId}, ${input.model}, ${input.policyId ?? null}, ${input.serviceFeeFen ?? 0},
                ${input.commFeeFen ?? 0}, ${now}, ${now}
              FROM ${selection.requested()} ORDER BY req.ord
              ON CONFLICT (sn) DO NOTHING RETURNING 1)`,
        },
      );
      if (inserted?.n !== selection.count) throw new Duplicate();
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
    const [p] = await db
      .select({ brandId: policies.brandId })
      .from(policies)
      .where(eq(policies.id, policyId));
    if (!p) throw badRequest('政策不存在', 'policyId');
    if (p.brandId !== brandId) throw badRequest('政策不属于该品牌', 'policyId');
  }
  return brand;
}

async function firstExisting(db: Db, selection: Selection) {
  const [row] = await select(
    db,
    { sn: terminals.sn },
    sql`FROM ${selection.requested()} JOIN ${terminals} ON ${terminals.sn} = req.sn ORDER BY req.ord LIMIT 1`,
  );
  return row
    ? badRequest(`SN ${row.sn} 已存在`, selection.kind === 'range' ? 'startSn' : 'sns')
    : conflict('导入失败，请重试');
}
