import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantFiles, merchants } from '../../db/schema';
import { callerPathCopyScope } from '../../db/tree';
import { selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

/** An image of a merchant in the caller's subtree. */
export async function getMerchantFile(
  db: Db,
  caller: Caller,
  id: number,
): Promise<{ mime: string; data: Buffer }> {
  const row = await selectOne(
    db,
    { mime: merchantFiles.mime, data: merchantFiles.data },
    sql`FROM ${merchantFiles} JOIN ${merchants} ON ${merchants.id} = ${merchantFiles.merchantId}
        WHERE ${merchantFiles.id} = ${id} AND ${callerPathCopyScope(sql`${merchants.agentPath}`, caller)}`,
  );
  if (!row) throw notFound('图片不存在');
  return row;
}
