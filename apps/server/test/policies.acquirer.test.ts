import { CHANGE_SERVICE_STATUS, type RateChangeDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import {
  ACQUIRER_TIMEOUT_REASON,
  failTimedOutChanges,
} from '../src/modules/acquirer/fail-timed-out-changes';
import { type AcquirerResult, useAcquirer } from '../src/providers/acquirer/acquirer';
import { SimulatedAcquirer } from '../src/providers/acquirer/simulated-acquirer';
import { signAcquirerBody } from '../src/modules/acquirer/verify-signature';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const secret = 'test-acquirer-secret';
const ctx = await createTestContext({ acquirerSecret: secret });
const { app } = ctx;

/** The acquirer stands still: results arrive only through the callback route in these tests. */
const submitted: string[] = [];
useAcquirer(app.db, {
  submitRateChange: async (r) => void submitted.push(r.requestNo),
  submitFeeChange: async (r) => void submitted.push(r.requestNo),
  close: async () => undefined,
});

async function callback(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/acquirer/callback',
    headers: {
      'content-type': 'application/json',
      'x-acquirer-signature': signature ?? signAcquirerBody(raw, secret),
    },
    payload: raw,
  });
  return res.json() as { code: number; msg: string; data: { status: number; changed: boolean } };
}

let child: string;
let changeId: number;
beforeAll(async () => {
  child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
  const [m] = await rows<{ id: unknown }>(
    app.db,
    sql`SELECT m.id FROM merchants m WHERE m.agent_id = (SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS.child.mobile})
          AND EXISTS (SELECT 1 FROM terminals t WHERE t.merchant_id = m.id)
          AND NOT EXISTS (SELECT 1 FROM rate_changes c WHERE c.merchant_id = m.id)
        ORDER BY m.id DESC LIMIT 1`,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/rate/change/apply',
    headers: bearer(child),
    payload: { merchantId: Number(m!.id), rates: [{ rateType: 1, rate: 6500 }] },
  });
  changeId = (res.json() as { data: { ids: number[] } }).data.ids[0]!;
});

const statusOf = async (id: number) => {
  const res = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/rate/change/info?id=${id}`,
    headers: bearer(child),
  });
  return (res.json() as { data: RateChangeDetail }).data;
};

describe('the acquirer callback', () => {
  it('was handed the change through the adapter', () => {
    expect(submitted).toContain(`R${changeId}`);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const body = { requestNo: `R${changeId}`, status: 'success' };
    expect(await callback(body, 'a'.repeat(64))).toMatchObject({ code: 401, msg: '签名错误' });
    expect(await callback(body, 'not-hex')).toMatchObject({ code: 401 });
    const raw = await app.inject({
      method: 'POST',
      url: '/prod-api/api/acquirer/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(raw.json()).toMatchObject({ code: 401 });
    expect((await statusOf(changeId)).status).toBe(CHANGE_SERVICE_STATUS.APPLYING);
  });

  it('moves a change through processing to done, once', async () => {
    expect(await callback({ requestNo: `R${changeId}`, status: 'processing' })).toMatchObject({
      code: 200,
      data: { status: 1, changed: true },
    });
    expect((await statusOf(changeId)).status).toBe(1);
    expect(await callback({ requestNo: `R${changeId}`, status: 'success' })).toMatchObject({
      data: { status: 2, changed: true },
    });
    // A repeated or late answer changes nothing.
    expect(
      await callback({ requestNo: `R${changeId}`, status: 'failed', reason: 'late' }),
    ).toMatchObject({
      data: { status: 2, changed: false },
    });
    expect(await statusOf(changeId)).toMatchObject({ status: 2, reason: null });
  });

  it('answers an unknown request like a missing one', async () => {
    expect(await callback({ requestNo: 'R999999', status: 'success' })).toMatchObject({
      code: 404,
    });
    expect(await callback({ requestNo: 'X1', status: 'success' })).toMatchObject({ code: 404 });
  });
});

describe('the timeout job', () => {
  it('fails changes left in flight past the timeout, with a reason', async () => {
    const inFlight = await rows<{ id: unknown }>(
      app.db,
      sql`SELECT id FROM rate_changes WHERE status IN (0, 1)`,
    );
    expect(inFlight.length).toBeGreaterThan(0);
    // Nothing is old enough yet.
    expect(await failTimedOutChanges(app.db, 60_000)).toEqual({ rateChanges: 0, feeChanges: 0 });
    const later = new Date(Date.now() + 3_600_000);
    const n = await failTimedOutChanges(app.db, 60_000, later);
    expect(n.rateChanges).toBe(inFlight.length);
    expect(n.feeChanges).toBeGreaterThan(0);
    const [one] = await rows<{ status: unknown; reason: string }>(
      app.db,
      sql`SELECT status, reason FROM rate_changes WHERE id = ${Number(inFlight[0]!.id)}`,
    );
    expect(one).toMatchObject({ reason: ACQUIRER_TIMEOUT_REASON });
    expect(Number(one!.status)).toBe(3);
  });
});

describe('the simulated acquirer', () => {
  it('reports processing, then the outcome, in order, and refuses values matching its rule', async () => {
    const seen: AcquirerResult[] = [];
    const sim = new SimulatedAcquirer({
      delayMs: 0,
      failPattern: '99$',
      deliver: async (r) => void seen.push(r),
    });
    await sim.submitRateChange({
      requestNo: 'R1',
      merchantNo: 'M1',
      rateType: 1,
      oldRate: 6000,
      rate: 6300,
    });
    await sim.submitRateChange({
      requestNo: 'R2',
      merchantNo: 'M1',
      rateType: 3,
      oldRate: 3800,
      rate: 4099,
    });
    await sim.idle();
    const of = (no: string) => seen.filter((r) => r.requestNo === no).map((r) => r.status);
    expect(of('R1')).toEqual(['processing', 'success']);
    expect(of('R2')).toEqual(['processing', 'failed']);
    expect(seen.find((r) => r.requestNo === 'R2' && r.status === 'failed')?.reason).toBe(
      '收单机构拒绝：费率不符合报备要求',
    );
  });

  it('stops answering once closed', async () => {
    const seen: AcquirerResult[] = [];
    const sim = new SimulatedAcquirer({
      delayMs: 60_000,
      failPattern: '',
      deliver: async (r) => void seen.push(r),
    });
    await sim.submitFeeChange({ requestNo: 'F1', kind: 1, sns: ['LD00000001'], feeFen: 9900 });
    await sim.close();
    await sim.idle();
    expect(seen).toEqual([]);
  });
});
