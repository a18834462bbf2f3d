import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { runExportsJob } from '../src/modules/exports/exports';
import { configureConsoleExports } from '../src/modules/exports/operator-exports';
import { adminLogin } from './admin-helpers';
import { bearer, createTestContext } from './helpers';

// The console's list downloads as .xlsx (decision 038): the same filtered rows as its CSV, from
// the same columns, with money as yuan numbers and times as Shanghai date cells.

const { app, database } = await createTestContext({ adminTotp: false });
const finance = await adminLogin(app, 'finance');
const content = await adminLogin(app, 'content');

const get = (url: string) =>
  app.inject({ method: 'GET', url: `/prod-api/admin${url}`, headers: bearer(finance) });

/** The CSV's cells, naively split (the columns compared hold no commas or quotes). */
async function csvOf(url: string) {
  const res = await get(`${url}${url.includes('?') ? '&' : '?'}format=csv`);
  expect(res.statusCode).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
}

async function sheetOf(url: string) {
  const res = await get(`${url}${url.includes('?') ? '&' : '?'}format=csv&file=xlsx`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
  expect(String(res.headers['content-disposition'])).toMatch(/\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('console lists download as .xlsx as well as CSV', () => {
  it('writes the agents the CSV holds, ids as numbers and times in Shanghai', async () => {
    const csv = await csvOf('/agents');
    const sheet = await sheetOf('/agents');
    expect(sheet[0]).toEqual(csv[0]);
    expect(sheet.length).toBe(csv.length);
    expect(sheet.length).toBeGreaterThan(3);
    const at = csv[0]!.indexOf('注册时间(北京时间)');
    for (let i = 1; i < csv.length; i++) {
      expect(sheet[i]![0]).toBe(Number(csv[i]![0]));
      expect(sheet[i]![1]).toBe(csv[i]![1]);
      const cell = sheet[i]![at] as Date;
      expect(cell.toISOString().slice(0, 19).replace('T', ' ')).toBe(csv[i]![at]);
    }
  });

  it('writes money as yuan numbers with the filters of the list', async () => {
    const csv = await csvOf('/transactions?pageSize=5');
    const sheet = await sheetOf('/transactions?pageSize=5');
    expect(sheet.length).toBe(csv.length);
    expect(sheet.length).toBeGreaterThan(5);
    const amount = csv[0]!.indexOf('金额(元)');
    for (let i = 1; i < csv.length; i++) {
      expect(typeof sheet[i]![amount]).toBe('number');
      expect((sheet[i]![amount] as number).toFixed(2)).toBe(csv[i]![amount]);
    }
  });

  it('is offered by every console list that downloads CSV', () => {
    interface Op {
      parameters?: { name: string; in: string }[];
    }
    const doc = app.swagger() as { paths: Record<string, { get?: Op }> };
    const lists = Object.entries(doc.paths).filter(
      ([path, ops]) =>
        path.startsWith('/prod-api/admin/') &&
        ops.get?.parameters?.some((p) => p.name === 'format'),
    );
    expect(lists.length).toBeGreaterThan(10);
    const without = lists
      .filter(([, ops]) => !ops.get!.parameters!.some((p) => p.name === 'file'))
      .map(([path]) => path);
    expect(without).toEqual([]);
  });

  it('names the field of an unknown file type', async () => {
    const res = await get('/agents?format=csv&file=pdf');
    expect(res.json()).toMatchObject({ code: 400, field: 'file' });
  });
});

interface Item {
  id: number;
  status: string;
  rowsDone: number;
  fileName: string;
  fileType: string;
}

describe('a large console download is written in the background', () => {
  it('answers at once, then lists the file with its rows for its operator only', async () => {
    const csv = await csvOf('/agents');
    // Lists over 3 rows count as large here.
    configureConsoleExports({ syncRows: 3 });
    const res = await get('/agents?format=csv&file=xlsx');
    const body = res.json() as {
      code: number;
      msg: string;
      data: { background: boolean; export: Item };
    };
    expect(body.code).toBe(200);
    expect(body.msg).toContain('后台');
    expect(body.data.background).toBe(true);
    expect(body.data.export).toMatchObject({ status: 'running', fileName: 'agents.xlsx' });
    const id = body.data.export.id;

    let item: Item | undefined;
    for (let i = 0; i < 200 && item?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const list = (await get('/exports')).json() as { data: { rows: Item[] } };
      item = list.data.rows.find((e) => e.id === id);
    }
    expect(item).toMatchObject({ status: 'done', rowsDone: csv.length - 1, fileType: 'xlsx' });

    const file = await get(`/exports/download?id=${id}`);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('agents.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ids: unknown[] = [];
    book.worksheets[0]!.eachRow((r, n) => n > 1 && ids.push((r.values as unknown[])[1]));
    expect(ids).toEqual(csv.slice(1).map((r) => Number(r[0])));

    // Another operator neither lists nor downloads it.
    const theirs = await app.inject({
      method: 'GET',
      url: '/prod-api/admin/exports',
      headers: bearer(content),
    });
    expect((theirs.json() as { data: { rows: Item[] } }).data.rows).toEqual([]);
    const stolen = await app.inject({
      method: 'GET',
      url: `/prod-api/admin/exports/download?id=${id}`,
      headers: bearer(content),
    });
    expect(stolen.statusCode).toBe(404);
    configureConsoleExports({ syncRows: 5_000 });
  });

  it('marks one whose writer stopped as failed, and deletes those past 7 days', async () => {
    const db = database.db;
    await rows(
      db,
      sql`INSERT INTO operator_exports (operator_id, list_path, file_type, file_name, lease_until)
          SELECT id, '/admin/agents', 'csv', 'cut.csv', now() - interval '1 minute'
            FROM operators ORDER BY id LIMIT 1`,
    );
    await rows(
      db,
      sql`UPDATE operator_exports SET expires_at = now() - interval '1 second' WHERE file_name = 'agents.xlsx'`,
    );
    const done = await runExportsJob(db, app.log, new AbortController().signal);
    expect(done.deleted).toBe(1);
    const left = await rows<{ file_name: string; status: string; error: string }>(
      db,
      sql`SELECT file_name, status, error FROM operator_exports ORDER BY id`,
    );
    expect(left).toEqual([
      { file_name: 'cut.csv', status: 'failed', error: '导出中断，请重新导出' },
    ]);
  });
});
