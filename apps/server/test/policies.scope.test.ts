import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * Data scope: another tree's agent reaches nothing of the first tree's policies, merchants,
 * terminals or changes, and a sub-agent reaches nothing of its ancestors'. Each call answers
 * exactly like a missing row (404) or with an empty list.
 */
const ctx = await createTestContext();
const { app, demo } = ctx;

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url: `/prod-api${url}`,
    headers: bearer(token),
    payload: payload as object,
  });
  return res.json() as { code: number; msg: string; data: unknown };
}
const id = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ id: unknown }>(app.db, query))[0]!.id);

let otherTop: string, grandchild: string;
const ids = {} as Record<
  | 'topPolicy'
  | 'childPolicy'
  | 'topMerchant'
  | 'childMerchant'
  | 'rateChange'
  | 'feeChange'
  | 'policy',
  number
>;

beforeAll(async () => {
  [otherTop, grandchild] = await Promise.all([
    loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
    loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
  ]);
  ids.topPolicy = await id(
    sql`SELECT id FROM agent_policies WHERE agent_id = ${demo.top.id} ORDER BY id LIMIT 1`,
  );
  ids.childPolicy = await id(
    sql`SELECT id FROM agent_policies WHERE agent_id = ${demo.child.id} ORDER BY id LIMIT 1`,
  );
  ids.policy = await id(
    sql`SELECT policy_id AS id FROM agent_policies WHERE agent_id = ${demo.top.id} ORDER BY id LIMIT 1`,
  );
  ids.topMerchant = await id(
    sql`SELECT id FROM merchants WHERE agent_id = ${demo.top.id} ORDER BY id LIMIT 1`,
  );
  ids.childMerchant = await id(
    sql`SELECT id FROM merchants WHERE agent_id = ${demo.child.id} ORDER BY id LIMIT 1`,
  );
  ids.rateChange = await id(
    sql`SELECT id FROM rate_changes WHERE agent_id = ${demo.child.id} ORDER BY id LIMIT 1`,
  );
  ids.feeChange = await id(
    sql`SELECT id FROM fee_changes WHERE agent_id = ${demo.top.id} ORDER BY id LIMIT 1`,
  );
});

describe('another tree', () => {
  it('reads none of the first tree’s policies, merchants or changes', async () => {
    const missing = [
      `/api/agent-rate/info/${ids.topPolicy}`,
      `/api/agent-rate/info/${ids.childPolicy}`,
      `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${ids.policy}`,
      `/api/ag/rate/change/merchant?merchantId=${ids.topMerchant}`,
      `/api/ag/rate/change/merchant?merchantId=${ids.childMerchant}`,
      `/api/ag/rate/change/info?id=${ids.rateChange}`,
      `/api/ag/fee/change/info?id=${ids.feeChange}`,
      `/api/ag/price-share/info?childId=${demo.child.id}&policyId=${ids.policy}`,
    ];
    for (const url of missing)
      expect(await call(otherTop, 'GET', url), url).toMatchObject({ code: 404 });
    for (const url of [
      `/api/ag/rate/change/list?merchantId=${ids.childMerchant}`,
      `/api/ag/fee/change/list?sn=LD00001001`,
      `/api/ag/agent/open/policy/opened?childId=${demo.child.id}`,
    ]) {
      expect((await call(otherTop, 'GET', url)).data, url).toMatchObject({ rows: [] });
    }
    // Its own lists hold only its own tree.
    const merchants = (await call(otherTop, 'GET', '/api/ag/rate/change/merchants?pageSize=50'))
      .data as { rows: { id: number }[] };
    expect(merchants.rows.some((m) => m.id === ids.topMerchant || m.id === ids.childMerchant)).toBe(
      false,
    );
  });

  it('changes none of them', async () => {
    const terms = (await call(otherTop, 'GET', '/api/ag/agent/open/policy/info')).data as {
      id: number;
    }[];
    const ownTerms = (
      (await call(otherTop, 'GET', `/api/agent-rate/info/${terms[0]!.id}`)).data as {
        terms: unknown;
      }
    ).terms;
    const attempts: [string, unknown][] = [
      [
        '/api/ag/agent/open/policy/open',
        { childId: demo.child.id, policyId: ids.policy, terms: ownTerms },
      ],
      [
        '/api/ag/rate/change/apply',
        { merchantId: ids.childMerchant, rates: [{ rateType: 1, rate: 6100 }] },
      ],
      ['/api/ag/price-share/set', { childId: demo.child.id, policyId: ids.policy, passPpm: 0 }],
    ];
    for (const [url, body] of attempts)
      expect(await call(otherTop, 'POST', url, body), url).toMatchObject({ code: 404 });
    expect(
      await call(otherTop, 'POST', '/api/ag/fee/change/apply', {
        kind: 1,
        sns: ['LD00001100'],
        feeFen: 29900,
      }),
    ).toMatchObject({
      code: 400,
      msg: '终端LD00001100不存在',
    });
    const [n] = await rows<{ n: unknown }>(
      app.db,
      sql`SELECT count(*) AS n FROM price_shares WHERE pass_ppm = 0`,
    );
    expect(Number(n!.n)).toBe(0);
  });
});

describe('a sub-agent', () => {
  it("reads none of its ancestors' policies, merchants or changes", async () => {
    for (const url of [
      `/api/agent-rate/info/${ids.topPolicy}`,
      `/api/agent-rate/info/${ids.childPolicy}`,
      `/api/ag/rate/change/merchant?merchantId=${ids.childMerchant}`,
      `/api/ag/rate/change/info?id=${ids.rateChange}`,
      `/api/ag/fee/change/info?id=${ids.feeChange}`,
    ]) {
      expect(await call(grandchild, 'GET', url), url).toMatchObject({ code: 404 });
    }
    const list = (await call(grandchild, 'GET', '/api/ag/rate/change/list')).data as {
      rows: { id: number }[];
    };
    expect(list.rows.some((r) => r.id === ids.rateChange)).toBe(false);
  });
});
