import type { TerminalBrand } from '@pos/core';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';

/** An operator defines a brand and its models. */
export async function createBrand(
  db: Db,
  input: { name: string; models: string[] },
): Promise<TerminalBrand> {
  const models = [...new Set(input.models.map((m) => m.trim()).filter(Boolean))];
  if (models.length === 0) throw badRequest('请至少填写一个型号', 'models');
  const [row] = await db
    .insert(brands)
    .values({ name: input.name, models })
    .onConflictDoNothing({ target: brands.name })
    .returning({ id: brands.id });
  if (!row) throw conflict('品牌已存在', 'name');
  return { id: row.id, name: input.name, models };
}
