import {
  SCHOOL_SECTION_KINDS,
  type AdminSchoolCategory,
  type AdminSchoolItem,
  type SaveSchoolCategory,
  type SaveSchoolItem,
  type SchoolCategory,
  type SchoolItem,
  type SchoolItemDetail,
  type SchoolItemPage,
  type SchoolKind,
  type SchoolSection,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { keysetPage, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { audit } from '../admin/audit';

const iso = (v: unknown) => new Date(v as string).toISOString();
type Reader = Pick<Caller, 'agentId' | 'topId'>;
/** The reader's tree (the shard key of favourites and downloads); none is 0, no tree. */
const treeOf = (r: Reader) => r.topId ?? 0;
const treeToWrite = (r: Reader) => {
  if (r.topId === null) throw badRequest('平台账号不能收藏或下载');
  return r.topId;
};

/** What agents may see: shown, not deleted, in a shown category. */
const visible = sql`i.deleted_at IS NULL AND i.shown AND c.shown`;

const itemOf = (r: Record<string, unknown>): SchoolItem => ({
  id: Number(r.id),
  section: r.section as SchoolSection,
  kind: r.kind as SchoolKind,
  categoryId: Number(r.category_id),
  title: String(r.title),
  summary: String(r.summary),
  coverUrl: String(r.cover_url),
  images: (r.images as string[] | null) ?? [],
  publishedAt: iso(r.published_at),
  favourite: r.favourite === true,
});

const itemColumns = (reader: Reader) => sql`i.id, i.section, i.kind, i.category_id, i.title,
  i.summary, i.cover_url, i.images, i.published_at, i.body, i.video_url,
  EXISTS (SELECT 1 FROM school_favourites f WHERE f.agent_id = ${reader.agentId}
    AND f.top_id = ${treeOf(reader)} AND f.item_id = i.id) AS favourite`;

// --- agents ------------------------------------------------------------------------------------

export async function listCategories(db: Db, section: SchoolSection): Promise<SchoolCategory[]> {
  const found = await rows<{ id: unknown; name: string; name_en: string }>(
    db,
    sql`SELECT id, name, name_en FROM school_categories
        WHERE section = ${section} AND shown ORDER BY sort, id`,
  );
  return found.map((c) => ({ id: Number(c.id), name: c.name, nameEn: c.name_en }));
}

/** A section's items, newest first by keyset, optionally of one category. */
export function listItems(
  db: Db,
  reader: Reader,
  q: { section: SchoolSection; categoryId?: number; pageSize: number; cursor?: string },
): Promise<SchoolItemPage> {
  const spec: KeysetSpec<SchoolItem> = {
    select: itemColumns(reader),
    from: sql`FROM school_items i JOIN school_categories c ON c.id = i.category_id`,
    where: [
      visible,
      sql`i.section = ${q.section}`,
      q.categoryId ? sql`i.category_id = ${q.categoryId}` : undefined,
    ],
    sorts: { publishedAt: { expr: sql`i.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    defaultOrder: 'desc',
    id: sql`i.id`,
    map: itemOf,
  };
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

export async function readItem(db: Db, reader: Reader, id: number): Promise<SchoolItemDetail> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${itemColumns(reader)} FROM school_items i
        JOIN school_categories c ON c.id = i.category_id WHERE i.id = ${id} AND ${visible}`,
  );
  if (!r) throw notFound('内容不存在或已下架');
  return { ...itemOf(r), body: String(r.body), videoUrl: String(r.video_url) };
}

/** Adds or removes a favourite; only what agents may see can be added. */
export async function setFavourite(
  db: Db,
  reader: Reader,
  input: { id: number; favourite: boolean },
): Promise<{ favourite: boolean }> {
  const topId = treeToWrite(reader);
  if (input.favourite) {
    await readItem(db, reader, input.id);
    await db.execute(
      sql`INSERT INTO school_favourites (agent_id, top_id, item_id)
          VALUES (${reader.agentId}, ${topId}, ${input.id}) ON CONFLICT DO NOTHING`,
    );
  } else {
    await db.execute(
      sql`DELETE FROM school_favourites
          WHERE agent_id = ${reader.agentId} AND top_id = ${topId} AND item_id = ${input.id}`,
    );
  }
  return { favourite: input.favourite };
}

/** The reader's favourites still shown, most recently added first, by keyset. */
export function listFavourites(
  db: Db,
  reader: Reader,
  q: { pageSize: number; cursor?: string },
): Promise<SchoolItemPage> {
  const spec: KeysetSpec<SchoolItem> = {
    select: sql`i.id, i.section, i.kind, i.category_id, i.title, i.summary, i.cover_url,
      i.images, i.published_at, true AS favourite`,
    from: sql`FROM school_favourites f JOIN school_items i ON i.id = f.item_id
      JOIN school_categories c ON c.id = i.category_id`,
    where: [sql`f.agent_id = ${reader.agentId} AND f.top_id = ${treeOf(reader)}`, visible],
    sorts: { favouredAt: { expr: sql`f.created_at`, type: 'timestamptz' } },
    defaultSort: 'favouredAt',
    defaultOrder: 'desc',
    id: sql`i.id`,
    map: itemOf,
  };
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

/** Records that the reader took a material; answers what to save (its images and text). */
export async function recordDownload(
  db: Db,
  reader: Reader,
  id: number,
): Promise<SchoolItemDetail> {
  const topId = treeToWrite(reader);
  const item = await readItem(db, reader, id);
  if (item.section !== 'material') throw badRequest('只有素材库的内容可以下载', 'id');
  await db.execute(
    sql`INSERT INTO school_downloads (agent_id, top_id, item_id)
        VALUES (${reader.agentId}, ${topId}, ${id})`,
  );
  return item;
}

// --- operators ---------------------------------------------------------------------------------

export async function adminCategories(
  db: Db,
  section?: SchoolSection,
): Promise<AdminSchoolCategory[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT c.*, (SELECT count(*) FROM school_items i
          WHERE i.category_id = c.id AND i.deleted_at IS NULL) AS items
        FROM school_categories c ${section ? sql`WHERE c.section = ${section}` : sql``}
        ORDER BY c.section, c.sort, c.id`,
  );
  return found.map((c) => ({
    id: Number(c.id),
    section: c.section as SchoolSection,
    name: String(c.name),
    nameEn: String(c.name_en),
    sort: Number(c.sort),
    shown: Boolean(c.shown),
    items: Number(c.items),
  }));
}

export async function saveCategory(
  db: Db,
  op: OperatorCaller,
  input: SaveSchoolCategory,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    let before: Record<string, unknown> | null = null;
    let id: number;
    if (input.id) {
      const [old] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT section, name, name_en, sort, shown FROM school_categories
            WHERE id = ${input.id} FOR UPDATE`,
      );
      if (!old) throw notFound('分类不存在');
      if (old.section !== input.section) throw badRequest('分类的栏目不能修改', 'section');
      before = old;
      await tx.execute(
        sql`UPDATE school_categories SET name = ${input.name}, name_en = ${input.nameEn},
              sort = ${input.sort}, shown = ${input.shown}, updated_at = now()
            WHERE id = ${input.id}`,
      );
      id = input.id;
    } else {
      const [row] = await rows<{ id: unknown }>(
        tx,
        sql`INSERT INTO school_categories (section, name, name_en, sort, shown)
            VALUES (${input.section}, ${input.name}, ${input.nameEn}, ${input.sort},
              ${input.shown})
            RETURNING id`,
      );
      id = Number(row!.id);
    }
    await audit(tx, op, {
      action: 'school_category.save',
      targetType: 'school_category',
      targetId: id,
      before,
      after: {
        section: input.section,
        name: input.name,
        nameEn: input.nameEn,
        sort: input.sort,
        shown: input.shown,
      },
    });
    return { id };
  });
}

/** Publishes a new item or edits one (audited); its kind must belong to its category's section. */
export async function saveItem(db: Db, op: OperatorCaller, input: SaveSchoolItem) {
  return db.transaction(async (tx) => {
    const [cat] = await rows<{ section: SchoolSection }>(
      tx,
      sql`SELECT section FROM school_categories WHERE id = ${input.categoryId}`,
    );
    if (!cat) throw badRequest('分类不存在', 'categoryId');
    if (!SCHOOL_SECTION_KINDS[cat.section].includes(input.kind))
      throw badRequest('该分类不能发布这种内容', 'kind');
    const images = `{${input.images.map((u) => `"${u}"`).join(',')}}`;
    const after = {
      categoryId: input.categoryId,
      section: cat.section,
      kind: input.kind,
      title: input.title,
      coverUrl: input.coverUrl,
      images: input.images,
      videoUrl: input.videoUrl,
      shown: input.shown,
    };
    if (input.id) {
      const [old] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT category_id, kind, title, cover_url, images, video_url, shown FROM school_items
            WHERE id = ${input.id} AND deleted_at IS NULL FOR UPDATE`,
      );
      if (!old) throw notFound('内容不存在');
      await tx.execute(
        sql`UPDATE school_items SET category_id = ${input.categoryId}, section = ${cat.section},
              kind = ${input.kind}, title = ${input.title}, summary = ${input.summary},
              body = ${input.body}, cover_url = ${input.coverUrl}, images = ${images}::text[],
              video_url = ${input.videoUrl}, shown = ${input.shown}, updated_at = now()
            WHERE id = ${input.id}`,
      );
      await audit(tx, op, {
        action: 'school_item.update',
        targetType: 'school_item',
        targetId: input.id,
        before: old,
        after,
      });
      return { id: input.id };
    }
    const [row] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO school_items (category_id, section, kind, title, summary, body, cover_url,
            images, video_url, shown, published_by)
          VALUES (${input.categoryId}, ${cat.section}, ${input.kind}, ${input.title},
            ${input.summary}, ${input.body}, ${input.coverUrl}, ${images}::text[],
            ${input.videoUrl}, ${input.shown}, ${op.operatorId})
          RETURNING id`,
    );
    const id = Number(row!.id);
    await audit(tx, op, {
      action: 'school_item.create',
      targetType: 'school_item',
      targetId: id,
      after,
    });
    return { id };
  });
}

/** Takes an item down for good (kept for the audit trail and favourites' integrity). */
export async function deleteItem(db: Db, op: OperatorCaller, id: number) {
  await db.transaction(async (tx) => {
    const [old] = await rows<{ title: string }>(
      tx,
      sql`UPDATE school_items SET deleted_at = now(), updated_at = now()
          WHERE id = ${id} AND deleted_at IS NULL RETURNING title`,
    );
    if (!old) throw notFound('内容不存在');
    await audit(tx, op, {
      action: 'school_item.delete',
      targetType: 'school_item',
      targetId: id,
      before: { title: old.title },
    });
  });
  return null;
}

export function adminItemList(q: {
  section?: SchoolSection;
  categoryId?: number;
  keyword?: string;
}): KeysetSpec<AdminSchoolItem> {
  return {
    select: sql`i.id, i.section, i.kind, i.category_id, i.title, i.summary, i.cover_url,
      i.images, i.published_at, i.body, i.video_url, i.shown, c.name AS category_name,
      o.name AS operator_name,
      (SELECT count(*) FROM school_favourites f WHERE f.item_id = i.id) AS favourites,
      (SELECT count(*) FROM school_downloads d WHERE d.item_id = i.id) AS downloads`,
    from: sql`FROM school_items i JOIN school_categories c ON c.id = i.category_id
      JOIN operators o ON o.id = i.published_by`,
    where: [
      sql`i.deleted_at IS NULL`,
      q.section ? sql`i.section = ${q.section}` : undefined,
      q.categoryId ? sql`i.category_id = ${q.categoryId}` : undefined,
      q.keyword ? sql`i.title LIKE ${`%${q.keyword}%`}` : undefined,
    ],
    sorts: { publishedAt: { expr: sql`i.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    id: sql`i.id`,
    counted: true,
    map: (r) => {
      const { favourite: _f, ...base } = itemOf(r);
      return {
        ...base,
        body: String(r.body),
        videoUrl: String(r.video_url),
        categoryName: String(r.category_name),
        shown: Boolean(r.shown),
        favourites: Number(r.favourites),
        downloads: Number(r.downloads),
        publishedBy: String(r.operator_name),
      };
    },
  };
}
