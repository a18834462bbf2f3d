import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { inScope } from '../terminals/scope';

/** An image of a merchant in the caller's subtree. */
export async function getMerchantFile(
  db: Db,
  caller: Caller,
  id: number,
): Promise<{ mime: string; data: Buffer }> {
  const [row] = await rows<{ mime: string; data: string }>(
    db,
    sql`SELECT f.mime, encode(f.data, 'base64') AS data FROM merchant_files f JOIN merchants m ON m.id = f.merchant_id
        WHERE f.id = ${id} AND ${inScope(sql`m.agent_path`, caller)}`,
  );
  if (!row) throw notFound('图片不存在');
  return { mime: row.mime, data: Buffer.from(row.data, 'base64') };
}
