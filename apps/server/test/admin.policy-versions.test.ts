import type { AdminPolicy, AdminPolicyDetail, Page } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * A product policy is edited into a new version from the console: same shape, every tree under it
 * still valid, the replaced terms kept, audited.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;

let ops: string;
let finance: string;
beforeAll(async () => {
  [ops, finance] = await Promise.all([adminLogin(app, 'operations'), adminLogin(app, 'finance')]);
});

const detail = async (id: number) =>
  (await adminCall<AdminPolicyDetail>(app, ops, 'GET', `/policies/detail?id=${id}`)).body.data;
const demoPolicy = async () => {
  const list = await adminCall<Page<AdminPolicy>>(app, ops, 'GET', '/policies');
  const p = list.body.data.rows.find((r) => r.brandName === '联迪')!;
  return detail(p.id);
};
const asEdit = (d: AdminPolicyDetail, over: Record<string, unknown> = {}) => ({
  id: d.policy.id,
  name: d.policy.name,
  rates: d.terms.rates.map((r) => ({ ...r, acquirerCost: r.acquirerCost! })),
  activationThresholdFen: d.terms.activationThresholdFen,
  activationWindowDays: d.terms.activationWindowDays,
  standardMonths: d.terms.standardMonths,
  serviceFeeOptionsFen: d.terms.serviceFeeOptionsFen,
  commFeeOptionsFen: d.terms.commFeeOptionsFen,
  ...over,
});

describe('product policy versions', () => {
  it('edits the name, threshold and standard rate into version 2, keeping version 1; finance gets 403', async () => {
    const before = await demoPolicy();
    expect(before.versions).toEqual([]);
    const rates = before.terms.rates.map((r) =>
      r.rateType === 1
        ? { ...r, acquirerCost: r.acquirerCost!, maxRate: r.maxRate + 100 }
        : { ...r, acquirerCost: r.acquirerCost! },
    );
    const body = asEdit(before, {
      name: '联迪标准政策（2027）',
      activationThresholdFen: 800_000,
      rates,
    });
    expect((await adminCall(app, finance, 'POST', '/policies/update', body)).status).toBe(403);
    const res = await adminCall(app, ops, 'POST', '/policies/update', body);
    expect(res.body).toMatchObject({ code: 200, data: { id: before.policy.id, version: 2 } });

    const after = await detail(before.policy.id);
    expect(after.policy).toMatchObject({
      name: '联迪标准政策（2027）',
      version: 2,
      activationThresholdFen: 800_000,
    });
    expect(after.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(after.versions[1]).toMatchObject({
      name: before.policy.name,
      terms: { activationThresholdFen: before.terms.activationThresholdFen },
    });
    expect(after.versions[0]!.operatorName).toBeTruthy();
    const superAdmin = await adminLogin(app, 'super_admin');
    const audit = await adminCall<Page<{ action: string; targetId: string }>>(
      app,
      superAdmin,
      'GET',
      '/audit?action=policy.update',
    );
    expect(audit.body.data.rows[0]).toMatchObject({ targetId: String(before.policy.id) });
  });

  it('refuses a new shape, and terms a top-level agent would no longer satisfy, changing nothing', async () => {
    const before = await demoPolicy();
    const fewerOptions = await adminCall(
      app,
      ops,
      'POST',
      '/policies/update',
      asEdit(before, { serviceFeeOptionsFen: before.terms.serviceFeeOptionsFen.slice(0, 1) }),
    );
    expect(fewerOptions.body).toMatchObject({ code: 400, field: 'serviceFeeOptionsFen' });

    // An acquirer cost above what the top agents pay would leave their trees below the floor.
    const pos = before.terms.rates.find((r) => r.rateType === 1)!;
    const dearer = before.terms.rates.map((r) =>
      r.rateType === 1
        ? { ...r, acquirerCost: pos.standardRate - 1 }
        : { ...r, acquirerCost: r.acquirerCost! },
    );
    const refused = await adminCall(
      app,
      ops,
      'POST',
      '/policies/update',
      asEdit(before, { rates: dearer }),
    );
    expect(refused.body).toMatchObject({ code: 400, field: 'rates' });
    expect(refused.body.msg).toContain('顶级代理');

    const narrower = before.terms.rates.map((r) =>
      r.rateType === 1
        ? { ...r, acquirerCost: r.acquirerCost!, maxRate: r.minRate + 1 }
        : { ...r, acquirerCost: r.acquirerCost! },
    );
    const narrow = await adminCall(
      app,
      ops,
      'POST',
      '/policies/update',
      asEdit(before, { rates: narrower }),
    );
    expect(narrow.body.code).toBe(400);

    const unchanged = await detail(before.policy.id);
    expect(unchanged.policy.version).toBe(before.policy.version);
    expect(unchanged.terms).toEqual(before.terms);
  });
});
