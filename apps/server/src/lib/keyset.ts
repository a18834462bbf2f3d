import { ok, type Page } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { rows, type Db, type DbOrTx } from '../db/client';
import { decode, selectOne, selection, type RowOf, type Shape } from '../db/typed';
import { largerThanSync, startOperatorExport } from '../modules/exports/operator-exports';
import { badRequest } from './app-error';
import { csvHeader, csvRow, csvText, type CsvColumn } from './csv';
import { sheetStream, XLSX_MIME } from './xlsx';

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

/**
 * A keyset list whose rows are typed by the schema (decision 040): the select list is a shape
 * (schema columns, or expressions with their decoders), and `map` receives the decoded row it
 * types, so no column is read by name from an untyped row. The rest is KeysetSpec's.
 */
export interface TypedKeysetSpec<S extends Shape, R> extends Omit<KeysetSpec<R>, 'select' | 'map'> {
  shape: S;
  map: (row: RowOf<S>) => R;
}

/** The KeysetSpec keysetPage and the CSV/xlsx exports read, from a typed description. */
export function typedKeyset<S extends Shape, R>(spec: TypedKeysetSpec<S, R>): KeysetSpec<R> {
  const { shape, map, ...rest } = spec;
  const sel = selection(shape);
  return { ...rest, select: sel.list, map: (raw) => map(sel.toRow(raw)) };
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
  const count = await selectOne(
    db,
    { n: sql`count(*)`.mapWith(decode.number) },
    sql`${spec.from} ${filtered}`,
  );
  return { rows: page.map(spec.map), nextCursor, total: count?.n ?? 0 };
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
  const file = (params as { file?: string }).file === 'xlsx' ? 'xlsx' : 'csv';
  // Over CONSOLE_SYNC_ROWS rows an operator's download is written in the background instead.
  const operator = reply.request.operator;
  if (operator && (await largerThanSync(db, spec, params))) {
    const item = await startOperatorExport(db as Db, reply.log, {
      operatorId: operator.operatorId,
      listPath: reply.request.routeOptions.url ?? reply.request.url.split('?')[0]!,
      file,
      fileName,
      spec,
      params,
      columns,
    });
    // Not the list's page: written as it is rather than through the route's response schema.
    return reply
      .type('application/json; charset=utf-8')
      .serializer((payload) => JSON.stringify(payload))
      .send(
        ok({ background: true, export: item }, '数据较多，已转入后台生成，完成后在导出任务中下载'),
      );
  }
  if (file === 'xlsx') return sendXlsx(reply, db, spec, params, columns, fileName);
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
 * The whole filtered list as an .xlsx sheet (file=xlsx), from the same columns and the same
 * keyset pages as the CSV; the rows go out to the response as they are read.
 */
async function sendXlsx<R>(
  reply: FastifyReply,
  db: DbOrTx,
  spec: KeysetSpec<R>,
  params: Omit<ListParams, 'pageSize' | 'cursor'>,
  columns: CsvColumn<R>[],
  fileName: string,
) {
  // The first page is read before the answer starts, so a refused filter is still an error.
  let page = await keysetPage(db, { ...spec, counted: false }, { ...params, pageSize: 1000 });
  const sheet = sheetStream(columns, fileName.slice(0, 31));
  void reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${fileName}.xlsx"`)
    .send(sheet.stream);
  let count = 0;
  try {
    for (;;) {
      for (const row of page.rows) sheet.add(row);
      count += page.rows.length;
      if (!page.nextCursor) break;
      if (count >= CSV_MAX_ROWS) {
        sheet.note(`(truncated at ${CSV_MAX_ROWS} rows; narrow the filter)`);
        break;
      }
      page = await keysetPage(
        db,
        { ...spec, counted: false },
        { ...params, pageSize: 1000, cursor: page.nextCursor },
      );
    }
    await sheet.done();
  } catch (err) {
    // The answer has started: it is cut short, which the browser reports as a failed download.
    sheet.stream.destroy(err as Error);
  }
  return reply;
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

// ---------------------------------------------------------------------------------------------
// Cursors of the lists that page by hand (not through keysetPage): an opaque base64url JSON array
// of the last row's sort key. One encoding for all of them, so a cursor a client holds stays
// valid whichever list wrote it; a cursor only says where a page starts, the caller's scope is
// applied to every page whatever it holds.
// ---------------------------------------------------------------------------------------------

const badCursor = () => badRequest('分页游标格式错误', 'cursor');

/** The cursor of a page ending at the row whose sort key is `key`. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** A cursor's array of `length` values, or null for the first page; anything else is refused. */
function cursorArray(cursor: string | undefined, length: number): unknown[] | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== length) throw badCursor();
  return value;
}

/**
 * Reads a cursor of the given shape (strings of at most 256 characters, safe integers); anything
 * else is the caller's mistake, named as such.
 */
export function decodeCursor<T extends readonly ('string' | 'number')[]>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends 'string' ? string : number } | null {
  const value = cursorArray(cursor, shape.length);
  if (!value) return null;
  value.forEach((v, i) => {
    const okType =
      shape[i] === 'number' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 256;
    if (!okType) throw badCursor();
  });
  return value as never;
}

/** The cursor of a page ordered by id: the last row's id. */
export const encodeIdCursor = (id: number): string => encodeCursor([id]);

/** An id cursor (a positive integer), or null for the first page. */
export function decodeIdCursor(cursor: string | undefined): number | null {
  const value = cursorArray(cursor, 1);
  if (!value) return null;
  const id = value[0];
  if (!Number.isSafeInteger(id) || (id as number) <= 0) throw badCursor();
  return id as number;
}

const HOLDER_PATH = /^\/(\d+\/)*$/;
const SN = /^[0-9A-Za-z-]{1,64}$/;

/** A (holder path, SN) cursor, or null for the first page. */
export function decodePathSnCursor(cursor: string | undefined): [string, string] | null {
  const value = cursorArray(cursor, 2);
  if (!value) return null;
  const [path, sn] = value;
  if (typeof path !== 'string' || typeof sn !== 'string' || !HOLDER_PATH.test(path) || !SN.test(sn))
    throw badCursor();
  return [path, sn];
}

/** An SN cursor, or null for the first page. */
export function decodeSnCursor(cursor: string | undefined): string | null {
  const value = cursorArray(cursor, 1);
  if (!value) return null;
  const sn = value[0];
  if (typeof sn !== 'string' || !SN.test(sn)) throw badCursor();
  return sn;
}
