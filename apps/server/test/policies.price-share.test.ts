import type {
  OpenedPolicy,
  PriceShareInfo,
  PriceShareItem,
  ReceivedPriceShare,
  ReceivedPriceShareInfo,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
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

let top: string, child: string, otherTop: string;
let ld: OpenedPolicy, xn: OpenedPolicy;
beforeAll(async () => {
  [top, child, otherTop] = await Promise.all([
    loginAs(app, DEMO_ACCOUNTS.top.mobile),
    loginAs(app, DEMO_ACCOUNTS.child.mobile),
    loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
  ]);
  const own = (await call<OpenedPolicy[]>(top, 'GET', '/api/ag/agent/open/policy/info')).data;
  ld = own.find((p) => p.brandName === '联迪')!;
  xn = own.find((p) => p.brandName === '新大陆')!;
});

describe('price-adjustment share', () => {
  it('lists what a parent passes to each direct child per policy, 100% by default', async () => {
    const res = await call<{ rows: PriceShareItem[] }>(top, 'GET', '/api/ag/price-share/children');
    const forChild = res.data.rows.filter((r) => r.childId === demo.child.id);
    expect(forChild.find((r) => r.policyId === ld.policyId)).toMatchObject({
      passPpm: 800_000,
      isDefault: false,
      childName: '李**',
    });
    expect(forChild.find((r) => r.policyId === xn.policyId)).toMatchObject({
      passPpm: 1_000_000,
      isDefault: true,
    });
  });

  it('finds one direct sub-agent by id for the form, and no one else', async () => {
    const one = await call<{ rows: { id: number; opened: unknown[] }[] }>(
      top,
      'GET',
      `/api/ag/agent/open/policy/children?id=${demo.child.id}`,
    );
    expect(one.data.rows).toEqual([expect.objectContaining({ id: demo.child.id })]);
    expect(one.data.rows[0]!.opened).toHaveLength(2);
    const deeper = await call<{ rows: unknown[] }>(
      top,
      'GET',
      `/api/ag/agent/open/policy/children?id=${demo.grandchild.id}`,
    );
    expect(deeper.data.rows).toEqual([]);
  });

  it('sets a share and keeps its history', async () => {
    const set = await call(top, 'POST', '/api/ag/price-share/set', {
      childId: demo.child.id,
      policyId: xn.policyId,
      passPpm: 700_000,
    });
    expect(set).toMatchObject({ code: 200, msg: '保存成功' });
    const info = await call<PriceShareInfo>(
      top,
      'GET',
      `/api/ag/price-share/info?childId=${demo.child.id}&policyId=${xn.policyId}`,
    );
    expect(info.data).toMatchObject({ passPpm: 700_000, isDefault: false });
    expect(info.data.history).toEqual([
      expect.objectContaining({
        passPpm: 700_000,
        previousPassPpm: 1_000_000,
        changedByName: '张总',
      }),
    ]);
    const ldInfo = await call<PriceShareInfo>(
      top,
      'GET',
      `/api/ag/price-share/info?childId=${demo.child.id}&policyId=${ld.policyId}`,
    );
    expect(ldInfo.data.history.map((h) => h.passPpm)).toEqual([800_000, 900_000]);
  });

  it('shows the child what reaches it and what it passes on', async () => {
    const received = await call<ReceivedPriceShare[]>(child, 'GET', '/api/ag/price-share/received');
    expect(received.data.find((r) => r.policyId === ld.policyId)).toMatchObject({
      passPpm: 800_000,
      parentName: '张*',
      childCount: 1,
    });
    const info = await call<ReceivedPriceShareInfo>(
      child,
      'GET',
      `/api/ag/price-share/received/info?policyId=${ld.policyId}`,
    );
    expect(info.data.history).toHaveLength(2);
    expect(info.data.children).toEqual([
      expect.objectContaining({ childId: demo.grandchild.id, passPpm: 1_000_000, isDefault: true }),
    ]);
    // A top-level agent has no parent passing anything to it.
    expect(
      (await call<ReceivedPriceShare[]>(top, 'GET', '/api/ag/price-share/received')).data,
    ).toEqual([]);
  });

  it('refuses out-of-range shares, a grandchild, another tree, and a policy the child lacks', async () => {
    expect(
      await call(top, 'POST', '/api/ag/price-share/set', {
        childId: demo.child.id,
        policyId: ld.policyId,
        passPpm: 1_000_001,
      }),
    ).toMatchObject({ code: 400, msg: '下放比例不能高于100%' });
    expect(
      (
        await call(top, 'POST', '/api/ag/price-share/set', {
          childId: demo.grandchild.id,
          policyId: ld.policyId,
          passPpm: 500_000,
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await call(otherTop, 'POST', '/api/ag/price-share/set', {
          childId: demo.child.id,
          policyId: ld.policyId,
          passPpm: 500_000,
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await call(
          otherTop,
          'GET',
          `/api/ag/price-share/info?childId=${demo.child.id}&policyId=${ld.policyId}`,
        )
      ).code,
    ).toBe(404);
    expect(
      await call(top, 'POST', '/api/ag/price-share/set', {
        childId: demo.child.id,
        policyId: 999999,
        passPpm: 500_000,
      }),
    ).toMatchObject({ code: 400, msg: '下级尚未开通该政策，请先为其开通' });
  });
});
