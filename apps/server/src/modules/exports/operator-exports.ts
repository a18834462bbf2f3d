import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { operatorExports } from '../../db/schema';
import { selectOne, select, type RowOf } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { csvHeader, csvRow, csvText, type CsvColumn } from '../../lib/csv';
import type { KeysetSpec, ListParams } from '../../lib/keyset';
import { keysetPage } from '../../lib/keyset';
import { sheetStream } from '../../lib/xlsx';

/**
 * Console list downloads too large to answer at once (decision 038): over CONSOLE_SYNC_ROWS rows
 * the download is written in the background by the process that took the request, from the same
 * spec, filters and columns, its progress on an operator_exports row (migration 0050b), and the
 * operator downloads it from 导出任务 once it is done. Only the operator who asked sees or gets it.
 */

let syncRows = 5_000;
/** Rows a console download answers at once; over that it is written in the background. */
export const consoleSyncRows = () => syncRows;
/** Sets CONSOLE_SYNC_ROWS for this process (tests make a small list count as large). */
export function configureConsoleExports(opts: { syncRows: number }) {
  syncRows = opts.syncRows;
}

/** Most rows one file holds, as the CSV. */
const MAX_ROWS = 100_000;
const PAGE_ROWS = 1000;
const LEASE = sql`interval '2 minutes'`;

export interface OperatorExportItem {
  id: number;
  listPath: string;
  fileType: 'csv' | 'xlsx';
  fileName: string;
  status: 'running' | 'done' | 'failed';
  rowsDone: number;
  truncated: boolean;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
}

const x = operatorExports;
const ITEM = {
  id: x.id,
  listPath: x.listPath,
  fileType: x.fileType,
  fileName: x.fileName,
  status: x.status,
  rowsDone: x.rowsDone,
  truncated: x.truncated,
  sizeBytes: x.sizeBytes,
  error: x.error,
  createdAt: x.createdAt,
  finishedAt: x.finishedAt,
  expiresAt: x.expiresAt,
};
/** The same columns of the row an INSERT … RETURNING gives (the CTE `inserted`). */
const i = alias(operatorExports, 'inserted');
const INSERTED = {
  id: i.id,
  listPath: i.listPath,
  fileType: i.fileType,
  fileName: i.fileName,
  status: i.status,
  rowsDone: i.rowsDone,
  truncated: i.truncated,
  sizeBytes: i.sizeBytes,
  error: i.error,
  createdAt: i.createdAt,
  finishedAt: i.finishedAt,
  expiresAt: i.expiresAt,
};
const toItem = (r: RowOf<typeof ITEM>): OperatorExportItem => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  expiresAt: r.expiresAt.toISOString(),
});

/** Whether the filtered list holds more than the console answers at once (one read of n+1). */
export async function largerThanSync<R>(
  db: DbOrTx,
  spec: KeysetSpec<R>,
  params: Omit<ListParams, 'pageSize' | 'cursor'>,
): Promise<boolean> {
  const first = await keysetPage(
    db,
    { ...spec, counted: false, map: () => null },
    { ...params, pageSize: syncRows },
  );
  return first.nextCursor !== null;
}

/**
 * Starts a background download: the row is kept as running and the file is written after the
 * answer, by this process (the writer needs the route's columns, which live in its code); a
 * process that stops meanwhile leaves a lease that runs out, and the exports job marks it failed.
 */
export async function startOperatorExport<R>(
  db: Db,
  log: FastifyBaseLogger,
  input: {
    operatorId: number;
    listPath: string;
    file: 'csv' | 'xlsx';
    fileName: string;
    spec: KeysetSpec<R>;
    params: Omit<ListParams, 'pageSize' | 'cursor'>;
    columns: CsvColumn<R>[];
  },
): Promise<OperatorExportItem> {
  const row = await selectOne(db, INSERTED, sql`FROM inserted`, {
    with: sql`WITH inserted AS (
      INSERT INTO operator_exports (operator_id, list_path, file_type, file_name, lease_until)
      VALUES (${input.operatorId}, ${input.listPath}, ${input.file},
              ${`${input.fileName}.${input.file}`}, now() + ${LEASE})
      RETURNING *)`,
  });
  const item = toItem(row!);
  setImmediate(() => {
    writeOperatorExport(db, item.id, input).catch((err: unknown) =>
      log.error({ err, exportId: item.id }, 'console export failed'),
    );
  });
  return item;
}

async function writeOperatorExport<R>(
  db: Db,
  id: number,
  input: {
    file: 'csv' | 'xlsx';
    spec: KeysetSpec<R>;
    params: Omit<ListParams, 'pageSize' | 'cursor'>;
    columns: CsvColumn<R>[];
  },
) {
  try {
    const chunks: Buffer[] = [];
    let add: (row: R) => void;
    let note: (text: string) => void;
    let finish: () => Promise<void>;
    if (input.file === 'xlsx') {
      const sheet = sheetStream(input.columns);
      sheet.stream.on('data', (c: Buffer) => chunks.push(c));
      add = sheet.add;
      note = sheet.note;
      finish = sheet.done;
    } else {
      chunks.push(Buffer.from(`\uFEFF${csvHeader(input.columns)}\r\n`));
      add = (row) => chunks.push(Buffer.from(`${csvRow(input.columns, row)}\r\n`));
      note = (text) => chunks.push(Buffer.from(`${csvText(text)}\r\n`));
      finish = async () => undefined;
    }
    let count = 0;
    let cursor: string | undefined;
    let truncated = false;
    for (;;) {
      const page = await keysetPage(
        db,
        { ...input.spec, counted: false },
        { ...input.params, pageSize: PAGE_ROWS, cursor },
      );
      for (const row of page.rows) add(row);
      count += page.rows.length;
      await rows(
        db,
        sql`UPDATE operator_exports SET rows_done = ${count}, lease_until = now() + ${LEASE}
             WHERE id = ${id} AND status = 'running'`,
      );
      if (!page.nextCursor) break;
      if (count >= MAX_ROWS) {
        truncated = true;
        note(`(truncated at ${MAX_ROWS} rows; narrow the filter)`);
        break;
      }
      cursor = page.nextCursor;
    }
    await finish();
    const data = Buffer.concat(chunks);
    await rows(
      db,
      sql`UPDATE operator_exports
             SET status = 'done', rows_done = ${count}, truncated = ${truncated},
                 data = decode(${data.toString('base64')}, 'base64'), size_bytes = ${data.length},
                 finished_at = now(), lease_until = NULL
           WHERE id = ${id} AND status = 'running'`,
    );
  } catch (err) {
    await rows(
      db,
      sql`UPDATE operator_exports SET status = 'failed', error = '生成失败，请重新导出',
             finished_at = now(), lease_until = NULL
           WHERE id = ${id} AND status = 'running'`,
    );
    throw err;
  }
}

/** The operator's own exports of the last 7 days, newest first, in keyset pages by id. */
export async function listOperatorExports(
  db: Db,
  operatorId: number,
  q: { cursor?: string; pageSize: number },
) {
  const found = await select(
    db,
    ITEM,
    sql`FROM ${x}
         WHERE ${x.operatorId} = ${operatorId} AND ${x.expiresAt} > now()
           ${q.cursor ? sql`AND ${x.id} < ${Number(q.cursor)}` : sql``}
         ORDER BY ${x.id} DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize).map(toItem);
  return {
    rows: page,
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}

/** The file of one of the operator's own finished exports; anyone else's answers as missing. */
export async function readOperatorExportFile(db: Db, operatorId: number, id: number) {
  const row = await selectOne(
    db,
    { fileName: x.fileName, fileType: x.fileType, status: x.status, data: x.data },
    sql`FROM ${x}
         WHERE ${x.id} = ${id} AND ${x.operatorId} = ${operatorId} AND ${x.expiresAt} > now()`,
  );
  if (!row) throw notFound('导出不存在或已过期');
  if (row.status !== 'done' || row.data === null) throw badRequest('文件还在生成中', 'id');
  return { fileName: row.fileName, fileType: row.fileType, data: row.data };
}

/**
 * The job's part: a running export whose writer stopped renewing its lease (its process ended)
 * is failed, and exports past their 7 days are deleted. Answers how many of each.
 */
export async function sweepOperatorExports(db: Db, now: Date = new Date()) {
  const failed = await rows(
    db,
    sql`UPDATE operator_exports SET status = 'failed', error = '导出中断，请重新导出',
           finished_at = now(), lease_until = NULL
         WHERE status = 'running' AND lease_until < now() RETURNING id`,
  );
  const deleted = await rows(
    db,
    sql`DELETE FROM operator_exports WHERE expires_at <= ${now.toISOString()}::timestamptz
        RETURNING id`,
  );
  return { failed: failed.length, deleted: deleted.length };
}
