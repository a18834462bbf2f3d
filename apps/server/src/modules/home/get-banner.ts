import type { Banner } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { toBanner } from './list-banners';

/** One shown banner; a hidden one is unpublished and answers as missing. */
export async function getBanner(db: Db, id: number): Promise<Banner> {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.isShow, true)))
    .limit(1);
  if (!row) throw notFound('轮播图不存在');
  return toBanner(row);
}
