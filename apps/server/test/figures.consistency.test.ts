import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import {
  bearer,
  clearOfShanghaiMidnight,
  createTestContext,
  DEMO_ACCOUNTS,
  loginAs,
} from './helpers';

// The outside check of issue 27: every figure the agent app shows, recomputed here from the base
// tables (transactions and their settlements, merchants, terminals) with SQL of this file's own,
// and read through every call that shows it, for the four demo agents on the demo seed. A figure
// that reads two ways, or one way that no transaction says, fails here.

await clearOfShanghaiMidnight(120_000);
const { app, database } = await createTestContext();
const db = database.db;

const SHANGHAI_MS = 8 * 3600 * 1000;
const today = new Date(Date.now() + SHANGHAI_MS).toISOString().slice(0, 10);
const month = today.slice(0, 7);
const monthFirst = `${month}-01`;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const shiftMonth = (m: string, delta: number) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  const i = y * 12 + mm - 1 + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
/** The instant an Asia/Shanghai day begins. */
const startOf = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_MS).toISOString();

interface Agent {
  key: string;
  id: number;
  path: string;
  token: string;
}
const agentRow = async (mobile: string) => {
  const [a] = await rows<{ id: unknown; path: string }>(
    db,
    sql`SELECT id, path FROM agents WHERE mobile = ${mobile}`,
  );
  return { id: Number(a!.id), path: a!.path };
};
const demoAgents: Agent[] = [];
for (const key of ['top', 'child', 'grandchild', 'otherTop'] as const) {
  const account = DEMO_ACCOUNTS[key];
  demoAgents.push({
    key,
    ...(await agentRow(account.mobile)),
    token: await loginAs(app, account.mobile),
  });
}
const operatorToken = await loginAs(
  app,
  DEMO_ACCOUNTS.operator.mobile,
  DEMO_ACCOUNTS.operator.password,
);

const data = async (token: string, url: string) => {
  const res = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
  const body = res.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
};

// ---------------------------------------------------------------------------------------------
// The base tables' answer
// ---------------------------------------------------------------------------------------------

interface Figures {
  tradeAmountFen: number;
  tradeCount: number;
  newMerchants: number;
  activatedTerminals: number;
}

/** own: the agent's direct merchants; team: its subtree's. Days [from, to] in Asia/Shanghai. */
async function baseFigures(
  agent: { id: number; path: string },
  scope: 'own' | 'team',
  from: string,
  to: string,
): Promise<Figures> {
  const lo = startOf(from);
  const hi = startOf(addDays(to, 1));
  const txnWho =
    scope === 'own' ? sql`x.agent_id = ${agent.id}` : sql`x.agent_path LIKE ${agent.path + '%'}`;
  const merchantWho =
    scope === 'own' ? sql`m.agent_id = ${agent.id}` : sql`m.agent_path LIKE ${agent.path + '%'}`;
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(CASE WHEN x.kind = 1 THEN x.amount_fen ELSE -x.amount_fen END), 0)
         FROM transactions x WHERE EXISTS (SELECT 1 FROM settlements s WHERE s.txn_id = x.id)
          AND ${txnWho} AND x.total_type NOT IN (8, 9)
          AND x.trade_time >= ${lo}::timestamptz AND x.trade_time < ${hi}::timestamptz) AS amount,
      (SELECT count(*) FROM transactions x WHERE EXISTS (SELECT 1 FROM settlements s WHERE s.txn_id = x.id)
          AND ${txnWho} AND x.kind = 1 AND x.total_type NOT IN (8, 9)
          AND x.trade_time >= ${lo}::timestamptz AND x.trade_time < ${hi}::timestamptz) AS trades,
      (SELECT count(*) FROM merchants m WHERE ${merchantWho}
          AND m.created_at >= ${lo}::timestamptz AND m.created_at < ${hi}::timestamptz) AS merchants,
      (SELECT count(*) FROM terminals t JOIN merchants m ON m.id = t.merchant_id
        WHERE ${merchantWho} AND t.bind_status = 3
          AND t.activated_at >= ${lo}::timestamptz AND t.activated_at < ${hi}::timestamptz) AS activations`,
  );
  return {
    tradeAmountFen: Number(r!.amount),
    tradeCount: Number(r!.trades),
    newMerchants: Number(r!.merchants),
    activatedTerminals: Number(r!.activations),
  };
}

/** Live terminals by bind status: held by the agent itself (own) or anywhere in its subtree. */
async function baseTerminals(agent: { id: number; path: string }, scope: 'own' | 'team') {
  const who =
    scope === 'own'
      ? sql`t.holder_agent_id = ${agent.id}`
      : sql`t.holder_path LIKE ${agent.path + '%'}`;
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT count(*) FILTER (WHERE t.bind_status = 0) AS stock,
               count(*) FILTER (WHERE t.bind_status = 1) AS bound,
               count(*) FILTER (WHERE t.bind_status = 3) AS activated,
               count(*) FILTER (WHERE t.bind_status IN (1, 3)
                 AND t.bound_at >= ${startOf(monthFirst)}::timestamptz
                 AND t.bound_at < ${startOf(addDays(today, 1))}::timestamptz) AS newly_bound
          FROM terminals t WHERE t.deleted_at IS NULL AND ${who}`,
  );
  return {
    stock: Number(r!.stock),
    bound: Number(r!.bound),
    activated: Number(r!.activated),
    newlyBound: Number(r!.newly_bound),
  };
}

const directChildren = async (agent: { id: number }) =>
  (
    await rows<{ id: unknown; path: string }>(
      db,
      sql`SELECT id, path FROM agents WHERE parent_id = ${agent.id} AND role = 'agent' ORDER BY id`,
    )
  ).map((c) => ({ id: Number(c.id), path: c.path }));

const FIGURE_KEYS = ['tradeAmountFen', 'tradeCount', 'newMerchants', 'activatedTerminals'] as const;

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

describe('the demo seed tells the truth', () => {
  it('has history to check: settled trades this month, merchants and activations', async () => {
    const top = demoAgents[0]!;
    const team = await baseFigures(top, 'team', addDays(today, -19), today);
    expect(team.tradeCount).toBeGreaterThan(0);
    const all = await baseFigures(top, 'team', '2000-01-01', today);
    expect(all.newMerchants).toBeGreaterThan(0);
    expect(all.activatedTerminals).toBeGreaterThan(0);
  });

  it('leaves no rollup drifting from its base tables (the ledger health endpoint)', async () => {
    const health = await data(operatorToken, '/api/ag/admin/ledger/health');
    expect(health.rollupDrift).toEqual({
      agentDailyStats: 0,
      agentMonthlyStats: 0,
      terminalDailyVolume: 0,
      agentDailyEarnings: 0,
      terminalStockCounts: 0,
    });
  });
});

describe.each(demoAgents)('every figure of $key, through every call that shows it', (agent) => {
  const load = async () => {
    const q = `agentId=${agent.id}&from=${monthFirst}&to=${today}`;
    const children = await directChildren(agent);
    return {
      children,
      overview: await data(agent.token, '/api/ag/stats/overview'),
      reportOwn: await data(agent.token, `/api/ag/stats/report?scope=own&pageSize=62`),
      reportTeam: await data(agent.token, `/api/ag/stats/report?scope=team&pageSize=62`),
      detail: await data(agent.token, `/api/ag/stats/detail?${q}`),
      statsChildren: await data(agent.token, `/api/ag/stats/children?${q}&pageSize=50`),
      teamStats: await data(agent.token, '/api/ag/myAgent/stats'),
      teamList: await data(agent.token, '/api/ag/myAgent/list?pageSize=50'),
      agentDetail: await data(agent.token, `/api/ag/myAgent/detail?id=${agent.id}`),
      dept: await data(agent.token, '/api/ag/my/center/dept'),
      merchants: await data(agent.token, '/api/merchant/summary'),
    };
  };
  /** Every call read once per agent, on first use. */
  let loaded: ReturnType<typeof load> | undefined;
  const readAll = () => (loaded ??= load());

  it.each(FIGURE_KEYS)('own %s this month', async (key) => {
    const r = await readAll();
    const expected = (await baseFigures(agent, 'own', monthFirst, today))[key];
    const shown = {
      'data tab': r.overview.own[key],
      '业绩统计 (own)': r.reportOwn.totals[key],
      '业绩统计 days (own)': r.reportOwn.rows.reduce(
        (s: number, d: Record<string, number>) => s + d[key]!,
        0,
      ),
      '业绩统计 detail': r.detail.own[key],
      '我的代理 stats': r.teamStats.own[key],
      代理详情: r.agentDetail.own[key],
    };
    expect(shown).toEqual(Object.fromEntries(Object.keys(shown).map((k) => [k, expected])));
  });

  it.each(FIGURE_KEYS)('team %s this month', async (key) => {
    const r = await readAll();
    const expected = (await baseFigures(agent, 'team', monthFirst, today))[key];
    const shown: Record<string, number> = {
      'data tab': r.overview.team[key],
      '业绩统计 (team)': r.reportTeam.totals[key],
      '业绩统计 days (team)': r.reportTeam.rows.reduce(
        (s: number, d: Record<string, number>) => s + d[key]!,
        0,
      ),
      '业绩统计 detail': r.detail.team[key],
      '我的代理 stats': r.teamStats.team[key],
      '我的代理 trend (this month)': r.teamStats.trend.at(-1)[key],
      代理详情: r.agentDetail.team[key],
      团队信息: r.dept.totals.month[key],
    };
    if (key === 'newMerchants') shown['商户数据'] = r.merchants.newThisMonth;
    expect(shown).toEqual(Object.fromEntries(Object.keys(shown).map((k) => [k, expected])));
  });

  it('each direct sub-agent: its team figures in 业绩统计 and 我的代理 equal its subtree', async () => {
    const r = await readAll();
    const byIdStats = new Map<number, Record<string, number>>(
      r.statsChildren.rows.map((c: { id: number; team: Record<string, number> }) => [c.id, c.team]),
    );
    const byIdList = new Map<number, { team: Figures; terminals: Record<string, number> }>(
      r.teamList.rows.map((c: { id: number; team: Figures; terminals: Record<string, number> }) => [
        c.id,
        c,
      ]),
    );
    for (const child of r.children) {
      const expected = await baseFigures(child, 'team', monthFirst, today);
      const terminals = await baseTerminals(child, 'team');
      expect(byIdStats.get(child.id), `业绩统计 sub-agent ${child.id}`).toEqual(expected);
      expect(byIdList.get(child.id)?.team, `我的代理 sub-agent ${child.id}`).toEqual(expected);
      expect(byIdList.get(child.id)?.terminals, `我的代理 stock of ${child.id}`).toEqual({
        stock: terminals.stock,
        bound: terminals.bound,
        activated: terminals.activated,
      });
    }
  });

  it('each day of the month and of the data tab trend', async () => {
    const r = await readAll();
    const days = r.reportTeam.rows.map((d: { day: string }) => d.day);
    expect(days[0]).toBe(today);
    expect(days.at(-1)).toBe(monthFirst);
    for (const [scope, report] of [
      ['own', r.reportOwn],
      ['team', r.reportTeam],
    ] as const) {
      for (const row of report.rows) {
        const expected = await baseFigures(agent, scope, row.day, row.day);
        expect(
          FIGURE_KEYS.map((k) => row[k]),
          `${scope} ${row.day}`,
        ).toEqual(FIGURE_KEYS.map((k) => expected[k]));
      }
    }
    for (const point of r.overview.trend) {
      const team = await baseFigures(agent, 'team', point.day, point.day);
      const own = await baseFigures(agent, 'own', point.day, point.day);
      expect(point, point.day).toEqual({
        day: point.day,
        ownAmountFen: own.tradeAmountFen,
        teamAmountFen: team.tradeAmountFen,
        teamCount: team.tradeCount,
      });
    }
  });

  it("each month of 我的代理's trend", async () => {
    const r = await readAll();
    for (const point of r.teamStats.trend) {
      const last = addDays(`${shiftMonth(point.month, 1)}-01`, -1);
      const expected = await baseFigures(agent, 'team', `${point.month}-01`, last);
      expect(point, point.month).toEqual({ month: point.month, ...expected });
    }
  });

  it('my stock and team stock, bound and activated terminals, new bindings', async () => {
    const r = await readAll();
    const own = await baseTerminals(agent, 'own');
    const team = await baseTerminals(agent, 'team');
    expect({
      'data tab own': r.overview.terminals.own,
      'data tab team': r.overview.terminals.team,
      '代理详情 own': r.agentDetail.ownTerminals,
      '代理详情 team': r.agentDetail.teamTerminals,
      '我的代理 stats': r.teamStats.terminals,
      团队信息: r.dept.totals.terminals,
      商户数据: r.merchants.terminals,
      'data tab new bindings': r.overview.newTerminals,
    }).toEqual({
      'data tab own': { unbound: own.stock, bound: own.bound, activated: own.activated },
      'data tab team': { unbound: team.stock, bound: team.bound, activated: team.activated },
      '代理详情 own': { stock: own.stock, bound: own.bound, activated: own.activated },
      '代理详情 team': { stock: team.stock, bound: team.bound, activated: team.activated },
      '我的代理 stats': { stock: team.stock, bound: team.bound, activated: team.activated },
      团队信息: { stock: team.stock, bound: team.bound, activated: team.activated },
      商户数据: {
        total: team.stock + team.bound + team.activated,
        unbound: team.stock,
        bound: team.bound,
        activated: team.activated,
      },
      'data tab new bindings': { own: own.newlyBound, team: team.newlyBound },
    });
  });
});
