import type { Page } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { rows, type DbOrTx } from '../db/client';
import { badRequest } from './app-error';
import { csvHeader, csvRow, csvText, type CsvColumn } from './csv';

export type { CsvColumn } from './csv';

/** A column a list may be sorted by: its expression (never null) and its SQL type. */
export interface SortColumn {
  expr: SQL;
  type: 'bigint' | 'integer' | 'timestamptz' | 'text' | 'smallint';
}

export interface KeysetSpec<R> {
  /** The select list (without the sort key and id, which are added). */
  select: SQL;
  /** FROM and JOINs. */
  from: SQL;
  where: (SQL | undefined | false)[];
  sorts: Record<string, SortColumn>;
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  /** The unique tiebreaker, usually the primary key. */
  id: SQL;
  map: (row: Record<string, unknown>) => R;
  /**
   * The page also carries the filtered list's total: only for lists whose count is cheap (small
   * tables, or a filter an index answers). Big tables page without a count(*).
   */
  counted?: boolean;
}

export interface ListParams {
  pageSize: number;
  cursor?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * One page of a list by keyset: rows after the cursor in (sort key, id) order, so page 1,000 of a
 * million-row table costs what page 1 does (given an index on the sort key). The cursor carries
 * the sort it was made for; a cursor from another sort is refused rather than misread.
 */
export async function keysetPage<R>(
  db: DbOrTx,
  spec: KeysetSpec<R>,
  params: ListParams,
): Promise<Page<R>> {
  const sortKey = params.sort && spec.sorts[params.sort] ? params.sort : spec.defaultSort;
  if (params.sort && !spec.sorts[params.sort]) throw badRequest('排序字段不正确', 'sort');
  const col = spec.sorts[sortKey]!;
  const order = params.order ?? spec.defaultOrder ?? 'desc';
  const conditions = spec.where.filter((c): c is SQL => Boolean(c));
  const filtered = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  if (params.cursor) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(params.cursor, 'base64url').toString('utf8'));
    } catch {
      throw badRequest('分页游标不正确', 'cursor');
    }
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 4 ||
      parsed[0] !== sortKey ||
      parsed[1] !== order ||
      typeof parsed[2] !== 'string' ||
      !/^\d+$/.test(String(parsed[3]))
    ) {
      throw badRequest('分页游标不正确', 'cursor');
    }
    const op = order === 'desc' ? sql`<` : sql`>`;
    conditions.push(
      sql`(${col.expr}, ${spec.id}) ${op} (${parsed[2]}::${sql.raw(col.type)}, ${String(parsed[3])}::bigint)`,
    );
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const dir = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${spec.select}, (${col.expr})::text AS _k, ${spec.id} AS _id ${spec.from} ${where}
         ORDER BY ${col.expr} ${dir}, ${spec.id} ${dir} LIMIT ${params.pageSize + 1}`,
  );
  const more = found.length > params.pageSize;
  const page = more ? found.slice(0, params.pageSize) : found;
  const last = page[page.length - 1];
  const nextCursor =
    more && last
      ? Buffer.from(JSON.stringify([sortKey, order, String(last._k), String(last._id)])).toString(
          'base64url',
        )
      : null;
  if (!spec.counted) return { rows: page.map(spec.map), nextCursor };
  const [count] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n ${spec.from} ${filtered}`,
  );
  return { rows: page.map(spec.map), nextCursor, total: Number(count?.n ?? 0) };
}

/** Most rows a CSV export holds; past it the file says so on its last line. */
export const CSV_MAX_ROWS = 100_000;

/**
 * The whole filtered list as CSV (UTF-8 with a byte-order mark, so Excel reads the Chinese), read
 * page by page with the same keyset query the console uses.
 */
export async function sendCsv<R>(
  reply: FastifyReply,
  db: DbOrTx,
  spec: KeysetSpec<R>,
  params: Omit<ListParams, 'pageSize' | 'cursor'>,
  columns: CsvColumn<R>[],
  fileName: string,
) {
  const lines = [csvHeader(columns)];
  let cursor: string | undefined;
  let count = 0;
  for (;;) {
    // The file needs no total: no count per page.
    const page = await keysetPage(
      db,
      { ...spec, counted: false },
      { ...params, pageSize: 1000, cursor },
    );
    for (const row of page.rows) lines.push(csvRow(columns, row));
    count += page.rows.length;
    if (!page.nextCursor) break;
    if (count >= CSV_MAX_ROWS) {
      lines.push(csvText(`(truncated at ${CSV_MAX_ROWS} rows; narrow the filter)`));
      break;
    }
    cursor = page.nextCursor;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}.csv"`)
    .send(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/**
 * List filters by China-time days (YYYY-MM-DD) on a timestamptz column: from the start of `from`,
 * and before the start of the day after `to`. Either may be absent.
 */
export function shanghaiDays(column: SQL, from?: string, to?: string): (SQL | undefined)[] {
  return [
    from ? sql`${column} >= (${from}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'` : undefined,
    to ? sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')` : undefined,
  ];
}
