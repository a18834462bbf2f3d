import type { TerminalBrand } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import { num } from './scope';

/** An operator defines a brand and its models. */
export async function createBrand(
  db: Db,
  input: { name: string; models: string[] },
): Promise<TerminalBrand> {
  const models = [...new Set(input.models.map((m) => m.trim()).filter(Boolean))];
  if (models.length === 0) throw badRequest('请至少填写一个型号', 'models');
  const [row] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO brands (name, models) VALUES (${input.name}, string_to_array(${models.join('\u001f')}, E'\\x1f'))
        ON CONFLICT (name) DO NOTHING RETURNING id`,
  );
  if (!row) throw conflict('品牌已存在', 'name');
  return { id: num(row.id), name: input.name, models };
}
