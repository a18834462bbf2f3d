import type { AdminBanner, AdminNotice, SaveBannerRequest, SaveNoticeRequest } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, notices } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';

export function bannerList(q: { bannerType?: number; isShow?: string }): KeysetSpec<AdminBanner> {
  return typedKeyset({
    shape: {
      id: banners.id,
      title: banners.title,
      imageUrl: banners.imageUrl,
      bannerType: banners.bannerType,
      isShow: banners.isShow,
      content: banners.content,
      sort: banners.sort,
      createdAt: banners.createdAt,
    },
    from: sql`FROM banners`,
    where: [
      q.bannerType !== undefined && sql`banner_type = ${q.bannerType}`,
      q.isShow !== undefined && sql`is_show = ${q.isShow === 'true'}`,
    ],
    sorts: {
      sort: { expr: sql`sort`, type: 'integer' },
      id: { expr: sql`id`, type: 'bigint' },
    },
    defaultSort: 'sort',
    defaultOrder: 'asc',
    id: sql`id`,
    counted: true,
    map: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  });
}

const bannerShape = (b: typeof banners.$inferSelect) => ({
  title: b.title,
  imageUrl: b.imageUrl,
  bannerType: b.bannerType,
  isShow: b.isShow,
  sort: b.sort,
});

/** Creates or updates a banner; what the agent app shows is read from this table. */
export async function saveBanner(db: Db, op: OperatorCaller, input: SaveBannerRequest) {
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      imageUrl: input.imageUrl,
      bannerType: input.bannerType,
      isShow: input.isShow,
      content: input.content ?? '',
      sort: input.sort,
    };
    if (input.id === undefined) {
      const [row] = await tx.insert(banners).values(values).returning();
      await audit(tx, op, {
        action: 'banner.create',
        targetType: 'banner',
        targetId: row!.id,
        after: bannerShape(row!),
      });
      return { id: row!.id };
    }
    const [before] = await tx.select().from(banners).where(eq(banners.id, input.id)).for('update');
    if (!before) throw notFound('轮播图不存在');
    const [after] = await tx
      .update(banners)
      .set(values)
      .where(eq(banners.id, input.id))
      .returning();
    await audit(tx, op, {
      action: 'banner.update',
      targetType: 'banner',
      targetId: input.id,
      before: bannerShape(before),
      after: bannerShape(after!),
    });
    return { id: input.id };
  });
}

export async function deleteBanner(db: Db, op: OperatorCaller, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw notFound('轮播图不存在');
    await audit(tx, op, {
      action: 'banner.delete',
      targetType: 'banner',
      targetId: id,
      before: bannerShape(before),
    });
  });
}

export function noticeList(q: { keyword?: string }): KeysetSpec<AdminNotice> {
  return typedKeyset({
    shape: {
      id: notices.id,
      title: notices.title,
      content: notices.content,
      publishedAt: notices.publishedAt,
    },
    from: sql`FROM notices`,
    where: [q.keyword ? sql`title LIKE ${`%${q.keyword}%`}` : undefined],
    sorts: {
      publishedAt: { expr: sql`published_at`, type: 'timestamptz' },
      id: { expr: sql`id`, type: 'bigint' },
    },
    defaultSort: 'publishedAt',
    id: sql`id`,
    counted: true,
    map: (r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }),
  });
}

export async function saveNotice(db: Db, op: OperatorCaller, input: SaveNoticeRequest) {
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [row] = await tx
        .insert(notices)
        .values({ title: input.title, content: input.content })
        .returning();
      await audit(tx, op, {
        action: 'notice.create',
        targetType: 'notice',
        targetId: row!.id,
        after: { title: row!.title, content: row!.content },
      });
      return { id: row!.id };
    }
    const [before] = await tx.select().from(notices).where(eq(notices.id, input.id)).for('update');
    if (!before) throw notFound('公告不存在');
    await tx
      .update(notices)
      .set({ title: input.title, content: input.content })
      .where(eq(notices.id, input.id));
    await audit(tx, op, {
      action: 'notice.update',
      targetType: 'notice',
      targetId: input.id,
      before: { title: before.title, content: before.content },
      after: { title: input.title, content: input.content },
    });
    return { id: input.id };
  });
}

export async function deleteNotice(db: Db, op: OperatorCaller, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(notices).where(eq(notices.id, id)).returning();
    if (!before) throw notFound('公告不存在');
    await audit(tx, op, {
      action: 'notice.delete',
      targetType: 'notice',
      targetId: id,
      before: { title: before.title, content: before.content },
    });
  });
}
