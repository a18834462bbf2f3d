import type {
  AgentPolicyDetail,
  MerchantDetail,
  OpenedPolicy,
  TerminalInfo,
  TerminalListItem,
  TerminalOperationRecord,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * What an agent sees of people (docs/decisions/010): itself and its direct sub-agents in full,
 * deeper members of its team by full name with a masked mobile, everyone else (its parent,
 * another tree, a merchant's legal person) masked, the platform by name.
 */
const ctx = await createTestContext();
const { app } = ctx;
const A = DEMO_ACCOUNTS;

const MASKED_MOBILE = /^\d{3}\*{4}\d{4}$/;
const MASKED_NAME = /^.\*+$/u;

async function get<T>(token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
  const body = res.json() as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

let top: string, child: string, grandchild: string;
beforeAll(async () => {
  [top, child, grandchild] = await Promise.all([
    loginAs(app, A.top.mobile),
    loginAs(app, A.child.mobile),
    loginAs(app, A.grandchild.mobile),
  ]);
});

async function ldPolicyIdOf(token: string) {
  const list = await get<OpenedPolicy[]>(token, '/api/ag/agent/open/policy/info');
  return list.find((p) => p.brandName === '联迪')!.id;
}

/** What the top agent must see of a party, by who the party is. */
function expectSeenByTop(p: { id: number | null; name: string; mobile: string }) {
  if (p.id === null) return expect(p.name).toBe('平台');
  if (p.mobile === A.top.mobile || p.mobile === A.child.mobile) {
    // Itself and its direct sub-agent: in full.
    expect([A.top.name, A.child.name]).toContain(p.name);
  } else {
    // A deeper member: full name, masked mobile.
    expect(p.name).not.toMatch(MASKED_NAME);
    expect(p.mobile).toMatch(MASKED_MOBILE);
  }
}

describe('what an agent sees of people', () => {
  it('tells its own sub-agents apart in 我的代理, the allocation picker and policy opening', async () => {
    const team = await get<{ rows: { id: number; name: string; mobile: string }[] }>(
      top,
      `/api/ag/myAgent/list?keyword=${A.child.mobile}`,
    );
    const li = team.rows.find((r) => r.mobile === A.child.mobile);
    expect(li, 'the direct sub-agent with its mobile in full').toMatchObject({
      name: A.child.name,
    });

    const picker = await get<{
      rows: { id: number; name: string; mobile: string; depth: number }[];
    }>(top, '/api/term-info/targetAgents?type=1&pageSize=50');
    expect(picker.rows.find((r) => r.id === li!.id)).toMatchObject({
      name: A.child.name,
      mobile: A.child.mobile,
    });
    const deeper = picker.rows.find((r) => r.depth > 1);
    expect(deeper, 'a deeper member in the transfer picker').toBeDefined();
    expect(deeper!.name).not.toMatch(MASKED_NAME);
    expect(deeper!.mobile).toMatch(MASKED_MOBILE);
    for (const r of picker.rows) expect(r.name).not.toMatch(MASKED_NAME);

    const candidates = await get<{ rows: { id: number; name: string; mobile: string }[] }>(
      top,
      '/api/ag/agent/open/policy/children',
    );
    expect(candidates.rows.find((r) => r.id === li!.id)).toMatchObject({
      name: A.child.name,
      mobile: A.child.mobile,
    });
    const detail = await get<{ name: string; mobile: string; parentName: string }>(
      top,
      `/api/ag/myAgent/detail?id=${li!.id}`,
    );
    expect(detail).toMatchObject({
      name: A.child.name,
      mobile: A.child.mobile,
      parentName: A.top.name,
    });
  });

  it('keeps its parent masked: the child sees the top agent masked everywhere', async () => {
    const seen = await get<{ name: string; mobile: string; parentName: string }>(
      child,
      `/api/ag/myAgent/detail?id=${(await get<{ rows: { id: number; mobile: string }[] }>(child, '/api/ag/myAgent/list')).rows[0]!.id}`,
    );
    // The grandchild is the child's direct sub-agent; its parent is the child itself.
    expect(seen).toMatchObject({
      name: A.grandchild.name,
      mobile: A.grandchild.mobile,
      parentName: A.child.name,
    });
    const policy = await get<AgentPolicyDetail>(
      child,
      `/api/agent-rate/info/${await ldPolicyIdOf(child)}`,
    );
    expect(policy.isOwn).toBe(true);
    expect(policy.agentMobile).toBe(A.child.mobile);
    // The parent who opened it is not the child's team: masked, in the head and every version.
    expect(policy.openedByName).toMatch(MASKED_NAME);
    for (const v of policy.versions) expect(v.changedByName).toMatch(MASKED_NAME);
    const records = await get<{ rows: TerminalOperationRecord[] }>(
      grandchild,
      '/api/term-info/operations?pageSize=50',
    );
    for (const r of records.rows)
      for (const p of [r.from, r.to, r.operator]) {
        if (p.id === null || p.mobile === A.grandchild.mobile) continue;
        expect(p.name).toMatch(MASKED_NAME);
        expect(p.mobile).toMatch(MASKED_MOBILE);
      }
  });

  it("shows a direct sub-agent's policy with its name and mobile, the agent's own in full", async () => {
    const childPolicy = await ldPolicyIdOf(child);
    const seenByParent = await get<AgentPolicyDetail>(top, `/api/agent-rate/info/${childPolicy}`);
    expect(seenByParent.isOwn).toBe(false);
    expect(seenByParent.agentName).toBe(A.child.name);
    expect(seenByParent.agentMobile).toBe(A.child.mobile);
    expect(seenByParent.openedByName).toBe(A.top.name);
  });

  it("shows a top agent's policy as opened by the platform", async () => {
    const own = await get<AgentPolicyDetail>(
      top,
      `/api/agent-rate/info/${await ldPolicyIdOf(top)}`,
    );
    expect(own.openedByName).toBe('平台');
    expect(own.agentMobile).toBe(A.top.mobile);
  });

  it("names a team member's terminal holder: a direct sub-agent in full, a deeper one with a masked mobile", async () => {
    const list = await get<{ rows: TerminalListItem[] }>(top, '/api/term-info/list?pageSize=100');
    const own = list.rows.find((r) => r.own)!;
    const ownInfo = await get<TerminalInfo>(top, `/api/term-info/info?sn=${own.sn}`);
    expect(ownInfo.holderMobile).toBe(A.top.mobile);
    const childOwn = (
      await get<{ rows: TerminalListItem[] }>(child, '/api/term-info/list?pageSize=100')
    ).rows.find((r) => r.own)!;
    const info = await get<TerminalInfo>(top, `/api/term-info/info?sn=${childOwn.sn}`);
    expect(info.holderName).toBe(A.child.name);
    expect(info.holderMobile).toBe(A.child.mobile);
    const grandOwn = (
      await get<{ rows: TerminalListItem[] }>(grandchild, '/api/term-info/list?pageSize=100')
    ).rows.find((r) => r.own)!;
    const deep = await get<TerminalInfo>(top, `/api/term-info/info?sn=${grandOwn.sn}`);
    expect(deep.holderName).toBe(A.grandchild.name);
    expect(deep.holderMobile).toMatch(MASKED_MOBILE);
  });

  it('names the parties of its operation records by the same rule', async () => {
    const page = await get<{ rows: TerminalOperationRecord[] }>(
      top,
      '/api/term-info/operations?scope=all&pageSize=50',
    );
    expect(page.rows.length).toBeGreaterThan(0);
    for (const r of page.rows) for (const p of [r.from, r.to, r.operator]) expectSeenByTop(p);
    expect(page.rows.some((r) => [r.from, r.to].some((p) => p.mobile === A.top.mobile))).toBe(true);
  });

  it("names a member's merchant's agent, and masks every merchant's legal person", async () => {
    const list = await get<{
      rows: { id: number; own: boolean; legalName: string; mobile: string }[];
    }>(top, '/api/merchant/list?pageSize=100');
    for (const m of list.rows) {
      expect(m.legalName).toMatch(MASKED_NAME);
      expect(m.mobile).toMatch(MASKED_MOBILE);
    }
    const own = list.rows.find((r) => r.own)!;
    const ownDetail = await get<MerchantDetail>(top, `/api/merchant/info?id=${own.id}`);
    expect(ownDetail.agentMobile).toBe(A.top.mobile);
    const childList = await get<{ rows: { id: number }[] }>(child, '/api/merchant/list?pageSize=1');
    const member = childList.rows[0];
    expect(member, 'the demo has a merchant of a team member').toBeDefined();
    const memberDetail = await get<MerchantDetail>(top, `/api/merchant/info?id=${member!.id}`);
    expect(memberDetail.agentName).not.toMatch(MASKED_NAME);
  });
});
