import type { Notice } from '@pos/core';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { toNotice } from './list-notices';

/** One published notice; one scheduled for later answers as missing until its time. */
export async function getNotice(db: Db, id: number): Promise<Notice> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), lte(notices.publishedAt, sql`now()`)))
    .limit(1);
  if (!row) throw notFound('公告不存在');
  return toNotice(row);
}
