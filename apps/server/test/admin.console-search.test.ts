import type { AdminTxn, AgentPick, AuditOperator, Page } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin, DEMO_OPERATORS } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let finance: string;
let ops: string;
let content: string;
const ids: Record<'top' | 'child' | 'grandchild' | 'otherTop', number> = {
  top: 0,
  child: 0,
  grandchild: 0,
  otherTop: 0,
};

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const shanghaiDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(iso));
const daysAgo = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() - n * 86_400_000),
  );

beforeAll(async () => {
  finance = await adminLogin(app, 'finance');
  ops = await adminLogin(app, 'operations');
  content = await adminLogin(app, 'content');
  for (const k of Object.keys(ids) as (keyof typeof ids)[]) {
    const [a] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS[k].mobile}`,
    );
    ids[k] = Number(a!.id);
  }
});

describe('agent picker search', () => {
  const search = (token: string, query: string) =>
    adminCall<Page<AgentPick>>(app, token, 'GET', `/agents/search?${query}`);

  it('finds an agent by the start of its name, with its level and its top agent', async () => {
    const found = await search(ops, `keyword=${encodeURIComponent('王小')}`);
    expect(found.body.code, found.body.msg).toBe(200);
    const gc = found.body.data.rows.find((r) => r.id === ids.grandchild);
    expect(gc).toMatchObject({
      name: DEMO_ACCOUNTS.grandchild.name,
      mobile: DEMO_ACCOUNTS.grandchild.mobile,
      topId: ids.top,
      topName: DEMO_ACCOUNTS.top.name,
      topMobile: DEMO_ACCOUNTS.top.mobile,
    });
    expect(typeof gc!.level).toBe('number');
    expect(found.body.data.rows.every((r) => r.name.startsWith('王小'))).toBe(true);
  });

  it('finds by the start of a mobile, an invite code or an id; a top agent is its own top', async () => {
    const byMobile = await search(finance, 'keyword=1390000000');
    expect(byMobile.body.data.rows.map((r) => r.id)).toContain(ids.otherTop);
    const other = byMobile.body.data.rows.find((r) => r.id === ids.otherTop)!;
    expect(other.topName).toBe(DEMO_ACCOUNTS.otherTop.name);
    const byInvite = await search(finance, `keyword=${DEMO_ACCOUNTS.child.inviteCode}`);
    expect(byInvite.body.data.rows.map((r) => r.id)).toContain(ids.child);
    const byId = await search(finance, `keyword=${ids.child}`);
    expect(byId.body.data.rows.map((r) => r.id)).toContain(ids.child);
  });

  it('offers only top agents when asked, 20 at a time by a keyset cursor', async () => {
    const tops = await search(ops, 'keyword=138&topOnly=true');
    expect(tops.body.data.rows.map((r) => r.id)).toEqual([ids.top]);
    // More agents than one page share a name's start.
    await db.execute(sql`
      INSERT INTO agents (mobile, password_hash, name, parent_id, path, depth, top_id, invite_code)
      SELECT (15500000000 + g)::text, 'x', '分页测试' || g, ${ids.top}, '/' || ${ids.top} || '/x' || g || '/', 1,
             ${ids.top}, 'PG' || g
        FROM generate_series(1, 25) g`);
    const first = await search(ops, `keyword=${encodeURIComponent('分页测试')}`);
    expect(first.body.data.rows).toHaveLength(20);
    expect(first.body.data.nextCursor).toBeTruthy();
    const second = await search(
      ops,
      `keyword=${encodeURIComponent('分页测试')}&cursor=${first.body.data.nextCursor}`,
    );
    expect(second.body.data.rows).toHaveLength(5);
    expect(second.body.data.nextCursor).toBeNull();
    const all = [...first.body.data.rows, ...second.body.data.rows].map((r) => r.id);
    expect(new Set(all).size).toBe(25);
  });

  it('treats % and _ as themselves, needs a keyword, and is for operators only', async () => {
    expect((await search(ops, 'keyword=%25')).body.data.rows).toEqual([]);
    expect((await search(ops, 'keyword=_')).body.data.rows).toEqual([]);
    const empty = await search(ops, 'keyword=');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('keyword');
    expect(empty.body.msg).toBe('请输入代理商姓名、手机号或邀请码');
    expect((await search(content, 'keyword=138')).status).toBe(403);
    const agentToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const asAgent = await app.inject({
      method: 'GET',
      url: '/prod-api/admin/agents/search?keyword=138',
      headers: bearer(agentToken),
    });
    expect(asAgent.statusCode).toBe(401);
  });
});

describe('transactions list by day, agent and status', () => {
  const insertTxn = async (
    acq: string,
    agent: keyof typeof ids,
    day: string,
    status: number,
    amountFen: number,
  ) => {
    const [a] = await rows<{ path: string; top_id: unknown }>(
      db,
      sql`SELECT path, top_id FROM agents WHERE id = ${ids[agent]}`,
    );
    await db.execute(sql`
      INSERT INTO transactions (acquirer_txn_id, sn, agent_id, agent_path, top_id, pay_type, total_type,
                                card_type, method, status, amount_fen, trade_time)
      VALUES (${acq}, 'W4SN0001', ${ids[agent]}, ${a!.path}, ${a!.top_id}, 1, 1, 1, 1, ${status},
              ${amountFen}, ((${day}::date + time '12:00')::timestamp AT TIME ZONE 'Asia/Shanghai'))`);
  };
  /** Every row of a filtered list, page by page. */
  const all = async (query: string) => {
    const got: AdminTxn[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof adminCall<Page<AdminTxn>>>> = await adminCall<
        Page<AdminTxn>
      >(
        app,
        finance,
        'GET',
        `/transactions?pageSize=200&${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.code, page.body.msg).toBe(200);
      got.push(...page.body.data.rows);
      cursor = page.body.data.nextCursor;
    } while (cursor);
    return got;
  };
  const ours = (list: AdminTxn[]) =>
    list
      .map((r) => r.acquirerTxnId)
      .filter((a) => a.startsWith('W4-'))
      .sort();

  beforeAll(async () => {
    await insertTxn('W4-today-gc', 'grandchild', today, 1, 12_345);
    await insertTxn('W4-today-other', 'otherTop', today, 2, 500);
    await insertTxn('W4-old-child', 'child', daysAgo(3), 1, 700);
    await insertTxn('W4-old-top', 'top', daysAgo(40), 1, 900);
  });

  it("lists today's transactions (Asia/Shanghai) with no filter at all", async () => {
    const list = await all('');
    expect(ours(list)).toEqual(['W4-today-gc', 'W4-today-other']);
    expect(list.every((r) => shanghaiDay(r.tradeTime) === today)).toBe(true);
    const gc = list.find((r) => r.acquirerTxnId === 'W4-today-gc')!;
    expect(gc).toMatchObject({
      agentName: DEMO_ACCOUNTS.grandchild.name,
      agentMobile: DEMO_ACCOUNTS.grandchild.mobile,
      amountFen: 12_345,
      status: 1,
    });
  });

  it("narrows to a date range, an agent's subtree and a status", async () => {
    expect(ours(await all(`from=${daysAgo(5)}&to=${today}`))).toEqual([
      'W4-old-child',
      'W4-today-gc',
      'W4-today-other',
    ]);
    // The child's subtree holds its own and its child's transactions, never the other tree's.
    expect(ours(await all(`from=${daysAgo(5)}&to=${today}&agentId=${ids.child}`))).toEqual([
      'W4-old-child',
      'W4-today-gc',
    ]);
    const topTree = await all(`from=${daysAgo(5)}&to=${today}&agentId=${ids.top}`);
    expect(ours(topTree)).toEqual(['W4-old-child', 'W4-today-gc']);
    const grand = await all(`agentId=${ids.grandchild}`);
    expect(ours(grand)).toEqual(['W4-today-gc']);
    expect(ours(await all(`status=2&from=${daysAgo(5)}&to=${today}`))).toEqual(['W4-today-other']);
    expect((await all('status=2')).every((r) => r.status === 2)).toBe(true);
  });

  it('pages newest first without a repeat or a gap', async () => {
    const paged: AdminTxn[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof adminCall<Page<AdminTxn>>>> = await adminCall<
        Page<AdminTxn>
      >(
        app,
        finance,
        'GET',
        `/transactions?pageSize=1&from=${daysAgo(5)}&to=${today}&agentId=${ids.child}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...page.body.data.rows);
      cursor = page.body.data.nextCursor;
    } while (cursor);
    const whole = await all(`from=${daysAgo(5)}&to=${today}&agentId=${ids.child}`);
    expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    const times = paged.map((r) => Date.parse(r.tradeTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a bad range or an unknown agent in words naming the field, and accepts keys alone', async () => {
    const long = await adminCall(app, finance, 'GET', `/transactions?from=${daysAgo(40)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: 'from', msg: '日期范围不能超过31天' });
    const reversed = await adminCall(
      app,
      finance,
      'GET',
      `/transactions?from=${today}&to=${daysAgo(1)}`,
    );
    expect(reversed.body).toMatchObject({ field: 'from', msg: '开始日期不能晚于结束日期' });
    const unknown = await adminCall(app, finance, 'GET', '/transactions?agentId=999999999');
    expect(unknown.body).toMatchObject({ field: 'agentId', msg: '代理商不存在' });
    const badStatus = await adminCall(app, finance, 'GET', '/transactions?status=9');
    expect(badStatus.body.field).toBe('status');
    expect(badStatus.body.msg).toBe('交易状态不正确');
    // An acquirer id finds its transaction whatever its day.
    const byKey = await adminCall<Page<AdminTxn>>(
      app,
      finance,
      'GET',
      '/transactions?acquirerTxnId=W4-old-top',
    );
    expect(byKey.body.code, byKey.body.msg).toBe(200);
  });

  it('exports the filtered list as CSV in words and yuan', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/prod-api/admin/transactions?format=csv&from=${daysAgo(5)}&to=${today}&agentId=${ids.child}`,
      headers: bearer(finance),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['代理', '代理手机号', '金额(元)', '状态']));
    const gc = lines.find((l) => l.includes('W4-today-gc'))!.split(',');
    expect(gc[header.indexOf('金额(元)')]).toBe('123.45');
    expect(gc[header.indexOf('状态')]).toBe('交易成功');
    expect(gc[header.indexOf('代理手机号')]).toBe(DEMO_ACCOUNTS.grandchild.mobile);
    expect(lines.some((l) => l.includes('W4-today-other'))).toBe(false);
  });
});

describe('audit log filters and export', () => {
  it('offers every operator by name for the filter, to audit viewers only', async () => {
    const list = await adminCall<AuditOperator[]>(app, ops, 'GET', '/audit/operators');
    expect(list.body.code, list.body.msg).toBe(200);
    const names = list.body.data.map((o) => o.name);
    for (const o of Object.values(DEMO_OPERATORS)) expect(names).toContain(o.name);
    expect((await adminCall(app, content, 'GET', '/audit/operators')).status).toBe(403);
  });

  it('exports actions and targets in words', async () => {
    await adminCall(app, finance, 'POST', '/adjustments/create', {
      agentId: ids.child,
      walletType: 'reward',
      amountFen: 100,
      reason: '审计导出测试',
    });
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/admin/audit?format=csv&action=adjustment.create',
      headers: bearer(finance),
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    const row = lines[1]!.split(',');
    expect(row[header.indexOf('操作')]).toBe('发起账务调整');
    expect(row[header.indexOf('对象类型')]).toBe('账务调整');
  });
});
