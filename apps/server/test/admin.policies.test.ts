import {
  shareFen,
  SIMULATOR_VOLUME_FEN,
  type AdminPolicy,
  type AdminPolicyChain,
  type AdminPolicyDetail,
  type AdminPolicyTopAgent,
  type AdminRootDraft,
  type Page,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * The console's policies module: product policies per brand, root policies of top-level agents
 * (opened and edited by operators, audited, under the same one-way rules as any parent), and the
 * chain of costs settlement uses for one terminal.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let ops: string;
let content: string;
let finance: string;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: unknown }>(db, query))[0]!.n);

beforeAll(async () => {
  [ops, content, finance] = await Promise.all([
    adminLogin(app, 'operations'),
    adminLogin(app, 'content'),
    adminLogin(app, 'finance'),
  ]);
});

const newPolicy = (over: Record<string, unknown> = {}) => ({
  brandId: 1,
  name: '联迪特惠政策',
  rates: [
    { rateType: 1, standardRate: 6000, minRate: 5500, maxRate: 6800, acquirerCost: 3800 },
    { rateType: 6, standardRate: 2500, minRate: 2000, maxRate: 3000, acquirerCost: 1500 },
  ],
  activationThresholdFen: 1_000_000,
  activationWindowDays: 30,
  standardMonths: [{ month: 1, thresholdFen: 1_000_000 }],
  serviceFeeOptionsFen: [0, 9900],
  commFeeOptionsFen: [0, 4800],
  ...over,
});

describe('product policies', () => {
  it('lists every brand policy with how many top-level agents hold it; content staff get 403', async () => {
    const list = await adminCall<Page<AdminPolicy>>(app, ops, 'GET', '/policies');
    expect(list.body.code).toBe(200);
    expect(list.body.data.rows.map((p) => p.brandName)).toEqual(['联迪', '新大陆']);
    expect(list.body.data.rows[0]!.topAgentsOpened).toBeGreaterThanOrEqual(2);
    const csv = await adminCall(app, ops, 'GET', '/policies?format=csv');
    expect(csv.body.raw).toContain('联迪标准政策');
    expect((await adminCall(app, content, 'GET', '/policies')).status).toBe(403);
  });

  it("shows a policy's terms with the acquirer's cost", async () => {
    const d = await adminCall<AdminPolicyDetail>(app, finance, 'GET', '/policies/detail?id=1');
    expect(d.body.data.policy.name).toBe('联迪标准政策');
    expect(d.body.data.terms.rates.every((r) => typeof r.acquirerCost === 'number')).toBe(true);
    const missing = await adminCall(app, ops, 'GET', '/policies/detail?id=999999');
    expect(missing.body).toMatchObject({ code: 404 });
  });

  it('refuses a bad policy naming the field and creates nothing; a good one is created and audited', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM policies`);
    const bad = await adminCall(
      app,
      ops,
      'POST',
      '/policies/create',
      newPolicy({
        rates: [
          { rateType: 1, standardRate: 6000, minRate: 7000, maxRate: 6800, acquirerCost: 3800 },
        ],
      }),
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.field).toMatch(/^rates\.0\./);
    expect(await count(sql`SELECT count(*) AS n FROM policies`)).toBe(before);
    // Finance may look but not define.
    expect((await adminCall(app, finance, 'POST', '/policies/create', newPolicy())).status).toBe(
      403,
    );

    const good = await adminCall<{ id: number }>(app, ops, 'POST', '/policies/create', newPolicy());
    expect(good.body.code, good.body.msg).toBe(200);
    const d = await adminCall<AdminPolicyDetail>(
      app,
      ops,
      'GET',
      `/policies/detail?id=${good.body.data.id}`,
    );
    expect(d.body.data.terms.rates.map((r) => r.rateType)).toEqual([1, 6]);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'policy.create' AND target_id = ${String(good.body.data.id)}`,
      ),
    ).toBe(1);
  });
});

describe("top-level agents' root policies", () => {
  it('opens a root policy for a new top-level agent from a draft that keeps the platform a margin', async () => {
    const created = await adminCall<{ agent: { id: number } }>(app, ops, 'POST', '/agents/create', {
      name: '新总代',
      mobile: '13700000099',
      level: 1,
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const agentId = created.body.data.agent.id;

    const draft = await adminCall<AdminRootDraft>(
      app,
      ops,
      'GET',
      `/policies/root-draft?agentId=${agentId}&policyId=1`,
    );
    expect(draft.body.data.opened).toBe(false);
    for (const r of draft.body.data.terms.rates) {
      const p = draft.body.data.product.rates.find((x) => x.rateType === r.rateType)!;
      expect(r.cost).toBeGreaterThan(p.acquirerCost!);
      expect(r.cost).toBeLessThanOrEqual(p.standardRate);
    }

    const terms = { ...draft.body.data.terms, activationRewardFen: 12_000 };
    const opened = await adminCall<{ id: number; version: number; created: boolean }>(
      app,
      ops,
      'POST',
      '/policies/open-top',
      { agentId, policyId: 1, terms },
    );
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(opened.body.data).toMatchObject({ version: 1, created: true });

    const list = await adminCall<Page<AdminPolicyTopAgent>>(
      app,
      ops,
      'GET',
      `/policies/top-agents?policyId=1&keyword=13700000099`,
    );
    expect(list.body.data.rows).toHaveLength(1);
    expect(list.body.data.rows[0]).toMatchObject({
      agentId,
      version: 1,
      activationRewardFen: 12_000,
      posCost: terms.rates.find((r) => r.rateType === 1)!.cost,
    });
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'policy.open_top' AND target_id = ${String(opened.body.data.id)}`,
      ),
    ).toBe(1);

    // Raising a cost is refused (costs only go down), naming the rate, and nothing changes.
    const raised = {
      ...terms,
      rates: terms.rates.map((r, i) => (i === 0 ? { ...r, cost: r.cost + 100 } : r)),
    };
    const refused = await adminCall(app, ops, 'POST', '/policies/open-top', {
      agentId,
      policyId: 1,
      terms: raised,
    });
    expect(refused.body.code).toBe(400);
    expect(refused.body.field).toMatch(/^rates\.0/);
    const again = await adminCall<AdminRootDraft>(
      app,
      ops,
      'GET',
      `/policies/root-draft?agentId=${agentId}&policyId=1`,
    );
    expect(again.body.data).toMatchObject({ opened: true, version: 1 });
  });

  it('opens root policies only for top-level agents, and only for operations staff', async () => {
    const [child] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS.child.mobile}`,
    );
    const draft = await adminCall(
      app,
      ops,
      'GET',
      `/policies/root-draft?agentId=${Number(child!.id)}&policyId=1`,
    );
    expect(draft.body).toMatchObject({ code: 400, field: 'agentId' });
    const asFinance = await adminCall(app, finance, 'POST', '/policies/open-top', {
      agentId: Number(child!.id),
      policyId: 1,
      terms: {},
    });
    expect(asFinance.status).toBe(403);
  });
});

describe("a terminal's chain", () => {
  it('lists each level from the platform to the holder with what each keeps, as settlement computes it', async () => {
    const grandchild = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/api/term-info/list?pageSize=1',
      headers: bearer(grandchild),
    });
    const sn = (res.json().data.rows as { sn: string }[])[0]!.sn;
    const chain = await adminCall<AdminPolicyChain>(app, ops, 'GET', `/policies/chain?sn=${sn}`);
    expect(chain.body.code, chain.body.msg).toBe(200);
    const { levels } = chain.body.data;
    expect(chain.body.data.brokenAt).toBeNull();
    expect(levels.map((l) => l.agentId === null)).toEqual([true, false, false, false]);
    const cost = (i: number) => levels[i]!.rates.find((r) => r.rateType === 1)!.cost;
    const keep = (i: number) => levels[i]!.keeps.find((r) => r.rateType === 1)!.fen;
    for (let i = 0; i < 3; i++) {
      expect(keep(i)).toBe(shareFen(SIMULATOR_VOLUME_FEN, cost(i + 1) - cost(i)));
    }
    const detail = await adminCall<AdminPolicyDetail>(
      app,
      ops,
      'GET',
      `/policies/detail?id=${chain.body.data.policyId}`,
    );
    const standard = detail.body.data.terms.rates.find((r) => r.rateType === 1)!.standardRate;
    expect(keep(3)).toBe(shareFen(SIMULATOR_VOLUME_FEN, standard - cost(3)));
    // Rewards: each agent keeps what it gets minus what it passes on.
    const reward = (i: number) => levels[i]!.activationRewardFen!;
    expect(levels[1]!.activationKeepsFen).toBe(reward(1) - reward(2));
    expect(levels[3]!.activationKeepsFen).toBe(reward(3));

    const missing = await adminCall(app, ops, 'GET', '/policies/chain?sn=ZZ404');
    expect(missing.body).toMatchObject({ code: 404, msg: 'SN ZZ404 不存在' });
  });
});
