import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { currentMonth, monthKey, shiftMonth } from '../src/modules/team/month';
import {
  bearer,
  clearOfShanghaiMidnight,
  createTestContext,
  DEMO_ACCOUNTS,
  loginAs,
} from './helpers';

const ctx = await createTestContext();
const { app, demo, database } = ctx;
const db = database.db;
const topToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const childToken = await loginAs(app, DEMO_ACCOUNTS.child.mobile);

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });

interface Row {
  id: number;
  name: string;
  mobile: string;
  childCount: number;
  teamSize: number;
  team: {
    tradeAmountFen: number;
    newMerchants: number;
    tradeCount: number;
    activatedTerminals: number;
  };
  terminals: { stock: number; bound: number; activated: number };
}

/** The month's figures of a subtree, computed from the daily rows the slow, obvious way. */
async function expectedTeam(agentId: number, month = currentMonth()) {
  const [r] = await rows<{ amount: string; merchants: string; n: string }>(
    db,
    sql`SELECT COALESCE(sum(s.trade_amount_fen), 0) AS amount, COALESCE(sum(s.new_merchants), 0) AS merchants,
               COALESCE(sum(s.trade_count), 0) AS n
          FROM agent_daily_stats s JOIN agents a ON a.id = s.agent_id
         WHERE a.path LIKE (SELECT path FROM agents WHERE id = ${agentId}) || '%'
           AND s.day >= ${monthKey(month)}::date AND s.day < ${monthKey(shiftMonth(month, 1))}::date`,
  );
  return {
    tradeAmountFen: Number(r!.amount),
    newMerchants: Number(r!.merchants),
    tradeCount: Number(r!.n),
  };
}

/** Live terminals held by the agent ('own') or anyone of its subtree ('team'), by bind status. */
async function expectedTerminals(agentId: number, scope: 'own' | 'team') {
  const [r] = await rows<{ stock: string; bound: string; activated: string }>(
    db,
    sql`SELECT count(*) FILTER (WHERE t.bind_status = 0) AS stock, count(*) FILTER (WHERE t.bind_status = 1) AS bound,
               count(*) FILTER (WHERE t.bind_status = 3) AS activated
          FROM terminals t JOIN agents h ON h.id = t.holder_agent_id
         WHERE t.deleted_at IS NULL AND ${
           scope === 'own'
             ? sql`h.id = ${agentId}`
             : sql`h.path LIKE (SELECT path FROM agents WHERE id = ${agentId}) || '%'`
         }`,
  );
  return { stock: Number(r!.stock), bound: Number(r!.bound), activated: Number(r!.activated) };
}

async function listAll(token: string, query: string, pageSize: number): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await get(
      token,
      `/api/ag/myAgent/list?${query}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const body = res.json();
    expect(body.code).toBe(200);
    out.push(...body.data.rows);
    cursor = body.data.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('pagination did not end');
}

describe('GET /api/ag/myAgent/list', () => {
  it("shows each sub-agent's team figures for the month, summed over its whole subtree", async () => {
    const body = (await get(topToken, '/api/ag/myAgent/list?pageSize=50')).json();
    const child = (body.data.rows as Row[]).find((r) => r.id === demo.child.id)!;
    expect(child).toBeDefined();
    const expected = await expectedTeam(demo.child.id);
    expect(expected.tradeAmountFen).toBeGreaterThan(0);
    expect(child.team).toMatchObject(expected);
    expect(child.childCount).toBe(2);
    expect(child.teamSize).toBe(2);
    // Terminals held anywhere in its subtree, from the terminals feature's per-holder counts.
    const terminals = await expectedTerminals(demo.child.id, 'team');
    expect(terminals.stock + terminals.bound + terminals.activated).toBeGreaterThan(0);
    expect(child.terminals).toEqual(terminals);
    // Its own direct sub-agent, told apart by full name and mobile (decision 010).
    expect(child.name).toBe(DEMO_ACCOUNTS.child.name);
    expect(child.mobile).toBe('13800000002');
    expect(body.data.month).toBe(currentMonth());

    const last = shiftMonth(currentMonth(), -1);
    const prev = (await get(topToken, `/api/ag/myAgent/list?pageSize=50&month=${last}`)).json();
    const childPrev = (prev.data.rows as Row[]).find((r) => r.id === demo.child.id)!;
    expect(childPrev.team).toMatchObject(await expectedTeam(demo.child.id, last));
  });

  it('follows new daily figures at once (the monthly rollup is kept by the database)', async () => {
    await clearOfShanghaiMidnight();
    const before = await expectedTeam(demo.child.id);
    const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
    await db.execute(sql`INSERT INTO agent_daily_stats
        (agent_id, top_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals)
        VALUES (${demo.grandchild.id}, ${demo.top.id}, ${today}::date, 123456, 3, 2, 1)
        ON CONFLICT (agent_id, day) DO UPDATE SET
          trade_amount_fen = agent_daily_stats.trade_amount_fen + EXCLUDED.trade_amount_fen,
          trade_count = agent_daily_stats.trade_count + EXCLUDED.trade_count,
          new_merchants = agent_daily_stats.new_merchants + EXCLUDED.new_merchants`);
    const after = (await get(topToken, '/api/ag/myAgent/list?pageSize=50')).json();
    const child = (after.data.rows as Row[]).find((r) => r.id === demo.child.id)!;
    expect(child.team.tradeAmountFen).toBe(before.tradeAmountFen + 123456);
    expect(child.team.newMerchants).toBe(before.newMerchants + 2);
    expect(child.team).toMatchObject(await expectedTeam(demo.child.id));
  });

  it('sorts by volume, new merchants and joining time, both ways', async () => {
    const byVolume = await listAll(topToken, 'sort=volume', 50);
    expect(byVolume.length).toBeGreaterThan(2);
    const volumes = byVolume.map((r) => r.team.tradeAmountFen);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const asc = await listAll(topToken, 'sort=volume&order=asc', 50);
    expect(asc.map((r) => r.team.tradeAmountFen)).toEqual([...volumes].reverse());

    const byMerchants = await listAll(topToken, 'sort=newMerchants', 50);
    const merchants = byMerchants.map((r) => r.team.newMerchants);
    expect(merchants).toEqual([...merchants].sort((a, b) => b - a));

    const byStock = await listAll(topToken, 'sort=stock', 50);
    const stock = byStock.map((r) => r.terminals.stock);
    expect(stock).toEqual([...stock].sort((a, b) => b - a));
    expect(byStock[0]!.id).toBe(demo.child.id);

    const newest = await listAll(topToken, 'sort=createdAt', 50);
    const [joined] = await rows<{ id: string }>(
      db,
      sql`SELECT id FROM agents WHERE parent_id = ${demo.top.id} ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    expect(newest[0]!.id).toBe(Number(joined!.id));
  });

  it('pages by keyset without skipping or repeating anyone', async () => {
    for (const sort of ['volume', 'newMerchants', 'stock', 'createdAt']) {
      const whole = await listAll(topToken, `sort=${sort}`, 50);
      const paged = await listAll(topToken, `sort=${sort}`, 2);
      expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
      expect(new Set(paged.map((r) => r.id)).size).toBe(paged.length);
    }
  });

  it('searches by part of the name or the start of the mobile, literally', async () => {
    const byName = (
      await get(topToken, `/api/ag/myAgent/list?keyword=${encodeURIComponent('陈')}`)
    ).json();
    expect(byName.data.rows.map((r: Row) => r.mobile)).toEqual(['13800000011']);
    const byMobile = (
      await get(topToken, '/api/ag/myAgent/list?keyword=1380000001&pageSize=50')
    ).json();
    expect(byMobile.data.rows.map((r: Row) => r.mobile).sort()).toEqual([
      '13800000011',
      '13800000012',
      '13800000013',
      '13800000014',
    ]);
    const wildcard = (
      await get(topToken, `/api/ag/myAgent/list?keyword=${encodeURIComponent('%')}`)
    ).json();
    expect(wildcard.data.rows).toEqual([]);
    // The search stays among the direct sub-agents of the parent shown.
    const deep = (
      await get(topToken, `/api/ag/myAgent/list?keyword=${encodeURIComponent('王')}`)
    ).json();
    expect(deep.data.rows).toEqual([]);
  });

  it('names the bad parameter', async () => {
    const badSort = (await get(topToken, '/api/ag/myAgent/list?sort=wealth')).json();
    expect(badSort).toMatchObject({ code: 400, msg: '排序方式不正确' });
    const badCursor = (await get(topToken, '/api/ag/myAgent/list?cursor=abc')).json();
    expect(badCursor).toMatchObject({ code: 400, msg: '分页游标格式错误', field: 'cursor' });
    const badSize = (await get(topToken, '/api/ag/myAgent/list?pageSize=500')).json();
    expect(badSize).toMatchObject({ code: 400, msg: '每页最多50条', field: 'pageSize' });
    const badMonth = (await get(topToken, '/api/ag/myAgent/list?month=2026-13')).json();
    expect(badMonth).toMatchObject({ code: 400, msg: '月份格式错误' });
  });
});

describe('agent detail, team structure and statistics', () => {
  it("shows a sub-agent's masked profile, level, policies and own and team figures", async () => {
    const body = (await get(topToken, `/api/ag/myAgent/detail?id=${demo.child.id}`)).json();
    expect(body.code).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({
      id: demo.child.id,
      name: DEMO_ACCOUNTS.child.name,
      mobile: '13800000002',
      level: 2,
      levelName: 'V2',
      parentId: demo.top.id,
      parentName: DEMO_ACCOUNTS.top.name,
      isDirect: true,
      isSelf: false,
      childCount: 2,
      teamSize: 2,
    });
    expect(d.team).toMatchObject(await expectedTeam(demo.child.id));
    expect(d.own.tradeAmountFen).toBeLessThan(d.team.tradeAmountFen);
    expect(d.ownTerminals).toEqual(await expectedTerminals(demo.child.id, 'own'));
    expect(d.teamTerminals).toEqual(await expectedTerminals(demo.child.id, 'team'));

    // The policies opened for it, with product and brand names.
    const opened = await rows<{ id: string; name: string; brand: string }>(
      db,
      sql`SELECT ap.id, p.name, b.name AS brand FROM agent_policies ap JOIN policies p ON p.id = ap.policy_id
            JOIN brands b ON b.id = p.brand_id WHERE ap.agent_id = ${demo.child.id} ORDER BY ap.id`,
    );
    expect(d.policies).toEqual(
      opened.map((o) => ({ id: Number(o.id), name: o.name, brandName: o.brand })),
    );

    // Two levels down the agent is not a direct sub-agent: no allocating or opening for it.
    const deep = (await get(topToken, `/api/ag/myAgent/detail?id=${demo.grandchild.id}`)).json();
    // A deeper member: full name, masked mobile; its parent is of the team too (decision 010).
    expect(deep.data).toMatchObject({
      isDirect: false,
      name: DEMO_ACCOUNTS.grandchild.name,
      mobile: '138****0003',
      parentName: DEMO_ACCOUNTS.child.name,
    });
  });

  it('answers the team structure for /api/ag/my/center/dept', async () => {
    const body = (await get(topToken, '/api/ag/my/center/dept')).json();
    expect(body.code).toBe(200);
    const d = body.data;
    const [counts] = await rows<{ size: string; direct: string }>(
      db,
      sql`SELECT count(*) FILTER (WHERE id <> ${demo.top.id}) AS size,
                 count(*) FILTER (WHERE parent_id = ${demo.top.id}) AS direct
            FROM agents WHERE path LIKE ${demo.top.path} || '%'`,
    );
    expect(d.agent).toMatchObject({
      id: demo.top.id,
      name: DEMO_ACCOUNTS.top.name,
      levelName: 'V3',
    });
    expect(d.totals.teamSize).toBe(Number(counts!.size));
    expect(d.totals.directCount).toBe(Number(counts!.direct));
    expect(d.totals.month).toMatchObject(await expectedTeam(demo.top.id));
    expect(d.children).toHaveLength(Number(counts!.direct));
    expect(d.childrenTruncated).toBe(false);
    const sizes = d.children.map((c: { teamSize: number }) => c.teamSize);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => b - a));
    expect(d.levelCounts.reduce((n: number, l: { count: number }) => n + l.count, 0)).toBe(
      d.totals.teamSize,
    );
  });

  it('gives a month of team statistics with a six-month trend', async () => {
    const month = shiftMonth(currentMonth(), -1);
    const body = (await get(childToken, `/api/ag/myAgent/stats?month=${month}`)).json();
    expect(body.code).toBe(200);
    const s = body.data;
    expect(s.agent).toMatchObject({
      id: demo.child.id,
      isSelf: true,
      mobile: DEMO_ACCOUNTS.child.mobile,
    });
    expect(s.month).toBe(month);
    expect(s.team).toMatchObject(await expectedTeam(demo.child.id, month));
    expect(s.teamSize).toBe(2);
    expect(s.trend).toHaveLength(6);
    expect(s.trend[5]).toMatchObject({ month, tradeAmountFen: s.team.tradeAmountFen });
    expect(s.trend[4].month).toBe(shiftMonth(month, -1));
    expect(s.trend[4]).toMatchObject(await expectedTeam(demo.child.id, shiftMonth(month, -1)));
  });
});
