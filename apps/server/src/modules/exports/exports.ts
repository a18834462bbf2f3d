import { PassThrough } from 'node:stream';
import {
  EXPORT_KEEP_DAYS,
  EXPORT_MAX_ROWS,
  EXPORT_PENDING_MAX,
  exportKindLabel,
  exportRequest,
  formatDate,
  type ExportItem,
  type ExportKind,
  type ExportPage,
  type ExportRequestParsed,
  type Lang,
  type Page,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import { rows, type Db } from '../../db/client';
import { agentExports, agents } from '../../db/schema';
import { decode, select, selectOne, type RowOf } from '../../db/typed';
import { andInTree } from '../../db/tree';
import { badRequest, forbidden, notFound, tooMany } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { listMerchants } from '../merchants/list-merchants';
import { listTerminals } from '../terminals/list-terminals';
import { listLedger } from '../wallet/list-ledger';
import { listWithdrawals } from '../withdrawals/list-withdrawals';
import { sweepOperatorExports } from './operator-exports';
import {
  cellOf,
  earningColumns,
  headerOf,
  merchantColumns,
  numFmtOf,
  SHEET_NAMES,
  terminalColumns,
  withdrawalColumns,
  type SheetColumn,
} from './sheets';

/**
 * An agent's exports (decision 038): a list written as .xlsx in the background from the list's
 * own read (the same function, scope and keyset pages the app's list page calls, so the file
 * holds exactly the rows the list shows), its progress kept on the row, the file kept in the
 * database beside the other uploaded files and handed only to the agent that asked for it.
 */

/** Rows read per page while writing (the list's own keyset read, larger pages). */
export const EXPORT_PAGE_ROWS = 500;
/** How long a writer's claim lasts without progress; renewed at every page. */
const LEASE = sql`interval '2 minutes'`;

interface Source<R> {
  columns: (lang: Lang) => SheetColumn<R>[];
  page: (db: Db, caller: Caller, cursor: string | undefined, size: number) => Promise<Page<R>>;
}

type Filters<K extends ExportKind> = Extract<ExportRequestParsed, { kind: K }>['filters'];

/** A kind's source, its row type forgotten: its columns read the rows its page answers. */
const erase = <R>(source: Source<R>) => source as unknown as Source<unknown>;

/** Each kind's list read, with the filters the list page sent. */
function sourceOf(req: ExportRequestParsed): Source<unknown> {
  switch (req.kind) {
    case 'terminals': {
      const f: Filters<'terminals'> = req.filters;
      return erase({
        columns: terminalColumns,
        page: (db, caller, cursor, pageSize) =>
          listTerminals(db, caller, { ...f, cursor, pageSize }),
      });
    }
    case 'merchants': {
      const f: Filters<'merchants'> = req.filters;
      return erase({
        columns: merchantColumns,
        page: (db, caller, cursor, pageSize) =>
          listMerchants(db, caller, { ...f, cursor, pageSize }),
      });
    }
    case 'earnings': {
      const f: Filters<'earnings'> = req.filters;
      return erase({
        columns: earningColumns,
        page: (db, caller, cursor, pageSize) => listLedger(db, caller, { ...f, cursor, pageSize }),
      });
    }
    case 'withdrawals': {
      const f: Filters<'withdrawals'> = req.filters;
      return erase({
        columns: withdrawalColumns,
        page: (db, caller, cursor, pageSize) =>
          listWithdrawals(db, caller, { ...f, cursor, pageSize }),
      });
    }
  }
}

const x = agentExports;
/** An export as its list shows it (no filters, no file). */
const ITEM = {
  id: x.id,
  kind: x.kind,
  status: x.status,
  rowsDone: x.rowsDone,
  truncated: x.truncated,
  fileName: x.fileName,
  sizeBytes: x.sizeBytes,
  error: x.error,
  createdAt: x.createdAt,
  finishedAt: x.finishedAt,
  expiresAt: x.expiresAt,
};
/** The same columns of the row an INSERT … RETURNING gives (the CTE `inserted`). */
const inserted = alias(agentExports, 'inserted');
const INSERTED = {
  id: inserted.id,
  kind: inserted.kind,
  status: inserted.status,
  rowsDone: inserted.rowsDone,
  truncated: inserted.truncated,
  fileName: inserted.fileName,
  sizeBytes: inserted.sizeBytes,
  error: inserted.error,
  createdAt: inserted.createdAt,
  finishedAt: inserted.finishedAt,
  expiresAt: inserted.expiresAt,
};

function toItem(r: RowOf<typeof ITEM>): ExportItem {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    expiresAt: r.expiresAt.toISOString(),
  };
}

/** The caller's own rows, in its tree (the shard key, decision 020). */
const own = (caller: Caller) =>
  sql`${x.agentId} = ${caller.agentId}${andInTree(sql`${x.topId}`, caller)}`;

/** "终端-20261128-1805.xlsx": the list, and when it was asked for (Shanghai time). */
export function exportFileName(kind: ExportKind, lang: Lang, at: Date): string {
  const stamp = formatDate(at, 'yyyymmdd-hhMMss');
  return `${exportKindLabel(kind, lang)}-${stamp}.xlsx`;
}

/**
 * Asks for an export. The filters are the list's own and are checked by reading the list's first
 * row now, so a filter the caller may not use (another tree's agent) is refused here, on its
 * field, and nothing is kept. An agent has at most EXPORT_PENDING_MAX exports waiting at once.
 * The file is then written in the background (writeExport), by this process at once and, should
 * it stop, by the exports job of any process.
 */
export async function requestExport(db: Db, caller: Caller, body: unknown): Promise<ExportItem> {
  if (caller.role !== 'agent') throw forbidden('仅代理商可导出');
  const parsed = exportRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, issue.path.join('.') || 'kind');
  }
  const req = parsed.data;
  await sourceOf(req).page(db, caller, undefined, 1);
  // Kept as they were sent (the writer parses them again with the same schema), of the keys the
  // list knows only.
  const sent = ((body as { filters?: Record<string, unknown> }).filters ?? {}) as Record<
    string,
    unknown
  >;
  const filters = Object.fromEntries(
    Object.keys(req.filters).flatMap((k) => (k in sent ? [[k, sent[k]]] : [])),
  );
  const pending = await selectOne(
    db,
    { n: sql`count(*)`.mapWith(decode.number) },
    sql`FROM ${x}
         WHERE ${own(caller)} AND ${x.status} IN ('queued', 'running')`,
  );
  if ((pending?.n ?? 0) >= EXPORT_PENDING_MAX)
    throw tooMany(`最多同时生成${EXPORT_PENDING_MAX}个导出，请稍后再试`);
  const row = await selectOne(db, INSERTED, sql`FROM inserted`, {
    with: sql`WITH inserted AS (
      INSERT INTO agent_exports (agent_id, top_id, kind, filters, lang, file_name, expires_at)
      VALUES (${caller.agentId}, ${caller.topId}, ${req.kind}, ${JSON.stringify(filters)}::jsonb,
              ${req.lang}, ${exportFileName(req.kind, req.lang, new Date())},
              now() + ${`${EXPORT_KEEP_DAYS} days`}::interval)
      RETURNING *)`,
  });
  return toItem(row!);
}

/** The caller's exports not yet deleted, newest first, in keyset pages by id. */
export async function listExports(
  db: Db,
  caller: Caller,
  q: { cursor?: string; pageSize: number },
): Promise<ExportPage> {
  const found = await select(
    db,
    ITEM,
    sql`FROM ${x}
         WHERE ${own(caller)} AND ${x.expiresAt} > now()
           ${q.cursor ? sql`AND ${x.id} < ${Number(q.cursor)}` : sql``}
         ORDER BY ${x.id} DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize).map(toItem);
  return {
    rows: page,
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}

/** One of the caller's exports; anyone else's answers as missing. */
export async function getExport(db: Db, caller: Caller, id: number): Promise<ExportItem> {
  const row = await selectOne(
    db,
    ITEM,
    sql`FROM ${x}
         WHERE ${x.id} = ${id} AND ${own(caller)} AND ${x.expiresAt} > now()`,
  );
  if (!row) throw notFound('导出不存在或已过期');
  return toItem(row);
}

/** The file of one of the caller's finished exports; anyone else's answers as missing. */
export async function readExportFile(
  db: Db,
  caller: Caller,
  id: number,
): Promise<{ fileName: string; data: Buffer }> {
  const row = await selectOne(
    db,
    { fileName: x.fileName, status: x.status, data: x.data },
    sql`FROM ${x}
         WHERE ${x.id} = ${id} AND ${own(caller)} AND ${x.expiresAt} > now()`,
  );
  if (!row) throw notFound('导出不存在或已过期');
  if (row.status !== 'done' || row.data === null) throw badRequest('文件还在生成中', 'id');
  return { fileName: row.fileName, data: row.data };
}

interface WriteOptions {
  /** Rows read per page (EXPORT_PAGE_ROWS). */
  pageRows?: number;
  /** Told after each page's progress is stored (tests follow the progress with it). */
  onProgress?: (id: number, rowsDone: number) => Promise<void>;
}

interface Claimed {
  id: number;
  agentId: number;
  topId: number | null;
  kind: ExportKind;
  filters: unknown;
  lang: Lang;
}

/**
 * Claims an export to write: the given one, or the oldest one waiting (or whose writer stopped
 * renewing its claim). One conditional UPDATE, so two writers never hold the same export.
 */
async function claimExport(
  db: Db,
  only?: { id: number; topId: number | null },
): Promise<Claimed | null> {
  const claimed = alias(agentExports, 'claimed');
  const row = await selectOne(
    db,
    {
      id: claimed.id,
      agentId: claimed.agentId,
      topId: claimed.topId,
      kind: claimed.kind,
      filters: claimed.filters,
      lang: claimed.lang,
    },
    sql`FROM claimed`,
    {
      with: sql`WITH claimed AS (UPDATE agent_exports e SET status = 'running', lease_until = now() + ${LEASE}
         WHERE e.id = (SELECT id FROM agent_exports
                        WHERE status IN ('queued', 'running')
                          AND (lease_until IS NULL OR lease_until < now())
                          ${only ? sql`AND id = ${only.id}${andInTree(sql`top_id`, only)}` : sql``}
                        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
           AND e.status IN ('queued', 'running')${only ? andInTree(sql`e.top_id`, only) : sql``}
         RETURNING e.id, e.agent_id, e.top_id, e.kind, e.filters, e.lang)`,
    },
  );
  return row ?? null;
}

/** The agent who asked, as the list reads see a caller (its place in the tree as it is now). */
async function callerOfExport(db: Db, e: Claimed): Promise<Caller | null> {
  const a = await selectOne(
    db,
    { path: agents.path, topId: agents.topId, role: agents.role },
    sql`FROM ${agents} WHERE ${agents.id} = ${e.agentId}${andInTree(sql`${agents.topId}`, e)}`,
  );
  if (!a) return null;
  return {
    agentId: e.agentId,
    role: a.role === 'operator' ? 'operator' : 'agent',
    path: a.path,
    topId: a.topId,
    sessionId: '',
    mustChangePassword: false,
  };
}

/**
 * Writes a claimed export: the list read page after page into a streaming workbook (each row is
 * written out as soon as it is added, so memory holds the compressed file, not the rows), the
 * progress and the claim renewed after each page, the file stored when the last page is in.
 */
async function writeClaimed(
  db: Db,
  e: Claimed,
  { pageRows = EXPORT_PAGE_ROWS, onProgress }: WriteOptions = {},
): Promise<void> {
  const tree = sql`id = ${e.id}${andInTree(sql`top_id`, e)}`;
  try {
    const caller = await callerOfExport(db, e);
    if (!caller) throw new Error('agent not found');
    const req = exportRequest.parse({ kind: e.kind, filters: e.filters, lang: e.lang });
    const source = sourceOf(req);
    const columns = source.columns(e.lang);

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(SHEET_NAMES[e.kind][e.lang], {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((c, i) => ({
      key: String(i),
      width: c.width ?? 14,
      ...(numFmtOf(c.type) ? { style: { numFmt: numFmtOf(c.type) } } : {}),
    }));
    const header = sheet.addRow(columns.map((c) => headerOf(c, e.lang)));
    header.font = { bold: true };
    header.commit();

    let written = 0;
    let truncated = false;
    let cursor: string | undefined;
    for (;;) {
      const page = await source.page(db, caller, cursor, pageRows);
      for (const row of page.rows) {
        if (written >= EXPORT_MAX_ROWS) {
          truncated = true;
          break;
        }
        sheet.addRow(columns.map((c) => cellOf(c, row))).commit();
        written += 1;
      }
      if (truncated || !page.nextCursor) break;
      cursor = page.nextCursor;
      await rows(
        db,
        sql`UPDATE agent_exports SET rows_done = ${written}, lease_until = now() + ${LEASE}
             WHERE ${tree} AND status = 'running'`,
      );
      await onProgress?.(e.id, written);
    }
    if (truncated) {
      sheet
        .addRow([
          e.lang === 'en'
            ? `(stopped at ${EXPORT_MAX_ROWS} rows; narrow the filter)`
            : `（超过${EXPORT_MAX_ROWS}行，已截断；请缩小筛选范围）`,
        ])
        .commit();
    }
    sheet.commit();
    await book.commit();
    const data = Buffer.concat(chunks);
    await rows(
      db,
      sql`UPDATE agent_exports
             SET status = 'done', rows_done = ${written}, truncated = ${truncated},
                 data = decode(${data.toString('base64')}, 'base64'), size_bytes = ${data.length},
                 finished_at = now(), lease_until = NULL
           WHERE ${tree} AND status = 'running'`,
    );
  } catch (err) {
    await rows(
      db,
      sql`UPDATE agent_exports SET status = 'failed', error = ${errorText(err)},
             finished_at = now(), lease_until = NULL
           WHERE ${tree} AND status = 'running'`,
    );
    throw err;
  }
}

/** What the agent is told of a failure: the reason of a refused filter, else a general one. */
function errorText(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e && (e.code === 'NOT_FOUND' || e.code === 'BAD_REQUEST') && e.message) return e.message;
  return '生成失败，请重新导出';
}

/**
 * Writes one export now, in the background of the request that asked for it: answers when the
 * file is stored (or the export failed); a failure is logged and kept on the row.
 */
export async function writeExport(
  db: Db,
  log: FastifyBaseLogger,
  item: { id: number },
  caller: Pick<Caller, 'topId'>,
): Promise<void> {
  const claimed = await claimExport(db, { id: item.id, topId: caller.topId ?? null });
  if (!claimed) return;
  try {
    await writeClaimed(db, claimed);
  } catch (err) {
    log.error({ err, exportId: claimed.id }, 'export failed');
  }
}

/**
 * The exports job's work: every export left waiting (its request's process stopped, or it was
 * asked for on a process that writes none), one after another until none is left or the process
 * stops; then the files past their 7 days are deleted, agents' and operators' (and a console
 * download whose writer stopped is marked failed).
 */
export async function runExportsJob(
  db: Db,
  log: FastifyBaseLogger,
  signal: AbortSignal,
  opts: WriteOptions = {},
): Promise<{ written: number; deleted: number }> {
  let written = 0;
  while (!signal.aborted) {
    const claimed = await claimExport(db);
    if (!claimed) break;
    try {
      await writeClaimed(db, claimed, opts);
    } catch (err) {
      log.error({ err, exportId: claimed.id }, 'export failed');
    }
    written += 1;
  }
  const operators = await sweepOperatorExports(db);
  return { written, deleted: (await deleteExpiredExports(db)) + operators.deleted };
}

const deleted = alias(agentExports, 'deleted');

/** Deletes the exports (and their files) whose 7 days have passed; answers how many. */
export async function deleteExpiredExports(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await select(db, { id: deleted.id }, sql`FROM deleted`, {
    with: sql`WITH deleted AS (
      DELETE FROM agent_exports WHERE expires_at <= ${now.toISOString()}::timestamptz RETURNING id)`,
  });
  return gone.length;
}
