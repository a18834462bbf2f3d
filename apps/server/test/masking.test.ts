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
 * What an agent sees of people (docs/decisions/010): itself in full, every other agent and every
 * merchant's legal person masked on every screen, the platform by name; so a team member's masked
 * mobile can never be taken for the agent's own.
 */
const ctx = await createTestContext();
const { app } = ctx;

const MASKED_MOBILE = /^\d{3}\*{4}\d{4}$/;
const MASKED_NAME = /^.\*+$/u;

async function get<T>(token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
  const body = res.json() as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

let top: string, child: string;
beforeAll(async () => {
  [top, child] = await Promise.all([
    loginAs(app, DEMO_ACCOUNTS.top.mobile),
    loginAs(app, DEMO_ACCOUNTS.child.mobile),
  ]);
});

async function ldPolicyIdOf(token: string) {
  const list = await get<OpenedPolicy[]>(token, '/api/ag/agent/open/policy/info');
  return list.find((p) => p.brandName === '联迪')!.id;
}

describe('what an agent sees of people', () => {
  it("shows a team member's policy with the member masked and the agent's own in full", async () => {
    const childPolicy = await ldPolicyIdOf(child);

    const seenByParent = await get<AgentPolicyDetail>(top, `/api/agent-rate/info/${childPolicy}`);
    expect(seenByParent.isOwn).toBe(false);
    expect(seenByParent.agentName).toMatch(MASKED_NAME);
    expect(seenByParent.agentMobile).toMatch(MASKED_MOBILE);
    // The parent opened it: its own name, in full.
    expect(seenByParent.openedByName).not.toMatch(MASKED_NAME);

    const seenBySelf = await get<AgentPolicyDetail>(child, `/api/agent-rate/info/${childPolicy}`);
    expect(seenBySelf.isOwn).toBe(true);
    expect(seenBySelf.agentMobile).toBe(DEMO_ACCOUNTS.child.mobile);
    expect(seenBySelf.agentName).not.toMatch(MASKED_NAME);
    // The parent who opened it is another agent: masked, in the head and in every version.
    expect(seenBySelf.openedByName).toMatch(MASKED_NAME);
    for (const v of seenBySelf.versions) expect(v.changedByName).toMatch(MASKED_NAME);
    expect(seenBySelf.openedByName.at(0)).toBe(seenByParent.openedByName.at(0));
  });

  it("shows a top agent's policy as opened by the platform", async () => {
    const own = await get<AgentPolicyDetail>(
      top,
      `/api/agent-rate/info/${await ldPolicyIdOf(top)}`,
    );
    expect(own.openedByName).toBe('平台');
    expect(own.agentMobile).toBe(DEMO_ACCOUNTS.top.mobile);
  });

  it("gives the agent's own terminal its full mobile and a member's terminal a masked one", async () => {
    const list = await get<{ rows: TerminalListItem[] }>(top, '/api/term-info/list?pageSize=100');
    const own = list.rows.find((r) => r.own)!;
    const ownInfo = await get<TerminalInfo>(top, `/api/term-info/info?sn=${own.sn}`);
    expect(ownInfo.holderMobile).toBe(DEMO_ACCOUNTS.top.mobile);
    const childList = await get<{ rows: TerminalListItem[] }>(
      child,
      '/api/term-info/list?pageSize=1',
    );
    const info = await get<TerminalInfo>(top, `/api/term-info/info?sn=${childList.rows[0]!.sn}`);
    expect(info.holderName).toMatch(MASKED_NAME);
    expect(info.holderMobile).toMatch(MASKED_MOBILE);
  });

  it('names the agent in full in its own operation records and members masked', async () => {
    const page = await get<{ rows: TerminalOperationRecord[] }>(
      top,
      '/api/term-info/operations?scope=all&pageSize=50',
    );
    expect(page.rows.length).toBeGreaterThan(0);
    for (const r of page.rows) {
      for (const p of [r.from, r.to, r.operator]) {
        if (p.id === null) expect(p.name).toBe('平台');
        else if (p.mobile === DEMO_ACCOUNTS.top.mobile) expect(p.name).not.toMatch(MASKED_NAME);
        else {
          expect(p.name).toMatch(MASKED_NAME);
          expect(p.mobile).toMatch(MASKED_MOBILE);
        }
      }
    }
    expect(
      page.rows.some((r) => [r.from, r.to].some((p) => p.mobile === DEMO_ACCOUNTS.top.mobile)),
    ).toBe(true);
  });

  it("gives the agent's own merchant its full mobile and a member's merchant a masked one", async () => {
    const list = await get<{ rows: { id: number; own: boolean }[] }>(
      top,
      '/api/merchant/list?pageSize=100',
    );
    const own = list.rows.find((r) => r.own)!;
    const ownDetail = await get<MerchantDetail>(top, `/api/merchant/info?id=${own.id}`);
    expect(ownDetail.agentMobile).toBe(DEMO_ACCOUNTS.top.mobile);
    const childList = await get<{ rows: { id: number }[] }>(child, '/api/merchant/list?pageSize=1');
    const member = childList.rows[0];
    expect(member, 'the demo has a merchant of a team member').toBeDefined();
    const memberDetail = await get<MerchantDetail>(top, `/api/merchant/info?id=${member!.id}`);
    expect(memberDetail.agentName).toMatch(MASKED_NAME);
    expect(memberDetail.agentMobile).toMatch(MASKED_MOBILE);
  });
});
