import type { AgentPolicyDetail, OpenDraft, OpenedPolicy } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto';
import { createAgent } from '../src/modules/agents/create-agent';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app, demo } = ctx;

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

let top: string, child: string, grandchild: string, otherTop: string, operator: string;
let ownPolicies: OpenedPolicy[];
const ld = () => ownPolicies.find((p) => p.brandName === '联迪')!;

beforeAll(async () => {
  [top, child, grandchild, otherTop, operator] = await Promise.all([
    loginAs(app, DEMO_ACCOUNTS.top.mobile),
    loginAs(app, DEMO_ACCOUNTS.child.mobile),
    loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
    loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
    loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password),
  ]);
  ownPolicies = (await call<OpenedPolicy[]>(top, 'GET', '/api/ag/agent/open/policy/info')).data;
});

/** The caller's agent policy id under the 联迪 policy. */
async function ldPolicyIdOf(token: string) {
  const list = (await call<OpenedPolicy[]>(token, 'GET', '/api/ag/agent/open/policy/info')).data;
  return list.find((p) => p.brandName === '联迪')!.id;
}

describe('opened policies', () => {
  it("lists the caller's own policies as a list, none for operators", async () => {
    expect(ownPolicies.map((p) => p.brandName)).toEqual(['联迪', '新大陆']);
    expect(ld()).toMatchObject({
      policyName: '联迪标准政策',
      activationRewardFen: 15000,
      serviceFeeOptionsFen: [0, 9900, 19900, 29900],
    });
    expect((await call(operator, 'GET', '/api/ag/agent/open/policy/info')).data).toEqual([]);
  });

  it('shows one policy in full, without the acquirer cost, to the agent itself', async () => {
    const res = await call<AgentPolicyDetail>(top, 'GET', `/api/agent-rate/info/${ld().id}`);
    expect(res.code).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      isOwn: true,
      canEdit: false,
      openedByName: '平台',
      agentName: '张总',
    });
    expect(d.terms.rates).toHaveLength(6);
    expect(d.terms.rates[0]).toEqual({ rateType: 1, cost: 5000, minRate: 5500, maxRate: 6800 });
    expect(d.terms.standardRewardsFen).toEqual([5000, 8000, 10000]);
    expect(d.product.rates[0]).toMatchObject({
      standardRate: 6000,
      minRate: 5500,
      maxRate: 6800,
      acquirerCost: null,
    });
    expect(d.product.standardMonths).toHaveLength(3);
  });

  it("lets an agent read its subtree's policies, and only the parent edit them", async () => {
    const childId = await ldPolicyIdOf(child);
    const grandId = await ldPolicyIdOf(grandchild);
    const asParent = await call<AgentPolicyDetail>(top, 'GET', `/api/agent-rate/info/${childId}`);
    expect(asParent.data).toMatchObject({
      isOwn: false,
      canEdit: true,
      // A direct sub-agent: in full (decision 010).
      agentMobile: '13800000002',
    });
    // The child's terms were edited once by the top: two versions, newest first.
    expect(asParent.data.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(asParent.data.versions[1]!.terms.rates[0]!.cost).toBe(5400);
    const asGrandparent = await call<AgentPolicyDetail>(
      top,
      'GET',
      `/api/agent-rate/info/${grandId}`,
    );
    expect(asGrandparent.data).toMatchObject({ isOwn: false, canEdit: false });
  });

  it('answers like a missing policy for an ancestor or another tree', async () => {
    const childId = await ldPolicyIdOf(child);
    for (const [token, id] of [
      [child, ld().id],
      [grandchild, childId],
      [otherTop, ld().id],
      [otherTop, childId],
    ] as const) {
      const res = await call(token, 'GET', `/api/agent-rate/info/${id}`);
      expect(res).toMatchObject({ code: 404, msg: '数据不存在' });
    }
    expect((await call(top, 'GET', '/api/agent-rate/info/999999')).code).toBe(404);
  });
});

describe('opening for a direct sub-agent', () => {
  it('lists direct sub-agents with the policies they hold', async () => {
    const res = await call<{
      rows: { id: number; name: string; mobile: string; opened: unknown[] }[];
    }>(top, 'GET', '/api/ag/agent/open/policy/children');
    const row = res.data.rows.find((r) => r.id === demo.child.id)!;
    // Its own direct sub-agents, in full (decision 010).
    expect(row).toMatchObject({ name: DEMO_ACCOUNTS.child.name, mobile: '13800000002' });
    expect(row.opened).toHaveLength(2);
    expect(res.data.rows.some((r) => r.id === demo.grandchild.id)).toBe(false);
  });

  it("gives the form the caller's terms and the child's current ones", async () => {
    const res = await call<OpenDraft>(
      top,
      'GET',
      `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${ld().policyId}`,
    );
    expect(res.code).toBe(200);
    expect(res.data.own.rates[0]!.cost).toBe(5000);
    expect(res.data.current!.rates[0]!.cost).toBe(5300);
    expect(res.data.currentVersion).toBe(2);
    // A grandchild is not a direct sub-agent.
    const deeper = await call(
      top,
      'GET',
      `/api/ag/agent/open/policy/draft?childId=${demo.grandchild.id}&policyId=${ld().policyId}`,
    );
    expect(deeper.code).toBe(404);
  });

  it('refuses a child cost below the parent cost, naming the field and the limit', async () => {
    const draft = (
      await call<OpenDraft>(
        top,
        'GET',
        `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${ld().policyId}`,
      )
    ).data;
    const terms = structuredClone(draft.current!);
    terms.rates[0]!.cost = 4900;
    const res = await call(top, 'POST', '/api/ag/agent/open/policy/open', {
      childId: demo.child.id,
      policyId: ld().policyId,
      terms,
    });
    expect(res).toMatchObject({
      code: 400,
      msg: 'POS刷卡成本不能低于上级成本0.50%',
      field: 'rates.0.cost',
    });
  });

  it('refuses a child reward above the parent reward and values outside the ranges', async () => {
    const draft = (
      await call<OpenDraft>(
        top,
        'GET',
        `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${ld().policyId}`,
      )
    ).data;
    const reward = structuredClone(draft.current!);
    reward.activationRewardFen = 15001;
    expect(
      await call(top, 'POST', '/api/ag/agent/open/policy/open', {
        childId: demo.child.id,
        policyId: ld().policyId,
        terms: reward,
      }),
    ).toMatchObject({
      code: 400,
      msg: '激活奖励不能高于上级的150.00元',
      field: 'activationRewardFen',
    });
    const range = structuredClone(draft.current!);
    range.rates[0]!.maxRate = 6900;
    expect(
      await call(top, 'POST', '/api/ag/agent/open/policy/open', {
        childId: demo.child.id,
        policyId: ld().policyId,
        terms: range,
      }),
    ).toMatchObject({
      code: 400,
      msg: 'POS刷卡商户费率上限不能高于0.68%',
    });
    const share = structuredClone(draft.current!);
    share.serviceFeeShares[1]!.shareFen = 8001;
    expect(
      await call(top, 'POST', '/api/ag/agent/open/policy/open', {
        childId: demo.child.id,
        policyId: ld().policyId,
        terms: share,
      }),
    ).toMatchObject({
      code: 400,
      msg: '服务费99.00元档分润不能高于上级的80.00元',
    });
  });

  it("lets the parent lower a cost or raise a reward, and refuses the opposite without the child's consent", async () => {
    const draft = (
      await call<OpenDraft>(
        top,
        'GET',
        `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${ld().policyId}`,
      )
    ).data;
    const worse = structuredClone(draft.current!);
    worse.rates[0]!.cost = 5350;
    expect(
      await call(top, 'POST', '/api/ag/agent/open/policy/open', {
        childId: demo.child.id,
        policyId: ld().policyId,
        terms: worse,
      }),
    ).toMatchObject({
      code: 400,
      msg: 'POS刷卡成本只能调低，不能高于当前0.53%（调高需下级同意）',
    });
    const better = structuredClone(draft.current!);
    better.rates[0]!.cost = 5200;
    better.activationRewardFen = 12500;
    const res = await call<{ version: number; created: boolean }>(
      top,
      'POST',
      '/api/ag/agent/open/policy/open',
      {
        childId: demo.child.id,
        policyId: ld().policyId,
        terms: better,
      },
    );
    expect(res).toMatchObject({ code: 200, msg: '修改成功', data: { version: 3, created: false } });
    const seen = await call<AgentPolicyDetail>(
      child,
      'GET',
      `/api/agent-rate/info/${await ldPolicyIdOf(child)}`,
    );
    expect(seen.data.terms.rates[0]!.cost).toBe(5200);
    expect(seen.data.terms.activationRewardFen).toBe(12500);
    expect(seen.data.version).toBe(3);
  });

  it('opens a policy for a new sub-agent, which then sees it', async () => {
    const newcomer = await createAgent(app.db, {
      mobile: '13800000009',
      passwordHash: await hashPassword('demo123', 1024),
      name: '新人',
      parent: demo.child,
    });
    const own = (
      await call<OpenDraft>(
        child,
        'GET',
        `/api/ag/agent/open/policy/draft?childId=${newcomer.id}&policyId=${ld().policyId}`,
      )
    ).data;
    expect(own.current).toBeNull();
    const terms = structuredClone(own.own);
    terms.rates[0]!.cost = 5600;
    terms.activationRewardFen = 9000;
    const res = await call<{ id: number; version: number; created: boolean }>(
      child,
      'POST',
      '/api/ag/agent/open/policy/open',
      {
        childId: newcomer.id,
        policyId: ld().policyId,
        terms,
      },
    );
    expect(res).toMatchObject({ code: 200, msg: '开通成功', data: { version: 1, created: true } });
    const token = await loginAs(app, '13800000009');
    const list = (await call<OpenedPolicy[]>(token, 'GET', '/api/ag/agent/open/policy/info')).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ policyName: '联迪标准政策', activationRewardFen: 9000 });
    // The opener lists what it opened.
    const opened = await call<{ rows: { childId: number; posCost: number }[] }>(
      child,
      'GET',
      '/api/ag/agent/open/policy/opened',
    );
    expect(opened.data.rows[0]).toMatchObject({ childId: newcomer.id, posCost: 5600 });
  });

  it('refuses a grandchild and another tree as targets of an opening', async () => {
    const terms = (await call<AgentPolicyDetail>(top, 'GET', `/api/agent-rate/info/${ld().id}`))
      .data.terms;
    for (const childId of [demo.grandchild.id, demo.otherTop.id]) {
      const res = await call(top, 'POST', '/api/ag/agent/open/policy/open', {
        childId,
        policyId: ld().policyId,
        terms,
      });
      expect(res.code).toBe(404);
    }
    const res = await call(otherTop, 'POST', '/api/ag/agent/open/policy/open', {
      childId: demo.child.id,
      policyId: ld().policyId,
      terms,
    });
    expect(res.code).toBe(404);
  });
});

describe('operators', () => {
  const product = {
    brandId: 1,
    name: '联迪活动政策',
    rates: [
      { rateType: 1, standardRate: 6000, minRate: 5500, maxRate: 6800, acquirerCost: 4800 },
      { rateType: 3, standardRate: 3800, minRate: 3500, maxRate: 4500, acquirerCost: 2200 },
    ],
    activationThresholdFen: 500000,
    activationWindowDays: 15,
    standardMonths: [{ month: 1, thresholdFen: 1000000 }],
    serviceFeeOptionsFen: [0, 9900],
    commFeeOptionsFen: [0, 3600],
  };
  const rootTerms = {
    rates: [
      { rateType: 1, cost: 5000, minRate: 5500, maxRate: 6800 },
      { rateType: 3, cost: 2500, minRate: 3500, maxRate: 4500 },
    ],
    activationRewardFen: 10000,
    standardRewardsFen: [5000],
    serviceFeeShares: [
      { optionFen: 0, shareFen: 0 },
      { optionFen: 9900, shareFen: 8000 },
    ],
    commFeeShares: [
      { optionFen: 0, shareFen: 0 },
      { optionFen: 3600, shareFen: 2000 },
    ],
  };

  it('define a product policy and open it for a top-level agent', async () => {
    const created = await call<{ id: number }>(
      operator,
      'POST',
      '/api/admin/policy/product',
      product,
    );
    expect(created.code).toBe(200);
    const info = await call<{ rates: { acquirerCost: number }[] }>(
      operator,
      'GET',
      `/api/admin/policy/product?id=${created.data.id}`,
    );
    expect(info.data.rates[0]!.acquirerCost).toBe(4800);
    const low = structuredClone(rootTerms);
    low.rates[0]!.cost = 4700;
    expect(
      await call(operator, 'POST', '/api/admin/policy/open-top', {
        agentId: demo.otherTop.id,
        policyId: created.data.id,
        terms: low,
      }),
    ).toMatchObject({
      code: 400,
      msg: 'POS刷卡成本不能低于收单成本0.48%',
    });
    const opened = await call<{ version: number }>(operator, 'POST', '/api/admin/policy/open-top', {
      agentId: demo.otherTop.id,
      policyId: created.data.id,
      terms: rootTerms,
    });
    expect(opened).toMatchObject({ code: 200, data: { version: 1 } });
    const list = (await call<OpenedPolicy[]>(otherTop, 'GET', '/api/ag/agent/open/policy/info'))
      .data;
    expect(list.map((p) => p.policyName)).toContain('联迪活动政策');
    // The first tree's top does not hold it, so it cannot open it for its child.
    const notHeld = await call(
      top,
      'GET',
      `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${created.data.id}`,
    );
    expect(notHeld).toMatchObject({ code: 400, msg: '您尚未开通该政策，不能为下级开通' });
  });

  it('refuse bad product terms, a sub-agent as a root target, and agents', async () => {
    const bad = structuredClone(product);
    bad.rates[0]!.acquirerCost = 6100;
    expect(await call(operator, 'POST', '/api/admin/policy/product', bad)).toMatchObject({
      code: 400,
      msg: 'POS刷卡收单成本不能高于标准费率0.60%',
    });
    const res = await call(operator, 'POST', '/api/admin/policy/open-top', {
      agentId: demo.child.id,
      policyId: 1,
      terms: rootTerms,
    });
    expect(res).toMatchObject({ code: 400, msg: '只能为一级代理开通根政策，下级代理由其上级开通' });
    expect((await call(top, 'POST', '/api/admin/policy/product', product)).code).toBe(403);
  });
});
