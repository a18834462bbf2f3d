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
  type SchoolSection,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { operators, schoolCategories, schoolItems } from '../../db/schema';
import { decode, select, selectOne, type RowOf } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { keysetPage, typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { audit } from '../../db/audit';

type Reader = Pick<Caller, 'agentId' | 'topId'>;
/** The reader's tree (the shard key of favourites and downloads); none is 0, no tree. */
const treeOf = (r: Reader) => r.topId ?? 0;
const treeToWrite = (r: Reader) => {
  if (r.topId === null) throw badRequest('平台账号不能收藏或下载');
  return r.topId;
};

/** What agents may see: shown, not deleted, in a shown category. */
const visible = sql`i.deleted_at IS NULL AND i.shown AND c.shown`;

const i = alias(schoolItems, 'i');
const c = alias(schoolCategories, 'c');
/** An item as the lists show it (`school_items i`). */
const BASE = {
  id: i.id,
  section: i.section,
  kind: i.kind,
  categoryId: i.categoryId,
  title: i.title,
  summary: i.summary,
  coverUrl: i.coverUrl,
  images: i.images,
  publishedAt: i.publishedAt,
};
type BaseRow = RowOf<typeof BASE>;

const itemOf = (r: BaseRow, favourite: boolean): SchoolItem => ({
  id: r.id,
  section: r.section,
  kind: r.kind,
  categoryId: r.categoryId,
  title: r.title,
  summary: r.summary,
  coverUrl: r.coverUrl,
  images: r.images,
  publishedAt: r.publishedAt.toISOString(),
  favourite,
});

/** An item with its text and whether the reader keeps it. */
const itemFields = (reader: Reader) => ({
  ...BASE,
  body: i.body,
  videoUrl: i.videoUrl,
  favourite: sql`EXISTS (SELECT 1 FROM school_favourites f WHERE f.agent_id = ${reader.agentId}
    AND f.top_id = ${treeOf(reader)} AND f.item_id = ${i.id})`.mapWith(decode.bool),
});

// --- agents ------------------------------------------------------------------------------------

export async function listCategories(db: Db, section: SchoolSection): Promise<SchoolCategory[]> {
  const sc = schoolCategories;
  return select(
    db,
    { id: sc.id, name: sc.name, nameEn: sc.nameEn },
    sql`FROM ${sc} WHERE ${sc.section} = ${section} AND ${sc.shown} ORDER BY ${sc.sort}, ${sc.id}`,
  );
}

/** A section's items, newest first by keyset, optionally of one category. */
export function listItems(
  db: Db,
  reader: Reader,
  q: { section: SchoolSection; categoryId?: number; pageSize: number; cursor?: string },
): Promise<SchoolItemPage> {
  const spec: KeysetSpec<SchoolItem> = typedKeyset({
    shape: itemFields(reader),
    from: sql`FROM school_items i JOIN school_categories c ON ${c.id} = ${i.categoryId}`,
    where: [
      visible,
      sql`i.section = ${q.section}`,
      q.categoryId ? sql`i.category_id = ${q.categoryId}` : undefined,
    ],
    sorts: { publishedAt: { expr: sql`i.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    defaultOrder: 'desc',
    id: sql`i.id`,
    map: (r) => itemOf(r, r.favourite),
  });
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

export async function readItem(db: Db, reader: Reader, id: number): Promise<SchoolItemDetail> {
  const r = await selectOne(
    db,
    itemFields(reader),
    sql`FROM school_items i
        JOIN school_categories c ON ${c.id} = ${i.categoryId} WHERE ${i.id} = ${id} AND ${visible}`,
  );
  if (!r) throw notFound('内容不存在或已下架');
  return { ...itemOf(r, r.favourite), body: r.body, videoUrl: r.videoUrl };
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
  const spec: KeysetSpec<SchoolItem> = typedKeyset({
    shape: BASE,
    from: sql`FROM school_favourites f JOIN school_items i ON ${i.id} = f.item_id
      JOIN school_categories c ON ${c.id} = ${i.categoryId}`,
    where: [sql`f.agent_id = ${reader.agentId} AND f.top_id = ${treeOf(reader)}`, visible],
    sorts: { favouredAt: { expr: sql`f.created_at`, type: 'timestamptz' } },
    defaultSort: 'favouredAt',
    defaultOrder: 'desc',
    id: sql`i.id`,
    map: (r) => itemOf(r, true),
  });
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
  return select(
    db,
    {
      id: c.id,
      section: c.section,
      name: c.name,
      nameEn: c.nameEn,
      sort: c.sort,
      shown: c.shown,
      items: sql`(SELECT count(*) FROM school_items i
          WHERE i.category_id = ${c.id} AND i.deleted_at IS NULL)`.mapWith(decode.number),
    },
    sql`FROM school_categories c ${section ? sql`WHERE ${c.section} = ${section}` : sql``}
        ORDER BY ${c.section}, ${c.sort}, ${c.id}`,
  );
}

export async function saveCategory(
  db: Db,
  op: OperatorCaller,
  input: SaveSchoolCategory,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    let before: object | null = null;
    let id: number;
    const sc = schoolCategories;
    if (input.id) {
      // Audited as the row's columns, named as they are in the table.
      const old = await selectOne(
        tx,
        { section: sc.section, name: sc.name, name_en: sc.nameEn, sort: sc.sort, shown: sc.shown },
        sql`FROM ${sc} WHERE ${sc.id} = ${input.id} FOR UPDATE`,
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
      const row = await selectOne(tx, { id: insertedCategory.id }, sql`FROM inserted`, {
        with: sql`WITH inserted AS (
          INSERT INTO school_categories (section, name, name_en, sort, shown)
          VALUES (${input.section}, ${input.name}, ${input.nameEn}, ${input.sort}, ${input.shown})
          RETURNING id)`,
      });
      id = row!.id;
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
    const sc = schoolCategories;
    const si = schoolItems;
    const cat = await selectOne(
      tx,
      { section: sc.section },
      sql`FROM ${sc} WHERE ${sc.id} = ${input.categoryId}`,
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
      // Audited as the row's columns, named as they are in the table.
      const old = await selectOne(
        tx,
        {
          category_id: si.categoryId,
          kind: si.kind,
          title: si.title,
          cover_url: si.coverUrl,
          images: si.images,
          video_url: si.videoUrl,
          shown: si.shown,
        },
        sql`FROM ${si} WHERE ${si.id} = ${input.id} AND ${si.deletedAt} IS NULL FOR UPDATE`,
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
    const row = await selectOne(tx, { id: insertedItem.id }, sql`FROM inserted`, {
      with: sql`WITH inserted AS (
        INSERT INTO school_items (category_id, section, kind, title, summary, body, cover_url,
          images, video_url, shown, published_by)
        VALUES (${input.categoryId}, ${cat.section}, ${input.kind}, ${input.title},
          ${input.summary}, ${input.body}, ${input.coverUrl}, ${images}::text[],
          ${input.videoUrl}, ${input.shown}, ${op.operatorId})
        RETURNING id)`,
    });
    const id = row!.id;
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
    const old = await selectOne(tx, { title: removed.title }, sql`FROM removed`, {
      with: sql`WITH removed AS (
        UPDATE school_items SET deleted_at = now(), updated_at = now()
        WHERE id = ${id} AND deleted_at IS NULL RETURNING title)`,
    });
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
  const o = alias(operators, 'o');
  return typedKeyset({
    shape: {
      ...BASE,
      body: i.body,
      videoUrl: i.videoUrl,
      shown: i.shown,
      categoryName: c.name,
      operatorName: o.name,
      favourites: sql`(SELECT count(*) FROM school_favourites f WHERE f.item_id = ${i.id})`.mapWith(
        decode.number,
      ),
      downloads: sql`(SELECT count(*) FROM school_downloads d WHERE d.item_id = ${i.id})`.mapWith(
        decode.number,
      ),
    },
    from: sql`FROM school_items i JOIN school_categories c ON ${c.id} = ${i.categoryId}
      JOIN operators o ON ${o.id} = ${i.publishedBy}`,
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
      const { favourite: _f, ...base } = itemOf(r, false);
      return {
        ...base,
        body: r.body,
        videoUrl: r.videoUrl,
        categoryName: r.categoryName,
        shown: r.shown,
        favourites: r.favourites,
        downloads: r.downloads,
        publishedBy: r.operatorName,
      };
    },
  });
}

/** Rows an INSERT or UPDATE … RETURNING gives (the CTEs `inserted`, `removed`). */
const insertedCategory = alias(schoolCategories, 'inserted');
const insertedItem = alias(schoolItems, 'inserted');
const removed = alias(schoolItems, 'removed');
