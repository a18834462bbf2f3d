import type { Banner } from '@pos/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';

/** The shown banners of one type (1 home, 2 shop), in the operators' order. */
export async function listBanners(db: Db, bannerType: number): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.bannerType, bannerType), eq(banners.isShow, true)))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(toBanner);
}

export const toBanner = (row: typeof banners.$inferSelect): Banner => ({
  id: row.id,
  title: row.title,
  imageUrl: row.imageUrl,
  bannerType: row.bannerType,
  isShow: row.isShow,
  content: row.content,
  sort: row.sort,
});
