import type { AdminBrand, SaveBrandModelsRequest, TerminalBrand } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { brands, policies, terminals } from '../../db/schema';
import { decode, select } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { createBrand } from '../terminals/create-brand';
import { audit } from '../../db/audit';

const b = alias(brands, 'b');
const p = alias(policies, 'p');

/** Every brand with its models and how many product policies it has (brands are few). */
export async function brandTable(db: Db): Promise<AdminBrand[]> {
  const found = await select(
    db,
    {
      id: b.id,
      name: b.name,
      models: b.models,
      policyCount: sql`(SELECT count(*) FROM policies p WHERE ${p.brandId} = ${b.id})`.mapWith(
        decode.number,
      ),
      createdAt: b.createdAt,
    },
    sql`FROM brands b ORDER BY ${b.sort}, ${b.id}`,
  );
  return found.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
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
    const [before] = await tx
      .select({ models: brands.models })
      .from(brands)
      .where(eq(brands.id, input.id))
      .for('update');
    if (!before) throw notFound('品牌不存在');
    const removed = before.models.filter((m) => !models.includes(m));
    for (const model of removed) {
      const [used] = await select(
        tx,
        { id: terminals.id },
        sql`FROM terminals WHERE ${terminals.brandId} = ${input.id} AND ${terminals.model} = ${model}
              AND ${terminals.deletedAt} IS NULL LIMIT 1`,
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
      before: { models: before.models },
      after: { models },
    });
  });
}
