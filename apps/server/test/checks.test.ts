import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// Standards checks: every check type (-2, -1, 0, 1, level N) and execution status, every
// activation reason, and the scope (a terminal or merchant outside the subtree is missing).
// The terminals here (SNs CK... and CA...) are made for this file, with policies of their own,
// dated relative to the current Asia/Shanghai month so "pending" is this month.

const { app, demo, database } = await createTestContext();
const db = database.db;
const tokens = {
  top: await loginAs(app, DEMO_ACCOUNTS.top.mobile),
  child: await loginAs(app, DEMO_ACCOUNTS.child.mobile),
  grandchild: await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
  otherTop: await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
};
const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const data = async (token: string, url: string) => {
  const res = await get(token, url);
  const body = res.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
};

const DAY_MS = 86_400_000;
const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3600e3).toISOString().slice(0, 10);
const shiftMonth = (month: string, delta: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + m - 1 + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
const M0 = shanghaiDay(new Date()).slice(0, 7);
const M = (delta: number) => shiftMonth(M0, delta);
/** Noon in Asia/Shanghai on a day of a month. */
const noonOf = (month: string, day: number) =>
  new Date(`${month}-${String(day).padStart(2, '0')}T04:00:00Z`);

// ---------------------------------------------------------------------------------------------
// Policies, merchants, terminals, volumes, assessments and job runs
// ---------------------------------------------------------------------------------------------

const [brand] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands ORDER BY id LIMIT 1`);
const brandId = Number(brand!.id);
const policy = async (name: string, months: { month: number; thresholdFen: number }[]) => {
  const [p] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO policies (brand_id, name, activation_threshold_fen, activation_window_days, standard_months)
        VALUES (${brandId}, ${name}, 500000, 30, ${JSON.stringify(months)}::jsonb) RETURNING id`,
  );
  return Number(p!.id);
};
const withMonths = await policy('考核测试政策', [
  { month: 1, thresholdFen: 100_000 },
  { month: 2, thresholdFen: 200_000 },
  { month: 4, thresholdFen: 400_000 },
]);
const noMonths = await policy('无考核测试政策', []);

const merchantOf = async (agentId: number) => {
  const [m] = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM merchants WHERE agent_id = ${agentId} ORDER BY id LIMIT 1`,
  );
  return Number(m!.id);
};
const gcMerchant = await merchantOf(demo.grandchild.id);
const topMerchant = await merchantOf(demo.top.id);

const terminal = async (t: {
  sn: string;
  holder: typeof demo.top;
  merchantId?: number;
  policyId?: number;
  status: 0 | 1 | 3;
  boundAt?: Date;
  activatedAt?: Date;
}) => {
  const [r] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id, bind_status,
          merchant_id, bound_at, activated_at)
        VALUES (${t.sn}, ${brandId}, 'A8', ${t.policyId ?? withMonths}, ${t.holder.id}, ${t.holder.path},
          ${t.holder.topId}, ${t.status}, ${t.status === 0 ? null : (t.merchantId ?? gcMerchant)},
          ${t.boundAt ?? null}, ${t.activatedAt ?? null})
        RETURNING id`,
  );
  return Number(r!.id);
};
const volume = async (
  terminalId: number,
  day: string,
  volumeFen: number,
  cardVolumeFen = volumeFen,
) => {
  await db.execute(sql`
    INSERT INTO terminal_daily_volume (terminal_id, day, top_id, volume_fen, card_volume_fen, trade_count)
    VALUES (${terminalId}, ${day}::date, (SELECT top_id FROM terminals WHERE id = ${terminalId}),
      ${volumeFen}, ${cardVolumeFen}, 1)`);
};
const assessment = async (
  terminalId: number,
  k: number,
  month: string,
  result: number,
  volumeFen: number,
  thresholdFen: number,
  rewardFen = 0,
) => {
  await db.execute(sql`
    INSERT INTO standard_assessments (terminal_id, month_index, month, agent_id, agent_path, top_id, policy_id,
      volume_fen, threshold_fen, result, reward_fen)
    VALUES (${terminalId}, ${k}, ${`${month}-01`}::date, ${demo.grandchild.id}, ${demo.grandchild.path},
      ${demo.grandchild.topId}, ${withMonths}, ${volumeFen}, ${thresholdFen}, ${result}, ${rewardFen})`);
};
const jobRun = async (month: string, status: number) => {
  await db.execute(sql`
    INSERT INTO job_runs (job, period, status, processed, finished_at)
    VALUES ('standard_check', ${month}, ${status}, 12, CASE WHEN ${status} IN (-1, 2) THEN now() END)
    ON CONFLICT (job, period) DO UPDATE SET status = EXCLUDED.status, finished_at = EXCLUDED.finished_at`);
};

// Three terminals bound in month M(-3) (k = 1 there, k = 4 now) under the grandchild.
const bound = noonOf(M(-3), 15);
const t1 = await terminal({
  sn: 'CK00000001',
  holder: demo.grandchild,
  status: 3,
  boundAt: bound,
  activatedAt: new Date(bound.getTime() + DAY_MS),
});
await volume(t1, `${M(-3)}-20`, 150_000); // k = 1: T = 100,000 -> met
await volume(t1, `${M(-2)}-05`, 30_000);
await volume(t1, `${M(-2)}-06`, 20_000); // k = 2: 50,000 < 200,000 -> not met
await volume(t1, `${M(-1)}-10`, 999_999); // k = 3: no threshold -> no check
await volume(t1, `${M0}-01`, 10_000); // k = 4: this month -> pending
const t2 = await terminal({ sn: 'CK00000002', holder: demo.grandchild, status: 1, boundAt: bound });
await assessment(t2, 2, M(-2), 3, 777_777, 200_000, 5000); // the job's level 3
const t3 = await terminal({ sn: 'CK00000003', holder: demo.grandchild, status: 1, boundAt: bound });
await volume(t3, `${M(-3)}-25`, 500_000); // would be met, but the job said not met
await assessment(t3, 1, M(-3), -1, 90_000, 100_000);
// A policy without standard months, and a terminal bound this month.
const t4 = await terminal({
  sn: 'CK00000004',
  holder: demo.grandchild,
  status: 1,
  boundAt: noonOf(M(-1), 3),
  policyId: noMonths,
});
await terminal({
  sn: 'CK00000005',
  holder: demo.grandchild,
  status: 1,
  // A minute ago, but never before this month began (the first minute of a month).
  boundAt: new Date(Math.max(Date.now() - 60_000, Date.parse(`${M0}-01T00:00:00+08:00`))),
});
// Bound to the top's own merchant: outside the child's subtree.
await terminal({
  sn: 'CK00000009',
  holder: demo.top,
  merchantId: topMerchant,
  status: 1,
  boundAt: bound,
});
await jobRun(M(-3), -1);
await jobRun(M(-2), 2);
await jobRun(M(-1), 1);

// Activation: threshold 500,000 within 30 days.
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
const dayAfter = (at: Date, days: number) => shanghaiDay(new Date(at.getTime() + days * DAY_MS));
await terminal({ sn: 'CA00000001', holder: demo.grandchild, status: 0 });
const a2At = ago(5);
const a2 = await terminal({ sn: 'CA00000002', holder: demo.grandchild, status: 1, boundAt: a2At });
await volume(a2, dayAfter(a2At, 1), 900_000, 200_000); // only card volume counts
const a3At = ago(60);
const a3 = await terminal({ sn: 'CA00000003', holder: demo.grandchild, status: 1, boundAt: a3At });
await volume(a3, dayAfter(a3At, 2), 100_000);
await volume(a3, dayAfter(a3At, 40), 900_000); // after the window: does not count
const a4At = ago(20);
const a4ActivatedAt = ago(10);
await terminal({
  sn: 'CA00000004',
  holder: demo.grandchild,
  status: 3,
  boundAt: a4At,
  activatedAt: a4ActivatedAt,
});
const a5At = ago(3);
const a5 = await terminal({ sn: 'CA00000005', holder: demo.grandchild, status: 1, boundAt: a5At });
await volume(a5, dayAfter(a5At, 1), 600_000);

type Row = {
  sn: string;
  result: number;
  monthIndex: number;
  thresholdFen: number | null;
  volumeFen: number;
  source: string;
  rewardFen: number;
};
const standard = async (token: string, qs: string, pageSize = 2) => {
  const out: Row[] = [];
  let cursor = '';
  for (let i = 0; i < 100; i++) {
    const page = await data(
      token,
      `/api/ag/check/standard?${qs}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    out.push(...page.rows);
    if (!page.nextCursor) return { rows: out, job: page.job, month: page.month };
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
};
const bySn = (list: Row[]) => Object.fromEntries(list.map((r) => [r.sn, r]));

// ---------------------------------------------------------------------------------------------

describe('merchant standard check', () => {
  it('gives each check type: met, not met, no check, pending and a level from the job', async () => {
    const m3 = bySn((await standard(tokens.top, `month=${M(-3)}&sn=CK`)).rows);
    expect(m3.CK00000001).toMatchObject({
      monthIndex: 1,
      thresholdFen: 100_000,
      volumeFen: 150_000,
      result: 1,
      source: 'computed',
    });
    expect(m3.CK00000002).toMatchObject({
      monthIndex: 1,
      volumeFen: 0,
      result: -1,
      source: 'computed',
    });
    // The job's row wins over what the rollup would say.
    expect(m3.CK00000003).toMatchObject({
      monthIndex: 1,
      volumeFen: 90_000,
      result: -1,
      source: 'assessed',
    });
    expect(m3.CK00000004).toBeUndefined(); // not bound yet in that month

    const m2 = bySn((await standard(tokens.top, `month=${M(-2)}&sn=CK`)).rows);
    expect(m2.CK00000001).toMatchObject({
      monthIndex: 2,
      thresholdFen: 200_000,
      volumeFen: 50_000,
      result: -1,
    });
    expect(m2.CK00000002).toMatchObject({
      monthIndex: 2,
      volumeFen: 777_777,
      result: 3,
      rewardFen: 5000,
      source: 'assessed',
    });

    const m1 = bySn((await standard(tokens.top, `month=${M(-1)}&sn=CK`)).rows);
    expect(m1.CK00000001).toMatchObject({
      monthIndex: 3,
      thresholdFen: null,
      volumeFen: 999_999,
      result: -2,
    });
    expect(m1.CK00000004).toMatchObject({ monthIndex: 1, thresholdFen: null, result: -2 }); // policy has none

    const now = bySn((await standard(tokens.top, `month=${M0}&sn=CK`)).rows);
    expect(now.CK00000001).toMatchObject({
      monthIndex: 4,
      thresholdFen: 400_000,
      volumeFen: 10_000,
      result: 0,
    });
    expect(now.CK00000005).toMatchObject({ monthIndex: 1, thresholdFen: 100_000, result: 0 });
    expect(now.CK00000004).toMatchObject({ monthIndex: 2, result: -2 });
  });

  it('filters by result (1 takes every met level) and shows the execution status of the month', async () => {
    const met = await standard(tokens.top, `month=${M(-2)}&sn=CK&result=1`);
    expect(met.rows.map((r) => r.sn)).toEqual(['CK00000002']);
    expect(met.job).toMatchObject({ month: M(-2), status: 2, processed: 12 });
    expect(met.job.finishedAt).not.toBeNull();
    const notMet = await standard(tokens.top, `month=${M(-2)}&sn=CK&result=-1`);
    expect(notMet.rows.map((r) => r.sn).sort()).toEqual(['CK00000001', 'CK00000003', 'CK00000009']);
    const none = await standard(tokens.top, `month=${M(-1)}&sn=CK&result=-2`);
    expect(none.rows.every((r) => r.result === -2)).toBe(true);
    expect(none.rows.length).toBeGreaterThanOrEqual(4);
    expect(none.job.status).toBe(1);
    expect((await standard(tokens.top, `month=${M(-3)}&sn=CK`)).job.status).toBe(-1);
    const pending = await standard(tokens.top, `month=${M0}&sn=CK&result=0`);
    expect(pending.rows.map((r) => r.sn).sort()).toEqual([
      'CK00000001',
      'CK00000002',
      'CK00000003',
      'CK00000005',
      'CK00000009',
    ]);
    expect(pending.job).toMatchObject({ status: 0, finishedAt: null });
  });

  it('shows only the subtree, pages without gaps, and refuses a future month', async () => {
    const child = await standard(tokens.child, `month=${M(-2)}&sn=CK`);
    expect(child.rows.map((r) => r.sn)).toEqual(['CK00000001', 'CK00000002', 'CK00000003']);
    expect((await standard(tokens.otherTop, `month=${M(-2)}&sn=CK`)).rows).toEqual([]);
    // All of the top's bound terminals for the month, page by page, each once.
    const all = await standard(tokens.top, `month=${M(-1)}`, 50);
    const [count] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM terminals WHERE bind_status IN (1, 3) AND deleted_at IS NULL
            AND holder_path LIKE ${`${demo.top.path}%`} AND bound_at < ${noonOf(M0, 1).toISOString()}::timestamptz - interval '12 hours'`,
    );
    expect(all.rows).toHaveLength(Number(count!.n));
    expect(new Set(all.rows.map((r) => r.sn)).size).toBe(all.rows.length);

    expect((await get(tokens.top, `/api/ag/check/standard?month=${M(1)}`)).json()).toMatchObject({
      code: 400,
      field: 'month',
    });
    expect((await get(tokens.top, '/api/ag/check/standard?result=2')).json()).toMatchObject({
      code: 400,
      msg: '考核结果不正确',
    });
    expect((await get(tokens.top, '/api/ag/check/standard?cursor=abc')).json()).toMatchObject({
      code: 400,
      field: 'cursor',
    });
  });
});

describe('one terminal across months (info)', () => {
  it("lists the policy's months, the current one and the job's, with statuses", async () => {
    const t = await data(tokens.child, '/api/ag/check/terminal?sn=ck00000001');
    expect(t.policyName).toBe('考核测试政策');
    expect(t.activation).toMatchObject({ sn: 'CK00000001', state: 'activated', bindStatus: 3 });
    expect(t.months.map((m: { monthIndex: number }) => m.monthIndex)).toEqual([1, 2, 4]);
    expect(t.months.map((m: { result: number }) => m.result)).toEqual([1, -1, 0]);
    expect(t.months.map((m: { month: string }) => m.month)).toEqual([M(-3), M(-2), M0]);
    expect(t.months.map((m: { jobStatus: number }) => m.jobStatus)).toEqual([-1, 2, 0]);
    expect(t.months[0]).toMatchObject({
      volumeFen: 150_000,
      thresholdFen: 100_000,
      source: 'computed',
      upcoming: false,
    });

    const level = await data(tokens.grandchild, '/api/ag/check/terminal?sn=CK00000002');
    expect(level.months.find((m: { monthIndex: number }) => m.monthIndex === 2)).toMatchObject({
      result: 3,
      source: 'assessed',
      rewardFen: 5000,
    });

    const fresh = await data(tokens.grandchild, '/api/ag/check/terminal?sn=CK00000005');
    expect(
      fresh.months.map((m: { monthIndex: number; upcoming: boolean; result: number }) => [
        m.monthIndex,
        m.upcoming,
        m.result,
      ]),
    ).toEqual([
      [1, false, 0],
      [2, true, 0],
      [4, true, 0],
    ]);
    const unbound = await data(tokens.grandchild, '/api/ag/check/terminal?sn=CA00000001');
    expect(unbound.months).toEqual([]);
    expect(unbound.activation.state).toBe('not_bound');
  });

  it('answers 404 outside the subtree', async () => {
    for (const [token, sn] of [
      [tokens.child, 'CK00000009'], // the parent's terminal
      [tokens.grandchild, 'LD00001501'], // the parent's stock
      [tokens.otherTop, 'CK00000001'], // another tree
      [tokens.top, 'NOPE0001'],
    ] as const) {
      const res = await get(token, `/api/ag/check/terminal?sn=${sn}`);
      expect(res.statusCode, sn).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '数据不存在', err: 'NOT_FOUND' });
    }
  });
});

describe('activation check', () => {
  it('says whether and when each terminal activated, and why not', async () => {
    const page = await data(tokens.child, '/api/ag/check/activation?status=all&sn=CA');
    const rowsBySn = Object.fromEntries(page.rows.map((r: { sn: string }) => [r.sn, r]));
    expect(Object.keys(rowsBySn).sort()).toEqual([
      'CA00000001',
      'CA00000002',
      'CA00000003',
      'CA00000004',
      'CA00000005',
    ]);
    expect(rowsBySn.CA00000001).toMatchObject({
      state: 'not_bound',
      bindStatus: 0,
      boundAt: null,
      deadline: null,
      volumeFen: 0,
    });
    expect(rowsBySn.CA00000002).toMatchObject({
      state: 'volume_short',
      volumeFen: 200_000,
      thresholdFen: 500_000,
      windowDays: 30,
    });
    expect(rowsBySn.CA00000002.deadline).toBe(new Date(a2At.getTime() + 30 * DAY_MS).toISOString());
    expect(rowsBySn.CA00000003).toMatchObject({ state: 'window_passed', volumeFen: 100_000 });
    expect(rowsBySn.CA00000004).toMatchObject({
      state: 'activated',
      activatedAt: a4ActivatedAt.toISOString(),
    });
    expect(rowsBySn.CA00000005).toMatchObject({ state: 'reached', volumeFen: 600_000 });
    expect(rowsBySn.CA00000002.holderName).toBe('王**');
    const own = await data(tokens.grandchild, '/api/ag/check/activation?status=all&sn=CA00000002');
    expect(own.rows).toHaveLength(1);
    expect(own.rows[0].holderName).toBe(DEMO_ACCOUNTS.grandchild.name);
  });

  it('filters by status, pages, and keeps to the subtree', async () => {
    const sns = async (token: string, qs: string) =>
      (await data(token, `/api/ag/check/activation?${qs}`)).rows.map((r: { sn: string }) => r.sn);
    expect(await sns(tokens.top, 'sn=CA')).toEqual(['CA00000002', 'CA00000003', 'CA00000005']);
    expect(await sns(tokens.top, 'status=activated&sn=CA')).toEqual(['CA00000004']);
    expect(await sns(tokens.top, 'status=unbound&sn=CA')).toEqual(['CA00000001']);
    expect(await sns(tokens.otherTop, 'status=all&sn=CA')).toEqual([]);
    expect(await sns(tokens.child, 'status=all&sn=CK00000009')).toEqual([]);

    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i++) {
      const p = await data(
        tokens.top,
        `/api/ag/check/activation?status=all&sn=C&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...p.rows.map((r: { sn: string }) => r.sn));
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect((await get(tokens.top, '/api/ag/check/activation?status=done')).json()).toMatchObject({
      code: 400,
      msg: '激活状态不正确',
    });
  });
});

describe("a merchant's terminals (merchBindTerm)", () => {
  it('lists the bound terminals with binding time and activation state', async () => {
    const seen: { sn: string; state: string; boundAt: string | null }[] = [];
    let cursor = '';
    let merchant;
    for (let i = 0; i < 20; i++) {
      const p = await data(
        tokens.child,
        `/api/ag/check/merchant-terminals?merchantId=${gcMerchant}&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      merchant = p.merchant;
      seen.push(...p.rows);
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    const [count] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM terminals WHERE merchant_id = ${gcMerchant} AND deleted_at IS NULL`,
    );
    expect(seen).toHaveLength(Number(count!.n));
    expect(merchant).toMatchObject({ id: gcMerchant, agentName: '王**' });
    const ck1 = seen.find((r) => r.sn === 'CK00000001')!;
    expect(ck1).toMatchObject({ state: 'activated', boundAt: bound.toISOString() });
    expect(seen.find((r) => r.sn === 'CA00000002')).toMatchObject({ state: 'volume_short' });
    expect(seen.map((r) => r.sn)).toEqual([...seen.map((r) => r.sn)].sort());
  });

  it('answers 404 for a merchant outside the subtree', async () => {
    for (const [token, id] of [
      [tokens.child, topMerchant],
      [tokens.otherTop, gcMerchant],
      [tokens.top, 987_654_321],
    ] as const) {
      const res = await get(token, `/api/ag/check/merchant-terminals?merchantId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '数据不存在', err: 'NOT_FOUND' });
    }
    expect((await get(tokens.top, '/api/ag/check/merchant-terminals')).json()).toMatchObject({
      code: 400,
      field: 'merchantId',
    });
  });
});

void t4;
