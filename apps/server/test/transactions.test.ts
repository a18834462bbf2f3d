import { describe, expect, it } from 'vitest';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { bearer, clearOfShanghaiMidnight, createTestContext, loginAs } from './helpers';

const ctx = await createTestContext();
const { app, demo } = ctx;
const db = ctx.database.db;
const agent = (a: typeof demo.top) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
});
// A merchant of the grandchild and one of the top itself, in the same tree.
const gcShop = await createSettlementFixture(
  db,
  [agent(demo.top), agent(demo.child), agent(demo.grandchild)],
  { tag: 'TG', terminals: 1 },
);
const topShop = await createSettlementFixture(db, [agent(demo.top)], { tag: 'TT', terminals: 1 });
const tokens = {
  top: await loginAs(app, demo.top.mobile),
  child: await loginAs(app, demo.child.mobile),
  gc: await loginAs(app, demo.grandchild.mobile),
  other: await loginAs(app, demo.otherTop.mobile),
};
const get = (url: string, token: string) =>
  app
    .inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) })
    .then((r) => r.json());

let seq = 0;
const send = (sn: string, over: Record<string, unknown> = {}) =>
  ingestNotification(db, {
    txnId: `TX${++seq}`,
    kind: 1,
    sn,
    amountFen: 100_000,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date(Date.now() - seq * 1000).toISOString(),
    ...over,
  });

const gcPay = await send(gcShop.sns[0]!, { amountFen: 555_500 });
const gcQr = await send(gcShop.sns[0]!, {
  payType: 3,
  totalType: 4,
  cardType: 0,
  method: 3,
  amountFen: 8800,
});
const gcFailed = await send(gcShop.sns[0]!, { status: 2 });
const topPay = await send(topShop.sns[0]!, { amountFen: 777_700 });
await send(gcShop.sns[0]!, { txnId: 'TX-REFUND', kind: 2, origTxnId: 'TX1', amountFen: 55_550 });
await runSettlement(db);
await runSettlement(db);

const ids = (page: { rows: { id: number }[] }) => page.rows.map((r) => r.id);

describe('GET /api/ag/agent/trade/list', () => {
  it("shows an agent its merchants' and its team's transactions, never an ancestor's or another tree's", async () => {
    const topList = (await get('/api/ag/agent/trade/list?pageSize=50', tokens.top)).data;
    expect(ids(topList)).toEqual(expect.arrayContaining([gcPay.id, gcQr.id, topPay.id]));
    const gcList = (await get('/api/ag/agent/trade/list?pageSize=50', tokens.gc)).data;
    expect(ids(gcList)).toEqual(expect.arrayContaining([gcPay.id]));
    expect(ids(gcList)).not.toContain(topPay.id);
    const otherList = (await get('/api/ag/agent/trade/list?pageSize=50', tokens.other)).data;
    expect(ids(otherList)).not.toContain(gcPay.id);
    expect(ids(otherList)).not.toContain(topPay.id);
    // own / team split for the top.
    const own = (await get('/api/ag/agent/trade/list?scope=own&pageSize=50', tokens.top)).data;
    expect(ids(own)).toContain(topPay.id);
    expect(ids(own)).not.toContain(gcPay.id);
    const team = (await get('/api/ag/agent/trade/list?scope=team&pageSize=50', tokens.top)).data;
    expect(ids(team)).toContain(gcPay.id);
    expect(ids(team)).not.toContain(topPay.id);
    expect(team.rows.find((r: { id: number }) => r.id === gcPay.id)).toMatchObject({
      own: false,
      agentName: '王**',
      merchantName: expect.any(String),
    });
  });

  it('filters by pay type, total type, status, kind and date, newest first, in keyset pages', async () => {
    await clearOfShanghaiMidnight();
    const qr = (await get('/api/ag/agent/trade/list?payType=3&totalType=4', tokens.gc)).data;
    expect(ids(qr)).toContain(gcQr.id);
    expect(
      qr.rows.every(
        (r: { payType: number; totalType: number }) => r.payType === 3 && r.totalType === 4,
      ),
    ).toBe(true);
    const failed = (await get('/api/ag/agent/trade/list?status=2', tokens.gc)).data;
    expect(ids(failed)).toContain(gcFailed.id);
    const refunds = (await get('/api/ag/agent/trade/list?kind=2', tokens.gc)).data;
    expect(refunds.rows.length).toBeGreaterThanOrEqual(1);
    const today = new Date(Date.now() + 8 * 3600e3).toISOString().slice(0, 10);
    const dated = (
      await get(
        `/api/ag/agent/trade/list?startDate=${today}&endDate=${today}&pageSize=2`,
        tokens.gc,
      )
    ).data;
    expect(dated.rows).toHaveLength(2);
    expect(new Date(dated.rows[0].tradeTime).getTime()).toBeGreaterThanOrEqual(
      new Date(dated.rows[1].tradeTime).getTime(),
    );
    const next = (
      await get(
        `/api/ag/agent/trade/list?startDate=${today}&endDate=${today}&pageSize=2&cursor=${dated.nextCursor}`,
        tokens.gc,
      )
    ).data;
    expect(ids(next).some((id: number) => ids(dated).includes(id))).toBe(false);
    const past = (
      await get('/api/ag/agent/trade/list?startDate=2020-01-01&endDate=2020-01-02', tokens.gc)
    ).data;
    expect(past.rows).toEqual([]);
    expect(
      await get('/api/ag/agent/trade/list?startDate=2026-02-02&endDate=2026-01-01', tokens.gc),
    ).toMatchObject({ code: 400, field: 'startDate' });
    expect(await get('/api/ag/agent/trade/list?payType=8', tokens.gc)).toMatchObject({
      code: 400,
      field: 'payType',
    });
  });
});

describe('GET /api/ag/agent/trade/detail', () => {
  it('shows a transaction of the subtree with my earnings on it and its refunds', async () => {
    const detail = (await get(`/api/ag/agent/trade/detail?id=${gcPay.id}`, tokens.child)).data;
    expect(detail).toMatchObject({ id: gcPay.id, settled: true, amountFen: 555_500 });
    expect(detail.myEarnings.map((e: { infoType: string }) => e.infoType)).toEqual([
      'trade_profit',
      'refund_reversal',
    ]);
    expect(detail.refunds).toEqual([expect.objectContaining({ kind: 2, amountFen: 55_550 })]);
  });

  it('answers a transaction outside the subtree like a missing one', async () => {
    expect(await get(`/api/ag/agent/trade/detail?id=${topPay.id}`, tokens.gc)).toMatchObject({
      code: 404,
      msg: '数据不存在',
    });
    expect(await get(`/api/ag/agent/trade/detail?id=${gcPay.id}`, tokens.other)).toMatchObject({
      code: 404,
    });
    expect(await get('/api/ag/agent/trade/detail?id=999999999', tokens.top)).toMatchObject({
      code: 404,
    });
  });
});

describe('GET /api/ag/agent/trade/stats', () => {
  it("adds the month's own and team figures from the daily rollups", async () => {
    const gcStats = (await get('/api/ag/agent/trade/stats', tokens.gc)).data;
    const topStats = (await get('/api/ag/agent/trade/stats', tokens.top)).data;
    expect(topStats.team.amountFen).toBeGreaterThanOrEqual(gcStats.team.amountFen + 777_700);
    expect(topStats.own.amountFen).toBeGreaterThanOrEqual(777_700);
    expect(gcStats.team.amountFen).toBeGreaterThanOrEqual(gcStats.own.amountFen);
  });
});
