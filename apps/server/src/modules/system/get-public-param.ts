import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemParams } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/**
 * The value of a system parameter marked public. A private one answers exactly like a missing
 * one, so a caller without a token cannot even learn which keys exist.
 */
export async function getPublicParam(db: Db, key: string): Promise<string> {
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(and(eq(systemParams.key, key), eq(systemParams.public, true)))
    .limit(1);
  if (!row) throw notFound('参数不存在');
  return row.value;
}
