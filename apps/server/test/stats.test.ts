import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// Statistics and the data tab: every figure must equal the sum of the rollup rows this file
// inserts, over the caller's subtree only. The rows lie in early 2025, a stretch the demo seed
// (which fills the last few months) never touches, so the expected sums are exactly ours.

const { app, demo, database } = await createTestContext();
const db = database.db;
const tokens = {
  top: await loginAs(app, DEMO_ACCOUNTS.top.mobile),
  child: await loginAs(app, DEMO_ACCOUNTS.child.mobile),
  grandchild: await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
  otherTop: await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
  operator: await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password),
};
const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const data = async (token: string, url: string) => {
  const res = await get(token, url);
  const body = res.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
};

// ---------------------------------------------------------------------------------------------
// The rows
// ---------------------------------------------------------------------------------------------

const FROM = '2025-01-20';
const TO = '2025-03-10';

const dayList = (from: string, to: string) => {
  const out: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= to;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
};

const [sibling] = await rows<{ id: unknown; path: string }>(
  db,
  sql`SELECT id, path FROM agents WHERE parent_id = ${demo.top.id} AND id <> ${demo.child.id} ORDER BY id LIMIT 1`,
);
const siblingId = Number(sibling!.id);
const agentsAll = await rows<{ id: unknown; path: string; top_id: unknown }>(
  db,
  sql`SELECT id, path, top_id FROM agents WHERE role = 'agent'`,
);
const pathOf = new Map(agentsAll.map((a) => [Number(a.id), a.path]));
const topOf = new Map(agentsAll.map((a) => [Number(a.id), Number(a.top_id)]));

interface DailyRow {
  agentId: number;
  day: string;
  a: number;
  c: number;
  n: number;
  t: number;
}
const inserted: DailyRow[] = [];
const who = [demo.top.id, demo.child.id, demo.grandchild.id, siblingId, demo.otherTop.id];
dayList(FROM, TO).forEach((day, di) => {
  who.forEach((agentId, ai) => {
    // Not every agent trades every day: some days stay empty and must read as zeros.
    if ((di + ai) % 4 === 3) return;
    inserted.push({
      agentId,
      day,
      a: 10_000 * (ai + 1) + di * 37,
      c: ai + 1 + (di % 3),
      n: (di + ai) % 5 === 0 ? 1 : 0,
      t: (di + ai) % 7 === 0 ? 1 : 0,
    });
  });
});
await db.execute(sql`
  INSERT INTO agent_daily_stats (agent_id, top_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals)
  SELECT * FROM unnest(${sql.param(inserted.map((r) => r.agentId))}::bigint[],
    ${sql.param(inserted.map((r) => topOf.get(r.agentId)!))}::bigint[],
    ${sql.param(inserted.map((r) => r.day))}::date[], ${sql.param(inserted.map((r) => r.a))}::bigint[],
    ${sql.param(inserted.map((r) => r.c))}::integer[], ${sql.param(inserted.map((r) => r.n))}::integer[],
    ${sql.param(inserted.map((r) => r.t))}::integer[])`);

// The top's earnings: two earning types on some days, and a withdrawal that is not earnings.
const earnings: { day: string; type: string; amount: number }[] = [];
dayList(FROM, TO).forEach((day, di) => {
  if (di % 2 === 0) earnings.push({ day, type: 'trade_profit', amount: 100 + di });
  if (di % 5 === 0) earnings.push({ day, type: 'activation_reward', amount: 5000 });
  if (di % 9 === 0) earnings.push({ day, type: 'withdrawal', amount: -20000 });
});
await db.execute(sql`
  INSERT INTO agent_daily_earnings (agent_id, day, info_type, top_id, amount_fen, line_count)
  SELECT ${demo.top.id}, d, ty, ${demo.top.id}, am, 1
    FROM unnest(${sql.param(earnings.map((e) => e.day))}::date[], ${sql.param(earnings.map((e) => e.type))}::text[],
                ${sql.param(earnings.map((e) => e.amount))}::bigint[]) AS x(d, ty, am)`);

const inSubtreeOf = (agentId: number) => {
  const p = pathOf.get(agentId)!;
  return (r: DailyRow) => pathOf.get(r.agentId)!.startsWith(p);
};
const sum = (list: DailyRow[]) => ({
  tradeAmountFen: list.reduce((s, r) => s + r.a, 0),
  tradeCount: list.reduce((s, r) => s + r.c, 0),
  newMerchants: list.reduce((s, r) => s + r.n, 0),
  activatedTerminals: list.reduce((s, r) => s + r.t, 0),
});
const between = (from: string, to: string) => (r: { day: string }) => r.day >= from && r.day <= to;
const expected = (agentId: number, scope: 'team' | 'own', from: string, to: string) =>
  sum(
    inserted.filter(
      (r) =>
        between(from, to)(r) && (scope === 'own' ? r.agentId === agentId : inSubtreeOf(agentId)(r)),
    ),
  );
const earningTypes = new Set(['trade_profit', 'activation_reward']);
const expectedEarnings = (from: string, to: string, day?: string) =>
  earnings
    .filter((e) => earningTypes.has(e.type) && between(from, to)(e) && (!day || e.day === day))
    .reduce((s, e) => s + e.amount, 0);

// ---------------------------------------------------------------------------------------------

describe('statistics report', () => {
  it("sums the caller's team over the range and lists every day, newest first, in keyset pages", async () => {
    const url = `/api/ag/stats/report?from=${FROM}&to=${TO}&pageSize=20`;
    const first = await data(tokens.top, url);
    expect(first.agent).toEqual({ id: demo.top.id, name: DEMO_ACCOUNTS.top.name, isSelf: true });
    expect(first.scope).toBe('team');
    expect(first.totals).toEqual({
      ...expected(demo.top.id, 'team', FROM, TO),
      earningsFen: expectedEarnings(FROM, TO),
    });
    // The other tree's rows are not in the top's team.
    expect(first.totals.tradeAmountFen).toBeLessThan(sum(inserted).tradeAmountFen);

    const all: { day: string }[] = [];
    let page = first;
    for (;;) {
      all.push(...page.rows);
      if (!page.nextCursor) break;
      page = await data(tokens.top, `${url}&cursor=${page.nextCursor}`);
      // The totals are the whole range's on every page.
      expect(page.totals).toEqual(first.totals);
    }
    const days = dayList(FROM, TO).reverse();
    expect(all.map((r) => r.day)).toEqual(days);
    for (const row of all as ({ day: string; earningsFen: number } & object)[]) {
      expect(row).toEqual({
        day: row.day,
        ...expected(demo.top.id, 'team', row.day, row.day),
        earningsFen: expectedEarnings(FROM, TO, row.day),
      });
    }
  });

  it("reads the agent's own figures, and a sub-agent's team, with month edges and whole months", async () => {
    // 2025-01-31 .. 2025-03-01: one day of January, all of February (the monthly rollup), one of March.
    const own = await data(
      tokens.top,
      `/api/ag/stats/report?from=2025-01-31&to=2025-03-01&scope=own`,
    );
    expect(own.totals).toMatchObject(expected(demo.top.id, 'own', '2025-01-31', '2025-03-01'));
    expect(own.rows).toHaveLength(30);

    const sub = await data(
      tokens.top,
      `/api/ag/stats/report?agentId=${demo.child.id}&from=2025-01-31&to=2025-03-01`,
    );
    expect(sub.agent).toMatchObject({ id: demo.child.id, isSelf: false });
    expect(sub.agent.name).not.toBe(DEMO_ACCOUNTS.child.name);
    expect(sub.totals).toMatchObject(expected(demo.child.id, 'team', '2025-01-31', '2025-03-01'));
    expect(sub.totals.tradeAmountFen).toBeGreaterThan(0);

    const leaf = await data(tokens.grandchild, `/api/ag/stats/report?from=${FROM}&to=${TO}`);
    expect(leaf.totals).toMatchObject(expected(demo.grandchild.id, 'team', FROM, TO));
    expect(leaf.totals).toMatchObject(expected(demo.grandchild.id, 'own', FROM, TO));
  });

  it('answers 404 for an agent outside the subtree, exactly like a missing one', async () => {
    const cases: [string, number][] = [
      [tokens.child, demo.top.id], // a child looking at its parent
      [tokens.child, siblingId], // at a sibling
      [tokens.grandchild, demo.child.id],
      [tokens.otherTop, demo.child.id], // another tree
      [tokens.top, demo.otherTop.id],
      [tokens.top, 987_654_321],
      [tokens.top, demo.operator.id],
    ];
    for (const [token, id] of cases) {
      for (const url of [
        `/api/ag/stats/report?agentId=${id}&from=${FROM}&to=${TO}`,
        `/api/ag/stats/detail?agentId=${id}&from=${FROM}&to=${FROM}`,
        `/api/ag/stats/children?agentId=${id}&from=${FROM}&to=${TO}`,
      ]) {
        const res = await get(token, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ code: 404, msg: '数据不存在', err: 'NOT_FOUND' });
      }
    }
    // An operator reads any agent's report, but has none of its own.
    const viaOperator = await data(
      tokens.operator,
      `/api/ag/stats/report?agentId=${demo.child.id}&from=${FROM}&to=${TO}`,
    );
    expect(viaOperator.totals).toMatchObject(expected(demo.child.id, 'team', FROM, TO));
    expect(
      (await get(tokens.operator, `/api/ag/stats/report?from=${FROM}&to=${TO}`)).statusCode,
    ).toBe(404);
  });

  it('refuses ranges that are too long, reversed, in the future or malformed, naming the field', async () => {
    const bad: [string, string, string][] = [
      ['from=2024-01-01&to=2025-01-01', 'to', '查询范围不能超过366天'],
      ['from=2025-03-01&to=2025-02-01', 'from', '开始日期不能晚于结束日期'],
      ['from=2025-01-01&to=2999-01-01', 'to', '结束日期不能晚于今天'],
      ['from=2025-02-30&to=2025-03-01', 'from', '开始日期格式错误'],
      ['from=2025-02-01&to=2025-03-01&cursor=2025-01-01', 'cursor', '分页游标格式错误'],
      ['from=2025-02-01&to=2025-03-01&scope=all', 'scope', '统计范围不正确'],
    ];
    for (const [qs, field, msg] of bad) {
      const res = await get(tokens.top, `/api/ag/stats/report?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ code: 400, msg, field });
    }
    // 366 days is allowed.
    expect(
      (await get(tokens.top, '/api/ag/stats/report?from=2024-01-01&to=2024-12-31')).statusCode,
    ).toBe(200);
  });
});

describe('statistics detail and sub-agents', () => {
  it("shows one day's own and team figures and the earnings by type, without withdrawals", async () => {
    const day = '2025-02-10';
    const d = await data(tokens.top, `/api/ag/stats/detail?from=${day}&to=${day}`);
    expect(d.own).toEqual(expected(demo.top.id, 'own', day, day));
    expect(d.team).toEqual(expected(demo.top.id, 'team', day, day));
    const dayEarnings = earnings.filter((e) => e.day === day && earningTypes.has(e.type));
    expect(d.earningsFen).toBe(dayEarnings.reduce((s, e) => s + e.amount, 0));
    expect(d.earningsByType.map((e: { infoType: string }) => e.infoType).sort()).toEqual(
      dayEarnings.map((e) => e.type).sort(),
    );
    expect(d.agent.directCount).toBeGreaterThanOrEqual(2);

    const range = await data(
      tokens.top,
      `/api/ag/stats/detail?agentId=${demo.child.id}&from=${FROM}&to=${TO}`,
    );
    expect(range.team).toEqual(expected(demo.child.id, 'team', FROM, TO));
    expect(range.agent.mobile).toBe('138****0002');
  });

  it("pages the direct sub-agents with their teams' figures", async () => {
    const direct = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM agents WHERE parent_id = ${demo.top.id} ORDER BY id`,
    );
    const seen: { id: number; team: object; name: string }[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const page = await data(
        tokens.top,
        `/api/ag/stats/children?from=${FROM}&to=${TO}&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.rows);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen.map((r) => r.id)).toEqual(direct.map((d) => Number(d.id)));
    for (const r of seen) expect(r.team).toEqual(expected(r.id, 'team', FROM, TO));
    const child = seen.find((r) => r.id === demo.child.id)!;
    // Its own team, by full name (decision 010).
    expect(child.name).toBe('李经理');
  });
});

describe('data tab overview', () => {
  // Bindings in February 2025: three of the top's own terminals and two of the grandchild's.
  const rebind = async (holderId: number, n: number) => {
    await db.execute(sql`
      UPDATE terminals SET bound_at = '2025-02-10T04:00:00Z'
       WHERE id IN (SELECT id FROM terminals WHERE holder_agent_id = ${holderId} AND bind_status IN (1, 3)
                    ORDER BY id LIMIT ${n})`);
  };

  it('shows the month of the caller from the rollups', async () => {
    await rebind(demo.top.id, 3);
    await rebind(demo.grandchild.id, 2);
    const o = await data(tokens.top, '/api/ag/stats/overview?month=2025-02');
    expect(o.month).toBe('2025-02');
    expect(o.own).toEqual(expected(demo.top.id, 'own', '2025-02-01', '2025-02-28'));
    expect(o.team).toEqual(expected(demo.top.id, 'team', '2025-02-01', '2025-02-28'));
    expect(o.earningsFen).toBe(expectedEarnings('2025-02-01', '2025-02-28'));
    expect(o.newTerminals).toEqual({ own: 3, team: 5 });
    expect(o.trend.map((p: { day: string }) => p.day)).toEqual(dayList('2025-02-22', '2025-02-28'));
    for (const p of o.trend) {
      expect(p).toEqual({
        day: p.day,
        ownAmountFen: expected(demo.top.id, 'own', p.day, p.day).tradeAmountFen,
        teamAmountFen: expected(demo.top.id, 'team', p.day, p.day).tradeAmountFen,
        teamCount: expected(demo.top.id, 'team', p.day, p.day).tradeCount,
      });
    }

    // Terminal counts: the stock rollup must agree with the terminals themselves.
    const counted = await rows<{ mine: boolean; bind_status: unknown; n: unknown }>(
      db,
      sql`SELECT holder_agent_id = ${demo.top.id} AS mine, bind_status, count(*) AS n FROM terminals
          WHERE deleted_at IS NULL AND holder_path LIKE ${`${demo.top.path}%`} GROUP BY 1, 2`,
    );
    const want = {
      own: { unbound: 0, bound: 0, activated: 0 },
      team: { unbound: 0, bound: 0, activated: 0 },
    };
    for (const r of counted) {
      const key =
        Number(r.bind_status) === 0
          ? 'unbound'
          : Number(r.bind_status) === 1
            ? 'bound'
            : 'activated';
      want.team[key] += Number(r.n);
      if (r.mine) want.own[key] += Number(r.n);
    }
    expect(o.terminals).toEqual(want);
    expect(o.terminals.team.bound).toBeGreaterThan(o.terminals.own.bound);

    // The grandchild sees its own month only.
    const g = await data(tokens.grandchild, '/api/ag/stats/overview?month=2025-02');
    expect(g.team).toEqual(expected(demo.grandchild.id, 'team', '2025-02-01', '2025-02-28'));
    expect(g.newTerminals).toEqual({ own: 2, team: 2 });
    expect(g.earningsFen).toBe(0);
  });

  it('defaults to the current month, refuses a future one, and has nothing for an operator', async () => {
    const now = await data(tokens.child, '/api/ag/stats/overview');
    expect(now.month).toBe(now.today.slice(0, 7));
    expect(now.trend).toHaveLength(7);
    expect(now.trend[6].day).toBe(now.today);
    const future = await get(tokens.child, '/api/ag/stats/overview?month=2999-01');
    expect(future.json()).toMatchObject({ code: 400, field: 'month' });
    const bad = await get(tokens.child, '/api/ag/stats/overview?month=2025-13');
    expect(bad.json()).toMatchObject({ code: 400, msg: '月份格式错误' });
    expect((await get(tokens.operator, '/api/ag/stats/overview')).statusCode).toBe(404);
  });
});
