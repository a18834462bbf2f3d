import {
  idCardCheckDigit,
  snRuns,
  TERMINAL_OPERATE_TYPE,
  type AdminIdentification,
  type AdminOperation,
  type AdminTxn,
  type AuditRecord,
  type Page,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { adminCall, adminLogin } from './admin-helpers';
import { notifyTransaction, simulatedChannelServesAll } from './notify-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { PNG, uploadMerchantFile } from './upload-helpers';

/**
 * The console's corrections: reclaim, delete and brand modification of terminals in any tree
 * (a dry run first, all or nothing, audited), every operation record, attaching a flagged
 * notification to its terminal so that it settles, and the identification review queue.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app, demo } = ctx;
const db = ctx.database.db;
// The demo's terminals arrive in the platform's own format: no brand has a channel of its own.
await simulatedChannelServesAll(db);

let ops: string;
let finance: string;
let content: string;
beforeAll(async () => {
  [ops, finance, content] = await Promise.all([
    adminLogin(app, 'operations'),
    adminLogin(app, 'finance'),
    adminLogin(app, 'content'),
  ]);
});

const stock = async (n: number) =>
  (
    await rows<{ sn: string; holder_agent_id: unknown }>(
      db,
      sql`SELECT sn, holder_agent_id FROM terminals
           WHERE bind_status = 0 AND holder_agent_id = ${demo.child.id} AND pending_operation_id IS NULL
             AND deleted_at IS NULL ORDER BY sn DESC LIMIT ${n}`,
    )
  ).map((r) => r.sn);
const terminal = async (sn: string) =>
  (
    await rows<Record<string, unknown>>(
      db,
      sql`SELECT t.holder_agent_id, t.deleted_at, t.model, b.name AS brand FROM terminals t
            JOIN brands b ON b.id = t.brand_id WHERE t.sn = ${sn}`,
    )
  )[0]!;
const auditOf = async (action: string) =>
  (await adminCall<Page<AuditRecord>>(app, ops, 'GET', `/audit?action=${action}`)).body.data.rows;

describe('terminal corrections from the console', () => {
  it('reclaims after a dry run that counts and changes nothing; audited; content staff get 403', async () => {
    const sns = await stock(2);
    const dry = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'reclaim',
      sns,
      reason: '故障机',
      dryRun: true,
    });
    expect(dry.body).toMatchObject({
      code: 200,
      data: { count: 2, operationId: null, dryRun: true },
    });
    expect(Number((await terminal(sns[0]!)).holder_agent_id)).toBe(demo.child.id);
    expect(await auditOf('terminal.reclaim')).toHaveLength(0);

    const denied = await adminCall(app, content, 'POST', '/terminals/batch', {
      action: 'reclaim',
      sns,
      reason: '故障机',
    });
    expect(denied.status).toBe(403);

    const done = await adminCall<{ count: number; operationId: number }>(
      app,
      ops,
      'POST',
      '/terminals/batch',
      { action: 'reclaim', sns, reason: '故障机' },
    );
    expect(done.body).toMatchObject({ code: 200, data: { count: 2, dryRun: false } });
    expect((await terminal(sns[0]!)).holder_agent_id).toBeNull();
    const [record] = await auditOf('terminal.reclaim');
    expect(record).toMatchObject({ targetId: String(done.body.data.operationId) });

    // The agent whose stock they were sees the reclaim in its own records at once.
    const list = await adminCall<Page<AdminOperation>>(
      app,
      ops,
      'GET',
      `/terminals/operations?type=${TERMINAL_OPERATE_TYPE.RECLAIM}&sn=${sns[0]}`,
    );
    expect(list.body.data.rows).toHaveLength(1);
    expect(list.body.data.rows[0]).toMatchObject({
      id: done.body.data.operationId,
      operatorName: '平台',
      fromAgentName: demo.child.name,
      count: 2,
      reason: '故障机',
    });
    // The SNs it moved read as the app shows them: runs of consecutive numbers, not first…last.
    expect(list.body.data.rows[0]!.snRuns).toEqual(snRuns(sns));
    expect(list.body.data.rows[0]!.runCount).toBe(snRuns(sns).length);
  });

  it('refuses the whole batch when one terminal is bound, naming it, and needs a reason to reclaim', async () => {
    const [free] = await stock(1);
    const [bound] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE bind_status = 1 AND deleted_at IS NULL LIMIT 1`,
    );
    const refused = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'delete',
      sns: [free, bound!.sn],
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'sns' });
    expect(refused.body.msg).toContain(bound!.sn);
    expect((await terminal(free!)).deleted_at).toBeNull();

    const noReason = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'reclaim',
      sns: [free],
    });
    expect(noReason.body).toMatchObject({ code: 400, field: 'reason' });
    const unknown = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'delete',
      sns: ['NOSUCHSN0001'],
    });
    expect(unknown.body.code).toBe(404);
    expect(unknown.body.msg).toContain('NOSUCHSN0001');
  });

  it('deletes and corrects the brand of unbound stock, each recorded', async () => {
    const [gone, fixed] = await stock(2);
    const del = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'delete',
      sns: [gone],
      reason: '报废',
    });
    expect(del.body.code, del.body.msg).toBe(200);
    expect((await terminal(gone!)).deleted_at).not.toBeNull();

    const [brand] = await rows<{ id: unknown; name: string; model: string }>(
      db,
      sql`SELECT id, name, models[1] AS model FROM brands WHERE name = '新大陆'`,
    );
    const noModel = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'brand',
      sns: [fixed],
      brandId: Number(brand!.id),
    });
    expect(noModel.body).toMatchObject({ code: 400, field: 'model' });
    const changed = await adminCall(app, ops, 'POST', '/terminals/batch', {
      action: 'brand',
      sns: [fixed],
      brandId: Number(brand!.id),
      model: brand!.model,
    });
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect(await terminal(fixed!)).toMatchObject({ brand: '新大陆', model: brand!.model });
    const recorded = await adminCall<Page<AdminOperation>>(
      app,
      ops,
      'GET',
      `/terminals/operations?sn=${fixed}`,
    );
    expect(recorded.body.data.rows.map((r) => r.type)).toContain(7);
  });

  it('lists every operation newest first, filtered by agent, status and day, and exports CSV', async () => {
    const all = await adminCall<Page<AdminOperation>>(app, ops, 'GET', '/terminals/operations');
    const ids = all.body.data.rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const mine = await adminCall<Page<AdminOperation>>(
      app,
      ops,
      'GET',
      `/terminals/operations?agent=${DEMO_ACCOUNTS.child.mobile}&pageSize=50`,
    );
    expect(mine.body.data.rows.length).toBeGreaterThan(0);
    for (const r of mine.body.data.rows)
      expect([r.fromAgentName, r.toAgentName]).toContain(demo.child.name);

    const pending = await adminCall<Page<AdminOperation>>(
      app,
      ops,
      'GET',
      '/terminals/operations?status=0',
    );
    for (const r of pending.body.data.rows) expect(r.status).toBe(0);

    const future = await adminCall<Page<AdminOperation>>(
      app,
      ops,
      'GET',
      '/terminals/operations?from=2099-01-01',
    );
    expect(future.body.data.rows).toEqual([]);

    const nobody = await adminCall(app, ops, 'GET', '/terminals/operations?agent=19999999999');
    expect(nobody.body).toMatchObject({ code: 400, field: 'agent' });

    const csv = await adminCall(app, ops, 'GET', '/terminals/operations?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
  });
});

describe('flagged notifications', () => {
  const chain = [demo.top, demo.child].map((a) => ({
    id: a.id,
    path: a.path,
    topId: a.topId,
    parentId: a.parentId,
  }));
  let seq = 0;
  const notify = async (over: Record<string, unknown>) =>
    (await notifyTransaction(ctx, { txnId: `ATTACH-${++seq}`, amountFen: 300_000, ...over })).data;
  const settled = async (id: number) =>
    (await rows(db, sql`SELECT 1 FROM settlements WHERE txn_id = ${id}`)).length === 1;

  it('attaches a payment for an unknown SN to the terminal it belongs to, which then settles', async () => {
    const fx = await createSettlementFixture(db, chain, { tag: 'AT', terminals: 1 });
    const typo = await notify({ sn: 'TYPO00001' });
    expect(typo.flag).toBe('unknown_terminal');
    const flagged = await adminCall<Page<AdminTxn>>(
      app,
      finance,
      'GET',
      '/transactions?flagged=true',
    );
    expect(flagged.body.data.rows.map((r) => r.id)).toContain(typo.id);

    // Still unknown: refused on the SN, nothing changes.
    const stillUnknown = await adminCall(app, finance, 'POST', '/transactions/attach', {
      id: typo.id,
    });
    expect(stillUnknown.body).toMatchObject({ code: 400, field: 'sn' });
    expect(stillUnknown.body.msg).toContain('TYPO00001');
    expect(ops).toBeTruthy();
    expect(
      (await adminCall(app, content, 'POST', '/transactions/attach', { id: typo.id })).status,
    ).toBe(403);

    const attached = await adminCall(app, finance, 'POST', '/transactions/attach', {
      id: typo.id,
      sn: fx.sns[0],
    });
    expect(attached.body).toMatchObject({ code: 200, data: { id: typo.id, queued: true } });
    await runSettlement(db);
    expect(await settled(typo.id)).toBe(true);
    const [row] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT flag, merchant_id, top_id FROM transactions WHERE id = ${typo.id}`,
    );
    expect(row!.flag).toBeNull();
    expect(Number(row!.merchant_id)).toBe(fx.merchantId);
    expect(Number(row!.top_id)).toBe(demo.top.id);
    expect(await auditOf('transaction.attach')).toHaveLength(1);

    // Once attached it is no longer flagged, so a second attach is refused.
    const again = await adminCall(app, finance, 'POST', '/transactions/attach', { id: typo.id });
    expect(again.body).toMatchObject({ code: 400, field: 'id' });
  });

  it('refuses to attach to a terminal bound to no merchant, and a refund before its original settles', async () => {
    const [free] = await stock(1);
    const unbound = await notify({ sn: free });
    expect(unbound.flag).toBe('unbound_terminal');
    const refused = await adminCall(app, finance, 'POST', '/transactions/attach', {
      id: unbound.id,
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'sn' });
    expect(await settled(unbound.id)).toBe(false);

    const fx = await createSettlementFixture(db, chain, { tag: 'AR', terminals: 1 });
    const pay = await notify({ sn: 'LOST00001', txnId: 'ATTACH-PAY' });
    const refund = await notify({
      sn: 'LOST00001',
      txnId: 'ATTACH-REFUND',
      kind: 2,
      origTxnId: 'ATTACH-PAY',
      amountFen: 100_000,
    });
    expect(refund.flag).toBe('unknown_terminal');
    const early = await adminCall(app, finance, 'POST', '/transactions/attach', { id: refund.id });
    expect(early.body).toMatchObject({ code: 400, field: 'id' });
    await adminCall(app, finance, 'POST', '/transactions/attach', { id: pay.id, sn: fx.sns[0] });
    await runSettlement(db);
    const late = await adminCall(app, finance, 'POST', '/transactions/attach', { id: refund.id });
    expect(late.body.code, late.body.msg).toBe(200);
    await runSettlement(db);
    expect(await settled(refund.id)).toBe(true);
  });
});

describe('identification review', () => {
  const first17 = '11010519900307123';
  const idCard = first17 + idCardCheckDigit(first17)!;

  it('queues what the verification refused; a rejection reaches the agent, a resubmission returns, an approval verifies', async () => {
    const agent = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const get = (url: string) =>
      app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(agent) });
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/prod-api${url}`, payload, headers: bearer(agent) });
    const [m] = (
      await get(
        `/api/merchant/list?agentId=${demo.grandchild.id}&condition=notIdentified&pageSize=1`,
      )
    ).json().data.rows as { id: number; name: string }[];
    const front = (await uploadMerchantFile(app, agent, m!.id, 'id_front', PNG)).json().data.fileId;
    const back = (await uploadMerchantFile(app, agent, m!.id, 'id_back', PNG)).json().data.fileId;
    const submit = () =>
      post('/api/merchant/identify', {
        id: m!.id,
        legalName: '某某某',
        idCard,
        frontFileId: front,
        backFileId: back,
      });
    const attention = async () =>
      (
        await adminCall<{ attention: { identificationReviews: number } }>(
          app,
          ops,
          'GET',
          '/dashboard',
        )
      ).body.data.attention.identificationReviews;
    const waitingBefore = await attention();
    expect((await submit()).json()).toMatchObject({ data: { status: 2 } });
    expect(await attention()).toBe(waitingBefore + 1);

    const queue = async (review = 'pending') =>
      (
        await adminCall<Page<AdminIdentification>>(
          app,
          ops,
          'GET',
          `/identifications?review=${review}&pageSize=200`,
        )
      ).body.data.rows;
    const queued = (await queue()).find((r) => r.id === m!.id);
    expect(queued).toMatchObject({ frontFileId: front, backFileId: back, reviewedAt: null });
    expect(queued!.idCardMasked).toBe(`110105********${idCard.slice(-4)}`);

    const noReason = await adminCall(app, ops, 'POST', '/identifications/decide', {
      id: m!.id,
      approve: false,
    });
    expect(noReason.body).toMatchObject({ code: 400, field: 'reason' });
    const rejected = await adminCall(app, ops, 'POST', '/identifications/decide', {
      id: m!.id,
      approve: false,
      reason: '身份证照片模糊',
    });
    expect(rejected.body.code, rejected.body.msg).toBe(200);
    expect(await attention()).toBe(waitingBefore);
    expect((await queue()).map((r) => r.id)).not.toContain(m!.id);
    expect((await queue('rejected')).map((r) => r.id)).toContain(m!.id);
    const seen = (await get(`/api/merchant/info?id=${m!.id}`)).json().data.identification;
    expect(seen).toMatchObject({ status: 2, reason: '身份证照片模糊' });
    const twice = await adminCall(app, ops, 'POST', '/identifications/decide', {
      id: m!.id,
      approve: true,
    });
    expect(twice.body).toMatchObject({ code: 400, field: 'id' });

    expect((await submit()).json()).toMatchObject({ data: { status: 2 } });
    expect((await queue()).map((r) => r.id)).toContain(m!.id);
    const approved = await adminCall(app, ops, 'POST', '/identifications/decide', {
      id: m!.id,
      approve: true,
    });
    expect(approved.body.code, approved.body.msg).toBe(200);
    expect((await get(`/api/merchant/info?id=${m!.id}`)).json().data.identification).toMatchObject({
      status: 1,
    });
    expect((await adminCall(app, finance, 'GET', '/identifications')).status).toBe(403);
  });
});

describe('dictionaries', () => {
  it('shows operators every dictionary exactly as the app receives it', async () => {
    const all = await adminCall<
      { type: string; rows: { dictValue: string; dictLabel: string }[] }[]
    >(app, content, 'GET', '/dicts');
    expect(all.body.code).toBe(200);
    const payTypes = all.body.data.find((d) => d.type === 'order_pay_type')!;
    const agent = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const served = await app.inject({
      method: 'GET',
      url: '/prod-api/system/dict/data/type/order_pay_type',
      headers: bearer(agent),
    });
    expect(served.json().data).toEqual(payTypes.rows);
    expect(payTypes.rows.length).toBeGreaterThan(0);
  });
});
