import type { Notice, NoticePage } from '@pos/core';
import { and, desc, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';
import { badRequest } from '../../lib/app-error';

/**
 * Published notices, newest first, one keyset page at a time: the cursor is the (published_at,
 * id) of the last row shown, so a page costs the same however deep it is and rows published
 * meanwhile do not shift the pages.
 */
export async function listNotices(
  db: Db,
  query: { cursor?: string; pageSize: number },
): Promise<NoticePage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      id: notices.id,
      title: notices.title,
      content: notices.content,
      publishedAt: notices.publishedAt,
      // Microseconds, which a JS Date would drop: the cursor must compare exactly.
      exactAt: sql<string>`to_char(${notices.publishedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(notices)
    .where(
      and(
        lte(notices.publishedAt, sql`now()`),
        after
          ? sql`(${notices.publishedAt}, ${notices.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map(toNotice),
    nextCursor: rows.length > query.pageSize && last ? encodeCursor(last.exactAt, last.id) : null,
  };
}

export const toNotice = (row: {
  id: number;
  title: string;
  content: string;
  publishedAt: Date;
}): Notice => ({
  id: row.id,
  title: row.title,
  content: row.content,
  publishedAt: row.publishedAt.toISOString(),
});

const encodeCursor = (at: string, id: number) => Buffer.from(`${at}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: number } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,15})$/.exec(text);
  if (!m || Number.isNaN(Date.parse(m[1]!))) throw badRequest('分页游标格式错误', 'cursor');
  return { at: m[1]!, id: Number(m[2]) };
}
