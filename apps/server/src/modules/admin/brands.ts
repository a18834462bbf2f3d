import type { AdminBrand, SaveBrandModelsRequest, TerminalBrand } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { createBrand } from '../terminals/create-brand';
import { audit } from './audit';

const readModels = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/** Every brand with its models and how many product policies it has (brands are few). */
export async function brandTable(db: Db): Promise<AdminBrand[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT b.id, b.name, b.models, b.created_at,
               (SELECT count(*) FROM policies p WHERE p.brand_id = b.id) AS policy_count
          FROM brands b ORDER BY b.sort, b.id`,
  );
  return found.map((b) => ({
    id: Number(b.id),
    name: String(b.name),
    models: readModels(b.models),
    policyCount: Number(b.policy_count),
    createdAt: new Date(b.created_at as string).toISOString(),
  }));
}

/** A new brand with its models, audited. */
export async function addBrand(
  db: Db,
  op: OperatorCaller,
  input: { name: string; models: string[] },
): Promise<TerminalBrand> {
  return db.transaction(async (tx) => {
    const brand = await createBrand(tx as unknown as Db, input);
    await audit(tx, op, {
      action: 'brand.create',
      targetType: 'brand',
      targetId: brand.id,
      after: brand,
    });
    return brand;
  });
}

/**
 * A brand's models: new ones may be added and unused ones removed; a model that terminals still
 * carry cannot be removed (they would name a model the brand no longer has).
 */
export async function saveBrandModels(db: Db, op: OperatorCaller, input: SaveBrandModelsRequest) {
  const models = [...new Set(input.models.map((m) => m.trim()))];
  await db.transaction(async (tx) => {
    const [before] = await rows<{ models: unknown }>(
      tx,
      sql`SELECT models FROM brands WHERE id = ${input.id} FOR UPDATE`,
    );
    if (!before) throw notFound('品牌不存在');
    const removed = readModels(before.models).filter((m) => !models.includes(m));
    for (const model of removed) {
      const [used] = await rows(
        tx,
        sql`SELECT 1 FROM terminals WHERE brand_id = ${input.id} AND model = ${model}
              AND deleted_at IS NULL LIMIT 1`,
      );
      if (used) throw badRequest(`型号 ${model} 仍有终端在用，不能删除`, 'models');
    }
    await tx.execute(
      sql`UPDATE brands SET models = string_to_array(${models.join('\u001f')}, E'\\x1f')
          WHERE id = ${input.id}`,
    );
    await audit(tx, op, {
      action: 'brand.models',
      targetType: 'brand',
      targetId: input.id,
      before: { models: readModels(before.models) },
      after: { models },
    });
  });
}
