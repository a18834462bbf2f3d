import type { MerchantRateInfo, RateChangeDetail, RateChangeItem, RateMerchant } from '@pos/core';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { acquirerFor } from '../src/providers/acquirer/acquirer';
import type { SimulatedAcquirer } from '../src/providers/acquirer/simulated-acquirer';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// The simulated acquirer answers at once; tests wait for it with idle().
const ctx = await createTestContext({ acquirerSimDelayMs: 0 });
const { app, demo } = ctx;
const sim = () => acquirerFor(app) as SimulatedAcquirer;
// A test that failed while holding the answers does not hold up the next.
afterEach(() => sim().release());

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  field?: string;
}
async function call<T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/prod-api${url}`,
    headers: bearer(token),
    payload: payload as object,
  });
  return res.json() as Envelope<T>;
}

let top: string, child: string, grandchild: string, otherTop: string;
/** Merchants of the child with no rate change at all, newest first. */
let fresh: RateMerchant[];

beforeAll(async () => {
  [top, child, grandchild, otherTop] = await Promise.all([
    loginAs(app, DEMO_ACCOUNTS.top.mobile),
    loginAs(app, DEMO_ACCOUNTS.child.mobile),
    loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
    loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
  ]);
  const list = await call<{ rows: RateMerchant[] }>(
    child,
    'GET',
    '/api/ag/rate/change/merchants?pageSize=50',
  );
  const changed = new Set(
    (await rows<{ merchant_id: unknown }>(app.db, sql`SELECT merchant_id FROM rate_changes`)).map(
      (r) => Number(r.merchant_id),
    ),
  );
  fresh = list.data.rows.filter((m) => m.terminalCount > 0 && !changed.has(m.id));
});

const info = (token: string, merchantId: number) =>
  call<MerchantRateInfo>(token, 'GET', `/api/ag/rate/change/merchant?merchantId=${merchantId}`);
const change = (
  token: string,
  merchantId: number,
  rates: { rateType: number; rate: number }[],
  sn?: string,
) => call<{ ids: number[] }>(token, 'POST', '/api/ag/rate/change/apply', { merchantId, rates, sn });

describe('merchant rates', () => {
  it("lists the caller's direct merchants with their terminals", async () => {
    expect(fresh.length).toBeGreaterThan(3);
    expect(fresh[0]!.sns.length).toBeGreaterThan(0);
    expect(fresh[0]!.policyNames.length).toBeGreaterThan(0);
  });

  it('shows each rate with the range the direct agent may set and its own cost', async () => {
    const res = await info(child, fresh[0]!.id);
    expect(res.data.canChange).toBe(true);
    const pos = res.data.rates.find((r) => r.rateType === 1)!;
    // The child's POS cost is 0.53% (0.52% under the cheaper 新大陆 policy), inside 0.55%-0.68%.
    expect(pos).toMatchObject({
      standardRate: 6000,
      minAllowed: 5500,
      maxAllowed: 6800,
      changedThisMonth: false,
    });
    expect([5200, 5300]).toContain(pos.ownCost);
    expect(res.data.rates).toHaveLength(6);
  });

  it('changes a rate within range: applying, then done through the acquirer', async () => {
    // Answers come at once; held (through the dev route the phone journeys use), the change is
    // seen while it is still applying.
    const dev = (action: string) =>
      app.inject({ method: 'POST', url: `/prod-api/api/dev/acquirer/${action}` });
    expect((await dev('hold')).json()).toMatchObject({ code: 200 });
    const m = fresh[0]!;
    const res = await change(child, m.id, [{ rateType: 1, rate: 6400 }], m.sns[0]);
    expect(res).toMatchObject({ code: 200, msg: '已提交，等待收单机构处理' });
    const id = res.data.ids[0]!;
    const before = await call<RateChangeDetail>(child, 'GET', `/api/ag/rate/change/info?id=${id}`);
    expect(before.data).toMatchObject({
      status: 0,
      newRate: 6400,
      requestNo: `R${id}`,
      requestedByName: '李经理',
    });
    expect((await dev('release')).json()).toMatchObject({ code: 200 });
    await sim().idle();
    const after = await call<RateChangeDetail>(child, 'GET', `/api/ag/rate/change/info?id=${id}`);
    expect(after.data).toMatchObject({
      status: 2,
      oldRate: 6000,
      newRate: 6400,
      sn: m.sns[0],
      reason: null,
    });
    expect(after.data.finishedAt).not.toBeNull();
    const now = await info(child, m.id);
    const pos = now.data.rates.find((r) => r.rateType === 1)!;
    expect(pos).toMatchObject({ rate: 6400, changedThisMonth: true, pendingChangeId: null });
    expect(pos.nextChangeAt).not.toBeNull();
  });

  it('allows one change per merchant per rate type per calendar month', async () => {
    const m = fresh[0]!;
    const again = await change(child, m.id, [{ rateType: 1, rate: 6500 }]);
    expect(again).toMatchObject({
      code: 400,
      msg: 'POS刷卡本月已调整过，每个商户每种费率每月只能调整一次',
      field: 'rates.0.rate',
    });
    // Another rate type of the same merchant is still free this month.
    const qr = await change(child, m.id, [{ rateType: 3, rate: 4000 }]);
    expect(qr.code).toBe(200);
    await sim().idle();
  });

  it('refuses rates outside the range, naming the limit, and records nothing', async () => {
    const m = fresh[1]!;
    expect(await change(child, m.id, [{ rateType: 1, rate: 6900 }])).toMatchObject({
      code: 400,
      msg: 'POS刷卡商户费率须在0.55%至0.68%之间',
      field: 'rates.0.rate',
    });
    // All or nothing: a good rate next to a bad one is not recorded either.
    expect(
      await change(child, m.id, [
        { rateType: 1, rate: 6100 },
        { rateType: 3, rate: 9000 },
      ]),
    ).toMatchObject({ code: 400, field: 'rates.1.rate' });
    const history = await call<{ rows: RateChangeItem[] }>(
      child,
      'GET',
      `/api/ag/rate/change/list?merchantId=${m.id}`,
    );
    expect(history.data.rows).toEqual([]);
    expect(await change(child, m.id, [{ rateType: 1, rate: 6000 }])).toMatchObject({
      code: 400,
      msg: 'POS刷卡新费率与当前费率0.60%相同',
    });
  });

  it("refuses a rate below the direct agent's own cost", async () => {
    // The grandchild's POS cost (0.55% or 0.54%) sits at or below the bottom of the range.
    const list = await call<{ rows: RateMerchant[] }>(
      grandchild,
      'GET',
      '/api/ag/rate/change/merchants',
    );
    const m = list.data.rows.find((r) => r.terminalCount > 0)!;
    const lines = (await info(grandchild, m.id)).data.rates;
    const cost = lines.find((r) => r.rateType === 1)!.ownCost!;
    const res = await change(grandchild, m.id, [{ rateType: 1, rate: cost - 1 }]);
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^POS刷卡商户费率(不能低于您的成本0\.5[45]%|须在0\.55%至0\.68%之间)$/);
    // The cap (rate type 6) is in yuan: the grandchild's cap cost is 21.00 yuan.
    const cap = await change(grandchild, m.id, [{ rateType: 6, rate: 2050 }]);
    expect(cap).toMatchObject({ code: 400, msg: '借记卡封顶商户费率不能低于您的成本21.00元' });
  });

  it('fails a change the acquirer refuses, with its reason, and leaves the month free', async () => {
    const m = fresh[2]!;
    const res = await change(child, m.id, [{ rateType: 1, rate: 6399 }]);
    expect(res.code).toBe(200);
    await sim().idle();
    const failed = await call<RateChangeDetail>(
      child,
      'GET',
      `/api/ag/rate/change/info?id=${res.data.ids[0]}`,
    );
    expect(failed.data).toMatchObject({ status: 3, reason: '收单机构拒绝：费率不符合报备要求' });
    const lines = (await info(child, m.id)).data.rates;
    expect(lines.find((r) => r.rateType === 1)).toMatchObject({
      rate: 6000,
      changedThisMonth: false,
    });
    const retry = await change(child, m.id, [{ rateType: 1, rate: 6300 }]);
    expect(retry.code).toBe(200);
    await sim().idle();
  });

  it('lets only one of two simultaneous changes of the same rate through', async () => {
    const m = fresh[3]!;
    const [a, b] = await Promise.all([
      change(child, m.id, [{ rateType: 4, rate: 6500 }]),
      change(child, m.id, [{ rateType: 4, rate: 6600 }]),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    await sim().idle();
    const history = await call<{ rows: RateChangeItem[] }>(
      child,
      'GET',
      `/api/ag/rate/change/list?merchantId=${m.id}`,
    );
    expect(history.data.rows).toHaveLength(1);
  });

  it("does not block this month with last month's change", async () => {
    // The seed's oldest child merchant had its POS rate changed (done) last month.
    const [seeded] = await rows<{ merchant_id: unknown }>(
      app.db,
      sql`SELECT merchant_id FROM rate_changes WHERE status = 2 AND agent_id = ${demo.child.id} ORDER BY id LIMIT 1`,
    );
    const merchantId = Number(seeded!.merchant_id);
    const pos = (await info(child, merchantId)).data.rates.find((r) => r.rateType === 1)!;
    expect(pos).toMatchObject({ rate: 6300, changedThisMonth: false });
    expect((await change(child, merchantId, [{ rateType: 1, rate: 6200 }])).code).toBe(200);
    await sim().idle();
  });
});

describe('scope of merchant rates', () => {
  it('lets an ancestor see but not change a sub-agent merchant', async () => {
    const m = fresh[1]!;
    const seen = await info(top, m.id);
    expect(seen.data).toMatchObject({
      canChange: false,
      cannotChangeReason: '仅商户的直属代理可以调整费率',
    });
    expect(seen.data.rates.every((r) => r.ownCost === null)).toBe(true);
    expect(await change(top, m.id, [{ rateType: 1, rate: 6100 }])).toMatchObject({
      code: 400,
      msg: '仅商户的直属代理可以调整费率',
    });
  });

  it("answers like a missing merchant to another tree and to a sub-agent for its parent's merchants", async () => {
    const m = fresh[1]!;
    expect((await info(otherTop, m.id)).code).toBe(404);
    expect((await change(otherTop, m.id, [{ rateType: 1, rate: 6100 }])).code).toBe(404);
    expect((await info(grandchild, m.id)).code).toBe(404);
  });

  it('lists rate changes of the subtree only', async () => {
    const mine = await call<{ rows: RateChangeItem[] }>(child, 'GET', '/api/ag/rate/change/list');
    expect(mine.data.rows.length).toBeGreaterThan(4);
    const id = mine.data.rows[0]!.id;
    const asTop = await call<{ rows: RateChangeItem[] }>(
      top,
      'GET',
      '/api/ag/rate/change/list?pageSize=50',
    );
    expect(asTop.data.rows.some((r) => r.id === id)).toBe(true);
    // The top sees who asked, masked.
    expect(asTop.data.rows.find((r) => r.id === id)!.requestedByName).toBe('李**');
    const asOther = await call<{ rows: RateChangeItem[] }>(
      otherTop,
      'GET',
      '/api/ag/rate/change/list',
    );
    expect(asOther.data.rows).toEqual([]);
    expect((await call(otherTop, 'GET', `/api/ag/rate/change/info?id=${id}`)).code).toBe(404);
    expect((await call(grandchild, 'GET', `/api/ag/rate/change/info?id=${id}`)).code).toBe(404);
  });

  it('pages the list by keyset and filters by status', async () => {
    const first = await call<{ rows: RateChangeItem[]; nextCursor: string }>(
      child,
      'GET',
      '/api/ag/rate/change/list?pageSize=2',
    );
    expect(first.data.rows).toHaveLength(2);
    const second = await call<{ rows: RateChangeItem[] }>(
      child,
      'GET',
      `/api/ag/rate/change/list?pageSize=2&cursor=${first.data.nextCursor}`,
    );
    expect(second.data.rows[0]!.id).toBeLessThan(first.data.rows[1]!.id);
    const failed = await call<{ rows: RateChangeItem[] }>(
      child,
      'GET',
      '/api/ag/rate/change/list?status=3',
    );
    expect(failed.data.rows.length).toBeGreaterThan(0);
    expect(failed.data.rows.every((r) => r.status === 3 && r.reason)).toBe(true);
    expect((await call(child, 'GET', '/api/ag/rate/change/list?cursor=bogus')).code).toBe(400);
  });
});
