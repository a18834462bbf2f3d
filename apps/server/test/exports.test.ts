import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { formatDate, type ExportItem } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { deleteExpiredExports, runExportsJob } from '../src/modules/exports/exports';
import { agentCall, bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// An agent's exports (decision 038): a list asked for as .xlsx is written in the background with
// its progress, listed under "my exports", downloaded by its owner only, and holds exactly the
// rows the list answers the same caller, in the agent's language, money as numbers in yuan and
// times in Shanghai. Nothing of another tree, or outside the caller's subtree, is ever in it, and
// the files go after 7 days.

const { app, database } = await createTestContext();
const db = database.db;
const names = ['top', 'child', 'otherTop'] as const;
type Who = (typeof names)[number];
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
for (const who of names) {
  tokens[who] = await loginAs(app, DEMO_ACCOUNTS[who].mobile);
  const [a] = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS[who].mobile}`,
  );
  ids[who] = Number(a!.id);
}

const call = <T>(who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  agentCall<T>(app, tokens[who], method, url, payload);

/** Every row of an app list, page after page, as the app reads it. */
async function listAll<T>(who: Who, url: string): Promise<T[]> {
  const found: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: { code: number; msg: string; data: { rows: T[]; nextCursor: string | null } } =
      await call(who, 'GET', `${url}${sep}pageSize=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.code, page.msg).toBe(200);
    found.push(...page.data.rows);
    cursor = page.data.nextCursor;
  } while (cursor);
  return found;
}

/** Asks for an export and waits for the background writer to finish it. */
async function exportOf(who: Who, payload: object): Promise<ExportItem> {
  const made = await call<ExportItem>(who, 'POST', '/api/ag/export/create', payload);
  expect(made.code, made.msg).toBe(200);
  expect(['queued', 'running']).toContain(made.data.status);
  for (let i = 0; i < 200; i++) {
    const now = await call<ExportItem>(who, 'GET', `/api/ag/export/detail?id=${made.data.id}`);
    expect(now.code, now.msg).toBe(200);
    if (now.data.status === 'done' || now.data.status === 'failed') return now.data;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`export ${made.data.id} did not finish`);
}

/** Downloads an export as its owner and reads the sheet back: header and data rows. */
async function sheetOf(who: Who, id: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/export/download?id=${id}`,
    headers: bearer(tokens[who]),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=.*\.xlsx"/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const all: unknown[][] = [];
  sheet.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, header: all[0] as string[], data: all.slice(1) };
}

const column = (s: { header: string[]; data: unknown[][] }, name: string) => {
  const i = s.header.indexOf(name);
  expect(i, `${name} in ${s.header.join(', ')}`).toBeGreaterThanOrEqual(0);
  return s.data.map((r) => r[i] ?? null);
};
/** A date cell written as Shanghai wall time, read back in the app's words. */
const shanghai = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : v;

interface Terminal {
  sn: string;
  holderName: string;
  bindStatus: number;
  boundAt: string | null;
}

describe('an agent exports its lists as .xlsx', () => {
  it('writes the terminals the list shows, in the list order, with Chinese headers', async () => {
    const list = await listAll<Terminal>('top', '/api/term-info/list');
    expect(list.length).toBeGreaterThan(7);
    const item = await exportOf('top', { kind: 'terminals', lang: 'zh' });
    expect(item).toMatchObject({ status: 'done', rowsDone: list.length, truncated: false });
    expect(item.fileName).toMatch(/^终端-\d{8}-\d{6}\.xlsx$/);
    expect(item.sizeBytes).toBeGreaterThan(0);
    const sheet = await sheetOf('top', item.id);
    expect(sheet.name).toBe('终端');
    expect(sheet.header.slice(0, 5)).toEqual(['SN', '品牌', '型号', '状态', '持有人']);
    expect(column(sheet, 'SN')).toEqual(list.map((t) => t.sn));
    expect(column(sheet, '持有人')).toEqual(list.map((t) => t.holderName));
    expect(column(sheet, '绑定时间（北京时间）').map(shanghai)).toEqual(
      list.map((t) => (t.boundAt ? formatDate(t.boundAt, 'yyyy-mm-dd hh:MM:ss') : null)),
    );
  });

  it('keeps the list filters: one bind status, in English', async () => {
    const list = await listAll<Terminal>('top', '/api/term-info/list?bindStatus=0');
    const item = await exportOf('top', {
      kind: 'terminals',
      lang: 'en',
      filters: { bindStatus: '0' },
    });
    expect(item.fileName).toMatch(/^Terminals-/);
    const sheet = await sheetOf('top', item.id);
    expect(sheet.header).toContain('Bound at (Beijing time)');
    expect(column(sheet, 'SN')).toEqual(list.map((t) => t.sn));
    expect(new Set(column(sheet, 'Status'))).toEqual(new Set(['Unbound']));
  });

  it('writes the merchants the list shows, counts as numbers', async () => {
    const list = await listAll<{ merchantNo: string; terminalCount: number; mobile: string }>(
      'top',
      '/api/merchant/list',
    );
    expect(list.length).toBeGreaterThan(0);
    const sheet = await sheetOf('top', (await exportOf('top', { kind: 'merchants' })).id);
    expect(column(sheet, '商户编号')).toEqual(list.map((m) => m.merchantNo));
    // Masked as the list masks it.
    expect(column(sheet, '手机号')).toEqual(list.map((m) => m.mobile));
    expect(column(sheet, '终端数')).toEqual(list.map((m) => m.terminalCount));
  });

  it('writes the earnings as yuan with two decimals, numbers a spreadsheet adds up', async () => {
    const list = await listAll<{ amountFen: number; createdAt: string; balanceAfterFen: number }>(
      'top',
      '/api/ag/agent/wallet/ledger?earningsOnly=true',
    );
    expect(list.length).toBeGreaterThan(7);
    const item = await exportOf('top', { kind: 'earnings', filters: { earningsOnly: 'true' } });
    expect(item.rowsDone).toBe(list.length);
    const sheet = await sheetOf('top', item.id);
    const amounts = column(sheet, '金额（元）');
    for (const a of amounts) expect(typeof a).toBe('number');
    expect(amounts).toEqual(list.map((l) => l.amountFen / 100));
    expect(column(sheet, '余额（元）')).toEqual(list.map((l) => l.balanceAfterFen / 100));
    expect(column(sheet, '时间（北京时间）').map(shanghai)).toEqual(
      list.map((l) => formatDate(l.createdAt, 'yyyy-mm-dd hh:MM:ss')),
    );
  });

  it('writes the withdrawals the list shows', async () => {
    const list = await listAll<{ amountFen: number; netFen: number }>(
      'top',
      '/api/ag/agent/withdraw/list',
    );
    expect(list.length).toBeGreaterThan(0);
    const sheet = await sheetOf('top', (await exportOf('top', { kind: 'withdrawals' })).id);
    expect(column(sheet, '提现金额（元）')).toEqual(list.map((w) => w.amountFen / 100));
    expect(column(sheet, '到账金额（元）')).toEqual(list.map((w) => w.netFen / 100));
  });

  it('lists my exports newest first, and only mine', async () => {
    const mine = await listAll<ExportItem>('top', '/api/ag/export/list');
    expect(mine.length).toBe(5);
    expect(mine.map((e) => e.id)).toEqual([...mine.map((e) => e.id)].sort((a, b) => b - a));
    expect(await listAll<ExportItem>('otherTop', '/api/ag/export/list')).toEqual([]);
  });

  it('shows its progress page by page while it is written', async () => {
    const total = (await listAll<Terminal>('top', '/api/term-info/list')).length;
    expect(total).toBeGreaterThan(80);
    const [queued] = await rows<{ id: unknown }>(
      db,
      sql`INSERT INTO agent_exports (agent_id, top_id, kind, lang, file_name)
          VALUES (${ids.top}, ${ids.top}, 'terminals', 'zh', 'left.xlsx') RETURNING id`,
    );
    // Left waiting as if the process that took the request had stopped: the job writes it, 40
    // rows a page, and after each page the agent sees how far it has got.
    const seen: [status: string, rowsDone: number][] = [];
    const done = await runExportsJob(db, app.log, new AbortController().signal, {
      pageRows: 40,
      onProgress: async (id) => {
        const now = await call<ExportItem>('top', 'GET', `/api/ag/export/detail?id=${id}`);
        seen.push([now.data.status, now.data.rowsDone]);
      },
    });
    expect(done.written).toBe(1);
    const item = await call<ExportItem>('top', 'GET', `/api/ag/export/detail?id=${queued!.id}`);
    expect(item.data).toMatchObject({ status: 'done', rowsDone: total });
    expect(seen.length).toBe(Math.ceil(total / 40) - 1);
    expect(seen).toEqual(seen.map((_, i) => ['running', 40 * (i + 1)]));
    expect((await sheetOf('top', Number(queued!.id))).data.length).toBe(total);
  });
});

describe('an export stays in its scope and with its owner', () => {
  it("a sub-agent's file holds its subtree's terminals and none of its parent's", async () => {
    const childList = await listAll<Terminal>('child', '/api/term-info/list');
    const topOwn = (await listAll<Terminal & { own: boolean }>('top', '/api/term-info/list'))
      .filter((t) => t.own)
      .map((t) => t.sn);
    expect(topOwn.length).toBeGreaterThan(0);
    const sns = column(
      await sheetOf('child', (await exportOf('child', { kind: 'terminals' })).id),
      'SN',
    );
    expect(sns).toEqual(childList.map((t) => t.sn));
    for (const sn of topOwn) expect(sns).not.toContain(sn);
  });

  it("refuses a filter on another tree's agent, and keeps nothing", async () => {
    const before = await listAll<ExportItem>('top', '/api/ag/export/list');
    const res = await call('top', 'POST', '/api/ag/export/create', {
      kind: 'terminals',
      filters: { holderAgentId: ids.otherTop },
    });
    expect(res.code).toBe(404);
    const parent = await call('child', 'POST', '/api/ag/export/create', {
      kind: 'merchants',
      filters: { agentId: ids.top },
    });
    expect(parent.code).toBe(404);
    expect(await listAll<ExportItem>('top', '/api/ag/export/list')).toEqual(before);
  });

  it('names the field of a bad request', async () => {
    const kind = await call('top', 'POST', '/api/ag/export/create', { kind: 'passwords' });
    expect(kind).toMatchObject({ code: 400, field: 'kind' });
    const status = await call('top', 'POST', '/api/ag/export/create', {
      kind: 'terminals',
      filters: { bindStatus: '7' },
    });
    expect(status).toMatchObject({ code: 400, field: 'filters.bindStatus' });
  });

  it('never hands my export to another agent, nor to no one, by id', async () => {
    const [mine] = await listAll<ExportItem>('top', '/api/ag/export/list');
    for (const who of ['child', 'otherTop'] as const) {
      const detail = await call(who, 'GET', `/api/ag/export/detail?id=${mine!.id}`);
      expect(detail.code).toBe(404);
      const file = await app.inject({
        method: 'GET',
        url: `/prod-api/api/ag/export/download?id=${mine!.id}`,
        headers: bearer(tokens[who]),
      });
      expect(file.statusCode).toBe(404);
      expect(file.headers['content-type']).not.toContain('spreadsheetml');
    }
    const anonymous = await app.inject({
      method: 'GET',
      url: `/prod-api/api/ag/export/download?id=${mine!.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an agent have three exports waiting at once, no more', async () => {
    await rows(
      db,
      sql`INSERT INTO agent_exports (agent_id, top_id, kind, lang, file_name, lease_until)
          SELECT ${ids.child}, ${ids.top}, 'terminals', 'zh', 'busy.xlsx', now() + interval '1 hour'
            FROM generate_series(1, 3)`,
    );
    const res = await call('child', 'POST', '/api/ag/export/create', { kind: 'terminals' });
    expect(res.code).toBe(429);
    await rows(db, sql`DELETE FROM agent_exports WHERE file_name = 'busy.xlsx'`);
  });
});

describe('old exports are deleted', () => {
  it('deletes the files past their 7 days, and no longer lists or serves them', async () => {
    const mine = await listAll<ExportItem>('top', '/api/ag/export/list');
    const old = mine[mine.length - 1]!;
    const days = (Date.parse(old.expiresAt) - Date.parse(old.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    // Eight days on, everything made today has expired; tomorrow nothing has.
    expect(await deleteExpiredExports(db, new Date(Date.now() + 86_400_000))).toBe(0);
    await rows(
      db,
      sql`UPDATE agent_exports SET expires_at = now() - interval '1 minute' WHERE id = ${old.id}`,
    );
    const [{ n }] = (await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM agent_exports WHERE expires_at <= now()`,
    )) as [{ n: number }];
    const done = await runExportsJob(db, app.log, new AbortController().signal);
    expect(done.deleted).toBe(n);
    const after = await listAll<ExportItem>('top', '/api/ag/export/list');
    expect(after.map((e) => e.id)).not.toContain(old.id);
    expect(after.length).toBe(mine.length - 1);
    const file = await app.inject({
      method: 'GET',
      url: `/prod-api/api/ag/export/download?id=${old.id}`,
      headers: bearer(tokens.top),
    });
    expect(file.statusCode).toBe(404);
    const [gone] = await rows(db, sql`SELECT id FROM agent_exports WHERE id = ${old.id}`);
    expect(gone).toBeUndefined();
  });
});
